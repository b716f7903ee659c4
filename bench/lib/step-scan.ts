/**
 * A small, independent STEP reader for the generator's tests: splits the DATA section into
 * instances and their parameters. Deliberately separate from @plumbline/ifc, so the tests check
 * the generator's output with code that shares nothing with the engine under benchmark.
 */

export type Param =
  | { readonly kind: 'null' }
  | { readonly kind: 'derived' }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'enum'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number; readonly raw: string }
  | { readonly kind: 'ref'; readonly id: number }
  | { readonly kind: 'typed'; readonly type: string; readonly value: Param }
  | { readonly kind: 'list'; readonly items: readonly Param[] };

export interface Instance {
  readonly id: number;
  readonly cls: string;
  readonly params: readonly Param[];
}

/** Parses every `#id=CLASS(...);` line of the DATA section (one instance per line, as the generator writes). */
export function parseInstances(text: string): Map<number, Instance> {
  const data = text.slice(text.indexOf('DATA;') + 5, text.lastIndexOf('ENDSEC;'));
  const instances = new Map<number, Instance>();
  for (const line of data.split('\n')) {
    if (!line.startsWith('#')) continue;
    const eq = line.indexOf('=');
    const open = line.indexOf('(', eq);
    const id = Number(line.slice(1, eq));
    const cls = line.slice(eq + 1, open);
    const parser = new ParamParser(line, open);
    const params = parser.list();
    if (line.slice(parser.pos) !== ';') throw new Error(`#${id}: trailing text "${line.slice(parser.pos)}"`);
    instances.set(id, { id, cls, params });
  }
  return instances;
}

class ParamParser {
  constructor(
    private readonly s: string,
    public pos: number,
  ) {}

  list(): Param[] {
    if (this.s[this.pos] !== '(') throw new Error(`expected ( at ${this.pos} in ${this.s}`);
    this.pos++;
    const items: Param[] = [];
    if (this.s[this.pos] === ')') {
      this.pos++;
      return items;
    }
    for (;;) {
      items.push(this.param());
      const c = this.s[this.pos++];
      if (c === ')') return items;
      if (c !== ',') throw new Error(`expected , or ) at ${this.pos - 1} in ${this.s}`);
    }
  }

  private param(): Param {
    const c = this.s[this.pos]!;
    if (c === '$') return this.skip(1, { kind: 'null' });
    if (c === '*') return this.skip(1, { kind: 'derived' });
    if (c === '(') return { kind: 'list', items: this.list() };
    if (c === "'") return this.string();
    if (c === '.') {
      const end = this.s.indexOf('.', this.pos + 1);
      const value = this.s.slice(this.pos + 1, end);
      this.pos = end + 1;
      return { kind: 'enum', value };
    }
    if (c === '#') {
      const m = /^#(\d+)/.exec(this.s.slice(this.pos))!;
      this.pos += m[0].length;
      return { kind: 'ref', id: Number(m[1]) };
    }
    const num = /^[-+]?\d+(\.\d*)?([eE][-+]?\d+)?/.exec(this.s.slice(this.pos));
    if (num) {
      this.pos += num[0].length;
      return { kind: 'number', value: Number(num[0]), raw: num[0] };
    }
    const typed = /^[A-Z0-9_]+/.exec(this.s.slice(this.pos));
    if (typed) {
      this.pos += typed[0].length;
      const inner = this.list();
      if (inner.length !== 1) throw new Error(`typed value ${typed[0]} with ${inner.length} values`);
      return { kind: 'typed', type: typed[0], value: inner[0]! };
    }
    throw new Error(`unexpected "${c}" at ${this.pos} in ${this.s}`);
  }

  private string(): Param {
    let out = '';
    let i = this.pos + 1;
    for (;;) {
      const c = this.s[i]!;
      if (c === "'") {
        if (this.s[i + 1] === "'") {
          out += "'";
          i += 2;
          continue;
        }
        break;
      }
      if (c === '\\' && this.s.startsWith('\\X2\\', i)) {
        const end = this.s.indexOf('\\X0\\', i);
        const hex = this.s.slice(i + 4, end);
        for (let k = 0; k < hex.length; k += 4)
          out += String.fromCharCode(Number.parseInt(hex.slice(k, k + 4), 16));
        i = end + 4;
        continue;
      }
      if (c === '\\' && this.s[i + 1] === '\\') {
        out += '\\';
        i += 2;
        continue;
      }
      out += c;
      i++;
    }
    this.pos = i + 1;
    return { kind: 'string', value: out };
  }

  private skip(n: number, p: Param): Param {
    this.pos += n;
    return p;
  }
}

/** The string value of a parameter (also inside a typed value), or null. */
export function text(p: Param | undefined): string | null {
  if (!p) return null;
  if (p.kind === 'string' || p.kind === 'enum') return p.value;
  if (p.kind === 'typed') return text(p.value);
  return null;
}

/** Referenced ids in a parameter list, recursively. */
export function referencesOf(params: readonly Param[], out: number[] = []): number[] {
  for (const p of params) {
    if (p.kind === 'ref') out.push(p.id);
    else if (p.kind === 'list') referencesOf(p.items, out);
    else if (p.kind === 'typed') referencesOf([p.value], out);
  }
  return out;
}

/**
 * Each object's property sets (occurrence sets through IfcRelDefinesByProperties, then the type's
 * HasPropertySets underneath, the occurrence winning), as pset name → property name → parameter.
 */
export function propertiesOf(instances: Map<number, Instance>): Map<number, Map<string, Map<string, Param>>> {
  const setsOf = (setId: number): [string, Map<string, Param>] => {
    const set = instances.get(setId)!;
    const props = new Map<string, Param>();
    const list = set.params[set.cls === 'IFCELEMENTQUANTITY' ? 5 : 4]!;
    for (const ref of referencesOf([list])) {
      const prop = instances.get(ref)!;
      const value = prop.cls.startsWith('IFCQUANTITY') ? prop.params[3] : prop.params[2];
      props.set(text(prop.params[0])!, value ?? { kind: 'null' });
    }
    return [text(set.params[2])!, props];
  };
  const result = new Map<number, Map<string, Map<string, Param>>>();
  const merge = (objectId: number, setId: number, occurrenceWins: boolean) => {
    const [name, props] = setsOf(setId);
    const sets = result.get(objectId) ?? new Map<string, Map<string, Param>>();
    const existing = sets.get(name) ?? new Map<string, Param>();
    for (const [k, v] of props) if (occurrenceWins || !existing.has(k)) existing.set(k, v);
    sets.set(name, existing);
    result.set(objectId, sets);
  };
  const typeOf = new Map<number, number>();
  for (const inst of instances.values()) {
    if (inst.cls === 'IFCRELDEFINESBYPROPERTIES') {
      for (const obj of referencesOf([inst.params[4]!]))
        merge(obj, (inst.params[5] as { id: number }).id, true);
    } else if (inst.cls === 'IFCRELDEFINESBYTYPE') {
      for (const obj of referencesOf([inst.params[4]!]))
        typeOf.set(obj, (inst.params[5] as { id: number }).id);
    }
  }
  for (const [obj, typeId] of typeOf) {
    const type = instances.get(typeId)!;
    for (const setId of referencesOf([type.params[5]!])) merge(obj, setId, false);
  }
  return result;
}
