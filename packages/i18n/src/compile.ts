/**
 * Catalogue source (ICU MessageFormat text, as translators write it) to the compiled form translate.ts
 * renders: a message without arguments becomes its text, any other its syntax tree. For Node (server,
 * CLI) and the build: the browser gets catalogues compiled by the web's Vite plugin and never loads
 * the parser.
 */
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import type { CompiledCatalogue, CompiledMessage } from './translate';

/** A catalogue file as written: id → ICU message. */
export type SourceCatalogue = Readonly<Record<string, string>>;

/** Parses one message; throws with the id in the message when its syntax is broken. */
export function compileMessage(source: string, id = '?'): CompiledMessage {
  let ast: MessageFormatElement[];
  try {
    // Without locations: smaller trees, and nothing reads them after the checks.
    ast = parse(source, { shouldParseSkeletons: true });
  } catch (error) {
    throw new Error(`message ${id}: ${(error as Error).message}`);
  }
  if (ast.length === 0) return '';
  const [only] = ast;
  if (ast.length === 1 && only?.type === TYPE.literal) return only.value;
  return ast;
}

export function compileCatalogue(source: SourceCatalogue): CompiledCatalogue {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [id, message] of Object.entries(source)) compiled[id] = compileMessage(message, id);
  return compiled;
}

/**
 * A catalogue per locale compiled on first use (server and CLI: a process that never renders German
 * never parses it).
 */
export function lazyCatalogues<L extends string>(
  sources: Readonly<Record<L, SourceCatalogue>>,
): (locale: L) => CompiledCatalogue {
  const compiled = new Map<L, CompiledCatalogue>();
  return (locale) => {
    let catalogue = compiled.get(locale);
    if (!catalogue) {
      catalogue = compileCatalogue(sources[locale]);
      compiled.set(locale, catalogue);
    }
    return catalogue;
  };
}
