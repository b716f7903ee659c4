/**
 * XSD validation of many documents per xmllint run. Parsing the schemas (ids.xsd and the 60 KB
 * XMLSchema.xsd it imports) is most of xmllint's cost, so requests that arrive together (a server
 * validating uploads, the conformance runner) share one run: each is written under its own name and
 * xmllint reports per file. A lone request runs alone.
 */
import { runXmllint, type XmllintFile } from './xmllint-pool';

export interface XsdError {
  readonly line: number | null;
  readonly message: string;
}

export interface XsdOutcome {
  readonly valid: boolean;
  readonly errors: readonly XsdError[];
}

interface Request {
  readonly text: string;
  resolve(outcome: XsdOutcome): void;
  reject(err: Error): void;
}

const BATCH = 64;
const PAGE = 65536;

export class BatchXsdValidator {
  private queue: Request[] = [];
  private scheduled = false;

  /**
   * @param schemaFiles the main schema first, then its imports under the names it imports them by.
   */
  constructor(private readonly schemaFiles: () => Promise<readonly XmllintFile[]>) {}

  validate(text: string): Promise<XsdOutcome> {
    return new Promise<XsdOutcome>((resolve, reject) => {
      this.queue.push({ text, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, BATCH);
      this.run(batch).catch((err: unknown) => {
        // One bad document (e.g. out of memory) must not fail the others: retry them one by one.
        if (batch.length > 1) {
          for (const r of batch)
            this.run([r]).catch((e: unknown) => r.reject(e instanceof Error ? e : new Error(String(e))));
          return;
        }
        for (const r of batch) r.reject(err instanceof Error ? err : new Error(String(err)));
      });
    }
  }

  private async run(batch: readonly Request[]): Promise<void> {
    const schemas = await this.schemaFiles();
    const names = batch.map((_, i) => `doc${i}.ids`);
    const inputs = batch.map((r, i) => ({ fileName: names[i] as string, contents: r.text }));
    const bytes = batch.reduce((n, r) => n + r.text.length, 0);
    const maxMemory = Math.min(65536, 1024 + Math.ceil((bytes * 24) / PAGE));
    const main = schemas[0]?.fileName ?? 'ids.xsd';
    const result = await runXmllint({
      files: [...schemas, ...inputs],
      args: ['--schema', main, '--noout', ...names],
      initialMemory: 256,
      maxMemory,
    });
    if (result.exitCode !== 0 && result.exitCode !== 1 && result.exitCode !== 3 && result.exitCode !== 4) {
      throw new Error(`xmllint failed (exit code ${result.exitCode}): ${result.stderr.slice(0, 500)}`);
    }
    const lines = result.stderr.split('\n');
    batch.forEach((request, i) => {
      const name = names[i] as string;
      const errors: XsdError[] = [];
      let valid = false;
      for (const line of lines) {
        if (line === `${name} validates`) valid = true;
        else if (line.startsWith(`${name}:`)) {
          const m = /^[^:]+:(\d+): (.*)$/.exec(line);
          errors.push(
            m
              ? { line: Number(m[1]), message: m[2] as string }
              : { line: null, message: line.slice(name.length + 1) },
          );
        }
      }
      if (!valid && errors.length === 0)
        errors.push({ line: null, message: 'The document does not validate against the IDS schema.' });
      request.resolve({ valid, errors: valid ? [] : errors });
    });
  }
}
