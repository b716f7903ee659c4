// User-visible text written in the web app's code instead of its catalogues (issue 31, decision 0232):
// JSX text, string literals in JSX, the attributes a person reads or hears (aria-label, title,
// placeholder, alt, label…) and toast messages. Biome has no such rule; this reads the TypeScript
// syntax tree. `npm run lint:i18n` prints the findings; scripts/i18n-literals.test.ts holds them at
// zero outside the allowlist of files not extracted yet (scripts/i18n-literals-allowlist.json).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export interface Finding {
  file: string;
  line: number;
  kind: 'jsx-text' | 'jsx-string' | 'attribute' | 'toast';
  text: string;
}

/** Attributes and props whose string a person reads or a screen reader says. */
const VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
  'label',
  'description',
  'subtitle',
  'heading',
  'hint',
  'message',
  'tooltip',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
]);

const TOAST_METHODS = new Set(['success', 'error', 'info', 'warning', 'message', 'loading']);
/** Options of a toast that are shown. */
const TOAST_TEXT_OPTIONS = new Set(['description', 'title']);

/** Names that stay as they are in every language: the product's and the standards'. */
const NOT_TRANSLATED = new Set([
  'Plumbline',
  'IFC',
  'IDS',
  'BCF',
  'PDF',
  'Excel',
  'CSV',
  'XLSX',
  'JSON',
  'GlobalId',
  'buildingSMART',
  'Autodesk',
  'ACC',
  'Stripe',
]);

/** Words: text with a letter in it. Punctuation, numbers and symbols alone ("·", "—", "%", "2×") are not. */
const HAS_WORD = /\p{L}{2,}/u;

function isToastCall(node: ts.CallExpression): boolean {
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'toast';
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'toast' &&
    TOAST_METHODS.has(callee.name.text)
  );
}

/** The literal text of a string or template (its static parts), or null for other expressions. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  return null;
}

/** String literals an expression may evaluate to: `a ? 'X' : 'Y'`, `x ?? 'Fallback'`, `'A' + b`. */
function literalsOf(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return literalsOf(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalsOf(node.whenTrue), ...literalsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (
      op === ts.SyntaxKind.QuestionQuestionToken ||
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.PlusToken
    ) {
      return [...literalsOf(node.left), ...literalsOf(node.right)];
    }
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return literalsOf(node.right);
    return [];
  }
  return literalText(node) === null ? [] : [node];
}

export function findLiterals(fileName: string, source: string): Finding[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const findings: Finding[] = [];
  const add = (node: ts.Node, findingKind: Finding['kind'], text: string) => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (!HAS_WORD.test(trimmed) || NOT_TRANSLATED.has(trimmed)) return;
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file: fileName, line: line + 1, kind: findingKind, text: trimmed });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      add(node, 'jsx-text', node.text);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      for (const literal of literalsOf(node.expression))
        add(literal, 'jsx-string', literalText(literal) ?? '');
    } else if (ts.isJsxAttribute(node) && VISIBLE_PROPS.has(node.name.getText(sourceFile))) {
      const value = node.initializer;
      if (value && ts.isStringLiteral(value)) add(value, 'attribute', value.text);
      else if (value && ts.isJsxExpression(value) && value.expression) {
        for (const literal of literalsOf(value.expression))
          add(literal, 'attribute', literalText(literal) ?? '');
      }
    } else if (ts.isCallExpression(node) && isToastCall(node)) {
      const [message, options] = node.arguments;
      if (message)
        for (const literal of literalsOf(message)) add(literal, 'toast', literalText(literal) ?? '');
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const property of options.properties) {
          if (
            ts.isPropertyAssignment(property) &&
            ts.isIdentifier(property.name) &&
            TOAST_TEXT_OPTIONS.has(property.name.text)
          ) {
            for (const literal of literalsOf(property.initializer)) {
              add(literal, 'toast', literalText(literal) ?? '');
            }
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const webSrc = join(repoRoot, 'apps/web/src');

/** The web app's source files the check reads: every .ts and .tsx but tests and generated code. */
export function webSourceFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'generated' && name !== 'testing') walk(path);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts')) {
        files.push(relative(repoRoot, path).split(sep).join('/'));
      }
    }
  };
  walk(webSrc);
  return files.sort();
}

/** Findings per file (repository-relative paths), files without any left out. */
export function scanWeb(): Map<string, Finding[]> {
  const byFile = new Map<string, Finding[]>();
  for (const file of webSourceFiles()) {
    const findings = findLiterals(file, readFileSync(join(repoRoot, file), 'utf8'));
    if (findings.length > 0) byFile.set(file, findings);
  }
  return byFile;
}

export function readAllowlist(): string[] {
  const path = join(repoRoot, 'scripts/i18n-literals-allowlist.json');
  return (JSON.parse(readFileSync(path, 'utf8')) as { files: string[] }).files;
}

// `npm run lint:i18n`: the findings outside the allowlist fail; `--all` prints every file's.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const all = process.argv.includes('--all');
  const allowed = new Set(readAllowlist());
  let failing = 0;
  let total = 0;
  for (const [file, findings] of scanWeb()) {
    total += findings.length;
    if (allowed.has(file) && !all) continue;
    if (!allowed.has(file)) failing += findings.length;
    for (const f of findings) console.log(`${f.file}:${f.line} ${f.kind}: ${f.text}`);
  }
  console.log(
    `${total} literal(s) in the web app; ${allowed.size} file(s) on the allowlist; ${failing} outside it.`,
  );
  process.exit(failing > 0 ? 1 : 0);
}
