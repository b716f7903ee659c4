/**
 * The text XSD validation reads when the fast scan found code lists kept as text (issue 22): each
 * run keeps its first enumeration, and of the rest only the line ends, so that libxml2 reports
 * the same lines. A national pack's 600,000 enumerations otherwise cost libxml2 about a second and
 * memory in proportion (xmllint-pool.ts).
 *
 * Why validity is unchanged: a run is a sequence of `<xs:enumeration value="…"/>` children of one
 * xs:restriction of the XML Schema namespace (plain-xml.ts checks the namespace), alike but for a
 * value with no `<` or `&`, separated by white space only. XMLSchema.xsd declares that content as
 * (annotation?, simpleType?, (facet choice)*) and the enumeration as a `noFixedFacet` whose value
 * has no type (any string) and which here has no other attribute and no child; nothing in ids.xsd
 * or XMLSchema.xsd keys on enumeration values. So every enumeration of a run is valid where the
 * first is, and a content model of that form accepts the children with one of the run exactly when
 * it accepts them with all: whether the file is valid, and where any error is, do not change
 * (xsd-code-list-runs.test.ts compares the problems of both texts).
 */

/** `text` (as the scan read it, from `offset`) with the repeats of each run left out. */
export function withoutRepeatedEnumerations(text: string, runs: readonly number[], offset = 0): string {
  if (runs.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (let i = 0; i < runs.length; i += 3) {
    const firstEnd = (runs[i + 1] as number) + offset;
    const end = (runs[i + 2] as number) + offset;
    if (end === firstEnd) continue;
    parts.push(text.slice(at, firstEnd), lineEnds(text, firstEnd, end));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

/** Only the CR and LF characters of text[from, to), in order. */
function lineEnds(text: string, from: number, to: number): string {
  let lf = 0;
  let withCr: string[] | null = null;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      lf++;
      withCr?.push('\n');
    } else if (c === 0x0d) {
      withCr ??= Array.from({ length: lf }, () => '\n');
      withCr.push('\r');
    }
  }
  return withCr === null ? '\n'.repeat(lf) : withCr.join('');
}
