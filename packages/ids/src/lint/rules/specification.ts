/**
 * Specification-level rules: ifcVersion present, known and listed once; prohibited specifications
 * without requirements; specifications that check nothing or can never apply; repeated facets;
 * optional facets that always pass; and, across the document, repeated specifications, names and
 * identifiers.
 */
import type { Facet, IdsValue, Specification } from '../../document';
import { childNamed } from '../../xml/read-xml-text';
import type { LintContext } from '../context';
import { SCHEMA_IDS } from '../schema';
import { closestNames } from '../suggest';
import { finiteValues, removeElement, replaceAttribute } from '../values';

/** Common ways of writing a version that mean one we know. */
const VERSION_ALIASES: Readonly<Record<string, string>> = {
  IFC4X3: 'IFC4X3_ADD2',
  IFC4X3_TC1: 'IFC4X3_ADD2',
  IFC4X3_ADD1: 'IFC4X3_ADD2',
  IFC43: 'IFC4X3_ADD2',
  'IFC4.3': 'IFC4X3_ADD2',
  IFC4ADD2: 'IFC4',
  IFC4_ADD2: 'IFC4',
  IFC4ADD2TC1: 'IFC4',
  IFC2X3TC1: 'IFC2X3',
  IFC2X3_TC1: 'IFC2X3',
};

function knownVersionFor(raw: string): { version: string; safe: boolean } | null {
  const upper = raw.toUpperCase();
  if ((SCHEMA_IDS as readonly string[]).includes(upper)) return { version: upper, safe: true };
  const alias = VERSION_ALIASES[upper];
  if (alias) return { version: alias, safe: true };
  const close = closestNames(upper, SCHEMA_IDS)[0];
  return close ? { version: close.name, safe: false } : null;
}

function checkVersions(ctx: LintContext, spec: Specification): void {
  const el = ctx.source(spec);
  if (!el) return;
  if (!el.attributes.has('ifcVersion')) {
    ctx.report({
      rule: 'ifc-version-missing',
      at: el,
      params: { name: spec.name },
      fixes: (text) =>
        ['IFC4', 'IFC4X3_ADD2', 'IFC2X3'].map((version) => {
          const at = text.afterElementName(el);
          return {
            messageId: 'lint.fix.add-ifc-version',
            params: { version },
            safe: false,
            edits: [{ start: at, end: at, newText: ` ifcVersion="${version}"` }],
          };
        }),
    });
    return;
  }
  const raw = spec.ifcVersions;
  const fixed = raw.map((v) =>
    (SCHEMA_IDS as readonly string[]).includes(v) ? { version: v, safe: true } : knownVersionFor(v),
  );
  raw.forEach((v, i) => {
    if ((SCHEMA_IDS as readonly string[]).includes(v)) return;
    const known = fixed[i];
    const list = [...new Set(fixed.map((f, k) => f?.version ?? raw[k]))].join(' ');
    ctx.report({
      rule: 'ifc-version-unknown',
      at: el,
      part: { attribute: 'ifcVersion' },
      messageId: known ? 'lint.ifc-version-unknown.suggest' : 'lint.ifc-version-unknown',
      params: { version: v, suggestion: known?.version ?? '' },
      fixes: (text) => {
        const edit = known ? replaceAttribute(text, el, 'ifcVersion', list) : null;
        return edit
          ? [
              {
                messageId: 'lint.fix.ifc-version',
                params: { versions: list },
                safe: known?.safe ?? false,
                edits: [edit],
              },
            ]
          : [];
      },
    });
  });
  const once = [...new Set(raw)];
  if (once.length < raw.length) {
    const repeated = raw.filter((v, i) => raw.indexOf(v) !== i);
    ctx.report({
      rule: 'ifc-version-duplicate',
      at: el,
      part: { attribute: 'ifcVersion' },
      params: { versions: [...new Set(repeated)].join(', ') },
      fixes: (text) => {
        const edit = replaceAttribute(text, el, 'ifcVersion', once.join(' '));
        return edit
          ? [
              {
                messageId: 'lint.fix.ifc-version',
                params: { versions: once.join(' ') },
                safe: true,
                edits: [edit],
              },
            ]
          : [];
      },
    });
  }
}

/** The facet's content as a key (no position, no instructions): equal keys check the same thing. */
export function facetKey(f: Facet): string {
  const { location: _l, instructions: _i, ...content } = f;
  return JSON.stringify(content);
}

function valuesOf(v: IdsValue | null): readonly string[] | null {
  return v ? finiteValues(v) : null;
}

function disjoint(a: readonly string[] | null, b: readonly string[] | null): boolean {
  return a !== null && b !== null && !a.some((x) => b.includes(x));
}

/** Two applicability facets that no element can satisfy together. */
function neverApplies(applicability: readonly Facet[]): { a: Facet; b: Facet } | null {
  for (let i = 0; i < applicability.length; i++) {
    for (let j = i + 1; j < applicability.length; j++) {
      const a = applicability[i] as Facet;
      const b = applicability[j] as Facet;
      if (a.type === 'entity' && b.type === 'entity') {
        const na = valuesOf(a.name)?.map((s) => s.toUpperCase()) ?? null;
        const nb = valuesOf(b.name)?.map((s) => s.toUpperCase()) ?? null;
        if (disjoint(na, nb)) return { a, b };
      }
      if (a.type === 'property' && b.type === 'property' && a.value && b.value) {
        const sameProperty =
          JSON.stringify([a.propertySet, a.baseName]) === JSON.stringify([b.propertySet, b.baseName]) &&
          finiteValues(a.baseName) !== null;
        if (sameProperty && disjoint(valuesOf(a.value), valuesOf(b.value))) return { a, b };
      }
      if (a.type === 'attribute' && b.type === 'attribute' && a.value && b.value) {
        if (
          JSON.stringify(a.name) === JSON.stringify(b.name) &&
          disjoint(valuesOf(a.value), valuesOf(b.value))
        )
          return { a, b };
      }
    }
  }
  return null;
}

