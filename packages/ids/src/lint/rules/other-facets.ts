/**
 * partOf, classification and material facets, and the `uri` attribute facets may carry: a partOf
 * relation that the named class can never take part in, URIs that are not absolute.
 */
import type { IfcSchemaId } from '@plumbline/ifc/model';
import type { Facet, PartOfFacet } from '../../document';
import type { LintContext } from '../context';
import { tablesFor } from '../schema';
import { literalsOf } from '../values';
import { checkEntity } from './entity';
import { checkValue } from './value';

/** The class every partOf entity of a relation is (or inherits from), per schema. */
function relationOwner(relation: PartOfFacet['relation'], version: IfcSchemaId): string | null {
  switch (relation) {
    case 'IFCRELCONTAINEDINSPATIALSTRUCTURE':
      return version === 'IFC2X3' ? 'IFCSPATIALSTRUCTUREELEMENT' : 'IFCSPATIALELEMENT';
    case 'IFCRELASSIGNSTOGROUP':
      return 'IFCGROUP';
    case 'IFCRELVOIDSELEMENT IFCRELFILLSELEMENT':
      return 'IFCELEMENT';
    default:
      return null;
  }
}

function checkPartOf(ctx: LintContext, f: PartOfFacet, versions: readonly IfcSchemaId[]): void {
  const classes = checkEntity(ctx, f.entity.name, f.entity.predefinedType, versions);
  if (!f.relation || classes.length === 0) return;
  const literals = literalsOf(ctx, f.entity.name);
  for (const version of versions) {
    const owner = relationOwner(f.relation, version);
    if (!owner) continue;
    const tables = tablesFor(version);
    classes.forEach((cls, i) => {
      if (!tables.hasEntity(cls) || tables.isSubtypeOf(cls, owner)) return;
      const literal = literals[i];
      ctx.report({
        rule: 'partof-relation-entity',
        at: literal?.el,
        part: literal?.part ?? 'startTag',
        params: { name: cls, relation: f.relation ?? '', owner, version },
      });
    });
  }
}

const ABSOLUTE_URI = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;

function checkUri(ctx: LintContext, f: Facet): void {
  if (f.type !== 'property' && f.type !== 'classification' && f.type !== 'material') return;
  if (f.uri === null || ABSOLUTE_URI.test(f.uri)) return;
  ctx.report({ rule: 'uri-invalid', at: ctx.source(f), part: { attribute: 'uri' }, params: { uri: f.uri } });
}

/** partOf, classification and material facets (entity, attribute and property have their own files). */
export function checkOtherFacet(ctx: LintContext, f: Facet, versions: readonly IfcSchemaId[]): void {
  switch (f.type) {
    case 'partOf':
      checkPartOf(ctx, f, versions);
      break;
    case 'classification':
      checkValue(ctx, f.system, 'system');
      checkValue(ctx, f.value, 'value');
      break;
    case 'material':
      checkValue(ctx, f.value, 'value');
      break;
    default:
      break;
  }
  if (ctx.wants('uri-invalid')) checkUri(ctx, f);
}
