/**
 * Runs every rule over a document read by readIdsTree: the reader's structural problems, then each
 * specification's facets (entities first, as attributes and properties are checked against the
 * classes the applicability names), then the document as a whole.
 */
import type { AttributeFacet, PropertyFacet } from '../document';
import type { ReaderProblem } from '../ids-from-tree';
import type { LintContext } from './context';
import { checkAttribute } from './rules/attribute';
import { checkEntity } from './rules/entity';
import { checkOtherFacet } from './rules/other-facets';
import { checkProperty } from './rules/property';
import { checkRequirements } from './rules/requirement';
import { checkDocumentSpecifications, checkSpecification } from './rules/specification';

export function runRules(ctx: LintContext, readerProblems: readonly ReaderProblem[]): void {
  for (const p of readerProblems)
    ctx.report({ rule: 'ids-structure', at: p.at, messageId: p.messageId, params: p.params });
  const specs = ctx.document.specifications;
  for (const spec of specs) {
    const versions = ctx.versions(spec);
    checkSpecification(ctx, spec);
    const appliesTo: string[] = [];
    const attributes: AttributeFacet[] = [];
    const properties: PropertyFacet[] = [];
    for (const f of [...spec.applicability, ...spec.requirements]) {
      if (f.type === 'entity') {
        const classes = checkEntity(ctx, f.name, f.predefinedType, versions);
        if (spec.applicability.includes(f)) appliesTo.push(...classes);
      } else if (f.type === 'attribute') attributes.push(f);
      else if (f.type === 'property') properties.push(f);
      checkOtherFacet(ctx, f, versions);
    }
    for (const f of attributes) checkAttribute(ctx, f, appliesTo, versions);
    for (const f of properties) checkProperty(ctx, f, appliesTo, versions);
    checkRequirements(ctx, spec);
  }
  checkDocumentSpecifications(ctx, specs);
}