/** An optional requirement that holds whether or not the element has what it names. */
function alwaysPasses(f: Facet): boolean {
  if (f.cardinality !== 'optional') return false;
  switch (f.type) {
    case 'attribute':
    case 'material':
      return f.value === null;
    case 'property':
      return f.value === null && f.dataType === null;
    case 'classification':
      return f.value === null && f.system === null;
    default:
      return false;
  }
}

function checkFacetsOnce(ctx: LintContext, facets: readonly Facet[], block: string): void {
  const seen = new Map<string, Facet>();
  for (const f of facets) {
    const key = facetKey(f);
    if (!seen.has(key)) {
      seen.set(key, f);
      continue;
    }
    const el = ctx.source(f);
    ctx.report({
      rule: 'facet-duplicate',
      at: el,
      params: { facet: f.type, block },
      fixes: (text) => {
        const edit = removeElement(text, el);
        return edit
          ? [{ messageId: 'lint.fix.remove-facet', params: { facet: f.type }, safe: true, edits: [edit] }]
          : [];
      },
    });
  }
}

export function checkSpecification(ctx: LintContext, spec: Specification): void {
  const el = ctx.source(spec);
  checkVersions(ctx, spec);
  const requirementsEl = el ? childNamed(el, 'requirements') : undefined;
  const applicabilityEl = el ? childNamed(el, 'applicability') : undefined;
  if (spec.cardinality === 'prohibited' && spec.requirements.length > 0) {
    ctx.report({
      rule: 'spec-prohibited-with-requirements',
      at: requirementsEl ?? el,
      params: { name: spec.name },
      fixes: (text) => {
        const edit = removeElement(text, requirementsEl);
        return edit ? [{ messageId: 'lint.fix.remove-requirements', safe: false, edits: [edit] }] : [];
      },
    });
  }
  if (!ctx.wants('spec-checks-nothing')) return;
  if (spec.cardinality === 'optional' && spec.requirements.length === 0)
    ctx.report({ rule: 'spec-checks-nothing', at: el, params: { name: spec.name } });
  if (spec.applicability.length > 0 && !spec.applicability.some((f) => f.type === 'entity'))
    ctx.report({ rule: 'applicability-without-entity', at: applicabilityEl, params: { name: spec.name } });
  const never = neverApplies(spec.applicability);
  if (never)
    ctx.report({
      rule: 'spec-never-applies',
      at: ctx.source(never.b),
      params: { name: spec.name, facet: never.b.type },
    });
  checkFacetsOnce(ctx, spec.applicability, 'applicability');
  checkFacetsOnce(ctx, spec.requirements, 'requirements');
  for (const f of spec.requirements) {
    if (!alwaysPasses(f)) continue;
    const fel = ctx.source(f);
    ctx.report({
      rule: 'facet-always-passes',
      at: fel,
      params: { facet: f.type },
      fixes: (text) => {
        const edit = removeElement(text, fel);
        return edit
          ? [{ messageId: 'lint.fix.remove-facet', params: { facet: f.type }, safe: false, edits: [edit] }]
          : [];
      },
    });
  }
}

/** Repeated specifications, names and identifiers across the document. */
export function checkDocumentSpecifications(ctx: LintContext, specs: readonly Specification[]): void {
  if (!ctx.wants('spec-duplicate')) return;
  const byContent = new Map<string, Specification>();
  const byName = new Map<string, Specification>();
  const byIdentifier = new Map<string, Specification>();
  for (const spec of specs) {
    const el = ctx.source(spec);
    const key = JSON.stringify([
      spec.cardinality,
      spec.applicability.map(facetKey),
      spec.requirements.map(facetKey),
    ]);
    const same = byContent.get(key);
    if (same) {
      ctx.report({
        rule: 'spec-duplicate',
        at: el,
        params: { name: spec.name, other: same.name },
        fixes: (text) => {
          const edit = removeElement(text, el);
          return edit
            ? [
                {
                  messageId: 'lint.fix.remove-specification',
                  params: { name: spec.name },
                  safe: false,
                  edits: [edit],
                },
              ]
            : [];
        },
      });
    } else byContent.set(key, spec);
    const named = byName.get(spec.name);
    if (named && !same)
      ctx.report({
        rule: 'spec-duplicate-name',
        at: el,
        part: { attribute: 'name' },
        params: { name: spec.name },
      });
    else if (!named) byName.set(spec.name, spec);
    if (spec.identifier !== null && spec.identifier !== '') {
      if (byIdentifier.has(spec.identifier))
        ctx.report({
          rule: 'spec-duplicate-identifier',
          at: el,
          part: { attribute: 'identifier' },
          params: { identifier: spec.identifier, name: spec.name },
        });
      else byIdentifier.set(spec.identifier, spec);
    }
  }
}
