/**
 * A STEP file held as its lines, for making a model's next version by known edits (derive.ts). It
 * reads the file with its own small parser (one instance per line, as the generator and most
 * exporters write), independent of the engine's reader, so tests of the engine can derive their
 * expectations from the edits. Lines are parsed when asked; relationships are indexed by the
 * instances they name, the only lines that point at elements.
 */

const LINE = /^#(\d+)\s*=\s*([A-Z0-9_]+)\s*\((.*)\)\s*;\s*$/;

export interface StepLine {
  readonly id: number;
  readonly className: string;
  /** The instance's parameters as written, split at the top level (nested lists kept as text). */
  readonly params: string[];
}

/** Splits `text` at commas outside strings and parentheses. */
export function splitParams(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inString = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "'") {
        if (text[i + 1] === "'") i++;
        else inString = false;
      }
      continue;
    }
    if (c === "'") inString = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  if (text.length > 0) out.push(text.slice(start));
  return out;
}

/** The items of a STEP list parameter `(a,b,…)`, or null when it is not a list. */
export function listItems(param: string): string[] | null {
  const t = param.trim();
  if (!t.startsWith('(') || !t.endsWith(')')) return null;
  return splitParams(t.slice(1, -1));
}

export function refId(param: string): number | null {
  const m = /^\s*#(\d+)\s*$/.exec(param);
  return m ? Number(m[1]) : null;
}

/** A STEP string parameter's text ('' escapes only), or null. */
export function stringValue(param: string): string | null {
  const t = param.trim();
  if (!t.startsWith("'") || !t.endsWith("'")) return null;
  return t.slice(1, -1).replace(/''/g, "'");
}

export function stepString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

export class StepFile {
  private readonly lines: (string | null)[];
  private readonly lineOf = new Map<number, number>();
  private readonly relationsNaming = new Map<number, number[]>();
  /** Instances added, written at the end of the data section; their slots follow the file's lines. */
  private readonly added: (string | null)[] = [];
  private nextId = 0;
  private readonly dataEnd: number;

  constructor(text: string) {
    this.lines = text.split('\n');
    this.dataEnd = this.lines.length;
    for (let i = 0; i < this.lines.length; i++) {
      const line = this.lines[i] as string;
      if (line.startsWith('ENDSEC;') && i > 5 && this.lineOf.size > 0) this.dataEnd = i;
      if (!line.startsWith('#')) continue;
      const eq = line.indexOf('=');
      const id = Number(line.slice(1, eq));
      this.lineOf.set(id, i);
      if (id >= this.nextId) this.nextId = id + 1;
      if (line.startsWith('IFCREL', eq + 1)) {
        for (const m of line.slice(eq).matchAll(/#(\d+)/g)) push(this.relationsNaming, Number(m[1]), i);
      }
    }
  }

  /** Parses the instance `id`, or null when there is none. */
  get(id: number): StepLine | null {
    const index = this.lineOf.get(id);
    const line = index === undefined ? null : this.lineAt(index);
    if (!line) return null;
    const m = LINE.exec(line);
    if (!m) throw new Error(`cannot parse line of #${id}`);
    return { id, className: m[2] as string, params: splitParams(m[3] as string) };
  }

  /** Ids of every instance of exactly this class (upper case), in file order. */
  idsOfClass(className: string): number[] {
    const prefix = `=${className}(`;
    const out: number[] = [];
    for (const [id, index] of this.lineOf) {
      if (this.lineAt(index)?.includes(prefix)) out.push(id);
    }
    return out.sort((a, b) => a - b);
  }

  /** The relationship instances that name `id` anywhere in their parameters. */
  relationsOf(id: number): StepLine[] {
    const out: StepLine[] = [];
    for (const index of this.relationsNaming.get(id) ?? []) {
      const line = this.lineAt(index);
      if (!line) continue;
      const relId = Number(line.slice(1, line.indexOf('=')));
      const parsed = this.get(relId);
      if (parsed?.params.some((p) => refId(p) === id || listItems(p)?.some((i) => refId(i) === id)))
        out.push(parsed);
    }
    return out;
  }

  /** Replaces an instance's parameters. */
  set(line: StepLine): void {
    const index = this.lineOf.get(line.id);
    if (index === undefined) throw new Error(`no instance #${line.id}`);
    this.setLineAt(index, `#${line.id}=${line.className}(${line.params.join(',')});`);
  }

  /** Adds an instance (written at the end of the data section); returns its id. */
  add(className: string, params: readonly string[]): number {
    const id = this.nextId++;
    const text = `#${id}=${className}(${params.join(',')});`;
    const slot = this.lines.length + this.added.length;
    this.added.push(text);
    this.lineOf.set(id, slot);
    if (className.startsWith('IFCREL'))
      for (const m of text.slice(text.indexOf('=')).matchAll(/#(\d+)/g))
        push(this.relationsNaming, Number(m[1]), slot);
    return id;
  }

  /** Removes an instance's line (references to it are the caller's to remove). */
  remove(id: number): void {
    const index = this.lineOf.get(id);
    if (index === undefined) return;
    this.setLineAt(index, null);
    this.lineOf.delete(id);
  }

  private lineAt(slot: number): string | null {
    return slot < this.lines.length
      ? (this.lines[slot] ?? null)
      : (this.added[slot - this.lines.length] ?? null);
  }

  private setLineAt(slot: number, text: string | null): void {
    if (slot < this.lines.length) this.lines[slot] = text;
    else this.added[slot - this.lines.length] = text;
  }

  /** The file with its edits, the added instances last in the data section. */
  text(): string {
    const kept = (lines: readonly (string | null)[]) => lines.filter((line): line is string => line !== null);
    return [
      ...kept(this.lines.slice(0, this.dataEnd)),
      ...kept(this.added),
      ...kept(this.lines.slice(this.dataEnd)),
    ].join('\n');
  }
}

function push(map: Map<number, number[]>, key: number, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
