/**
 * A deliberately simple STEP reader for tests: the raw entity list of a file (id, class, parameters
 * as nested arrays of tokens), written without the engine's reader, so expected findings are
 * computed by another path than the code under test.
 */
import { readFileSync } from 'node:fs';

export type RawValue =
  | string
  | number
  | { ref: number }
  | { typed: string; value: RawValue }
  | RawValue[]
  | null;

export interface RawEntity {
  readonly id: number;
  readonly cls: string;
  readonly params: RawValue[];
}

export function rawEntities(path: string): Map<number, RawEntity> {
  return rawEntitiesOf(readFileSync(path, 'latin1'));
}

export function rawEntitiesOf(text: string): Map<number, RawEntity> {
  const out = new Map<number, RawEntity>();
  const data = text.slice(text.indexOf('DATA;') + 5);
  let i = 0;
  const n = data.length;
  const skip = () => {
    while (i < n) {
      if (/\s/.test(data[i]!)) i++;
      else if (data.startsWith('/*', i)) i = data.indexOf('*/', i) + 2;
      else break;
    }
  };
  const value = (): RawValue => {
    skip();
    const c = data[i]!;
    if (c === "'") {
      let s = '';
      for (i++; ; i++) {
        if (data[i] === "'" && data[i + 1] === "'") {
          s += "'";
          i++;
        } else if (data[i] === "'") break;
        else s += data[i];
      }
      i++;
      return s;
    }
    if (c === '(') {
      i++;
      const list: RawValue[] = [];
      skip();
      if (data[i] === ')') {
        i++;
        return list;
      }
      for (;;) {
        list.push(value());
        skip();
        if (data[i] === ',') i++;
        else {
          i++; // ')'
          return list;
        }
      }
    }
    if (c === '#') {
      const m = /^#(\d+)/.exec(data.slice(i, i + 20))!;
      i += m[0].length;
      return { ref: Number(m[1]) };
    }
    if (c === '$' || c === '*') {
      i++;
      return null;
    }
    if (c === '.') {
      const end = data.indexOf('.', i + 1);
      const word = data.slice(i + 1, end);
      i = end + 1;
      return `.${word}.`;
    }
    const m = /^[A-Z][A-Z0-9_]*/.exec(data.slice(i, i + 80));
    if (m) {
      i += m[0].length;
      skip();
      i++; // '('
      const inner = value();
      skip();
      i++; // ')'
      return { typed: m[0], value: inner };
    }
    const num = /^[-+0-9.Ee]+/.exec(data.slice(i, i + 40))![0];
    i += num.length;
    return Number(num);
  };
  for (;;) {
    skip();
    if (i >= n || data.startsWith('ENDSEC', i)) break;
    const head = /^#(\d+)\s*=\s*([A-Z0-9_]+)\s*/.exec(data.slice(i, i + 120));
    if (!head) throw new Error(`raw-step: cannot read at ${data.slice(i, i + 40)}`);
    i += head[0].length;
    const params = value() as RawValue[];
    skip();
    i++; // ';'
    out.set(Number(head[1]), { id: Number(head[1]), cls: head[2]!, params });
  }
  return out;
}

export const refOf = (v: RawValue | undefined): number | null =>
  v !== null && typeof v === 'object' && 'ref' in v ? v.ref : null;
export const refsOf = (v: RawValue | undefined): number[] =>
  Array.isArray(v) ? v.flatMap((x) => refsOf(x)) : refOf(v) === null ? [] : [refOf(v)!];
