/**
 * Renders an ICU MessageFormat message from a catalogue entry and its parameters: the subset the
 * IDS linter's English catalogue uses — `{name}` arguments, `{n, plural, one {…} other {…}}` with
 * `#` and `=N` cases, `{x, select, a {…} other {…}}`, and ICU apostrophe quoting (`''` is one
 * apostrophe, `'{'` a literal brace). The app's i18n layer (FormatJS) reads the same catalogue.
 */

export type MessageParams = Readonly<Record<string, string | number>>;

type Part =
  | string
  | { readonly arg: string }
  | { readonly arg: string; readonly kind: 'plural' | 'select'; readonly cases: ReadonlyMap<string, Part[]> }
  | { readonly pound: true };

class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  fail(why: string): never {
    throw new Error(`bad message "${this.text}": ${why} at ${this.pos}`);
  }

  /** Parts up to an unmatched `}` or the end. `inPlural`: `#` stands for the number. */
  parts(inPlural: boolean): Part[] {
    const out: Part[] = [];
    let literal = '';
    const t = this.text;
    while (this.pos < t.length) {
      const c = t[this.pos] as string;
      if (c === "'") {
        const next = t[this.pos + 1];
        if (next === "'") {
          literal += "'";
          this.pos += 2;
        } else if (next === '{' || next === '}' || (inPlural && next === '#')) {
          const end = t.indexOf("'", this.pos + 1);
          if (end < 0) this.fail('unterminated quote');
          literal += t.slice(this.pos + 1, end).replace(/''/g, "'");
          this.pos = end + 1;
        } else {
          literal += "'";
          this.pos++;
        }
      } else if (c === '{') {
        if (literal) out.push(literal);
        literal = '';
        out.push(this.argument());
      } else if (c === '}') break;
      else if (c === '#' && inPlural) {
        if (literal) out.push(literal);
        literal = '';
        out.push({ pound: true });
        this.pos++;
      } else {
        literal += c;
        this.pos++;
      }
    }
    if (literal) out.push(literal);
    return out;
  }

  private argument(): Part {
    this.pos++; // {
    const head = /^\s*([A-Za-z0-9_]+)\s*(?:,\s*(plural|select)\s*,)?/.exec(this.text.slice(this.pos));
    if (!head) this.fail('bad argument');
    this.pos += head[0].length;
    const arg = head[1] as string;
    const kind = head[2] as 'plural' | 'select' | undefined;
    if (!kind) {
      if (this.text[this.pos] !== '}') this.fail('expected }');
      this.pos++;
      return { arg };
    }
    const cases = new Map<string, Part[]>();
    for (;;) {
      const key = /^\s*(=?[A-Za-z0-9_]+)\s*\{/.exec(this.text.slice(this.pos));
      if (!key) break;
      this.pos += key[0].length;
      cases.set(key[1] as string, this.parts(kind === 'plural'));
      if (this.text[this.pos] !== '}') this.fail('unterminated case');
      this.pos++;
    }
    const close = /^\s*\}/.exec(this.text.slice(this.pos));
    if (!close) this.fail('expected } after cases');
    this.pos += close[0].length;
    if (!cases.has('other')) this.fail('no other case');
    return { arg, kind, cases };
  }
}

const parsed = new Map<string, Part[]>();

function parse(message: string): Part[] {
  let parts = parsed.get(message);
  if (!parts) {
    const parser = new Parser(message);
    parts = parser.parts(false);
    parsed.set(message, parts);
  }
  return parts;
}

const englishPlural = new Intl.PluralRules('en');

function render(parts: readonly Part[], params: MessageParams, number: number | null): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if ('pound' in part) out += number === null ? '#' : String(number);
    else if ('kind' in part) {
      const value = params[part.arg];
      let chosen: Part[] | undefined;
      if (part.kind === 'plural') {
        const n = Number(value);
        chosen = part.cases.get(`=${n}`) ?? part.cases.get(englishPlural.select(n));
        out += render(chosen ?? (part.cases.get('other') as Part[]), params, n);
      } else {
        chosen = part.cases.get(String(value));
        out += render(chosen ?? (part.cases.get('other') as Part[]), params, number);
      }
    } else {
      const value = params[part.arg];
      out += value === undefined ? `{${part.arg}}` : String(value);
    }
  }
  return out;
}

/** The message of `id` in `catalogue` with `params` filled in; the id itself when it is missing. */
export function formatMessage(
  catalogue: Readonly<Record<string, string>>,
  id: string,
  params: MessageParams = {},
): string {
  const message = catalogue[id];
  if (message === undefined) return id;
  return render(parse(message), params, null);
}

/** Throws when a catalogue message is not valid in the subset above (for a test over the catalogue). */
export function checkMessageSyntax(message: string): void {
  const parser = new Parser(message);
  parser.parts(false);
  if (!parser.done) parser.fail('unmatched }');
}
