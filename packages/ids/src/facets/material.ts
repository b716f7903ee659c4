/**
 * Material facet: the element (or else its type) has a material; with a value, any material,
 * layer, profile or constituent name or category, or set name, must match.
 */
import type { IfcModel } from '@plumbline/ifc/model';
import type { MaterialFacet } from '../document';
import { compileValue, type ValueMatcher } from '../restriction/matcher';
import type { FacetCardinality } from '../results';
import { type CompiledFacet, describedLater, type Evaluation, PASS } from './evaluation';

const NONE: Evaluation = { status: 'absent', reason: 'has no material' };

export class CompiledMaterialFacet implements CompiledFacet {
  readonly type = 'material' as const;
  readonly cardinality: FacetCardinality;
  readonly description: string;
  readonly value: ValueMatcher | null;

  constructor(facet: MaterialFacet) {
    this.cardinality = facet.cardinality;
    this.value = facet.value ? compileValue(facet.value) : null;
    this.description = this.value ? `material ${this.value.description}` : 'a material';
  }

  evaluate(model: IfcModel, id: number): Evaluation {
    const materials = model.materials(id);
    if (materials.length === 0) return NONE;
    const value = this.value;
    if (!value) return PASS;
    for (const m of materials) {
      for (const n of m.names) if (value.matchesString(n)) return PASS;
      for (const c of m.categories) if (value.matchesString(c)) return PASS;
    }
    return describedLater(() => {
      const names = [...new Set(materials.flatMap((m) => [...m.names, ...m.categories]))].filter(
        (n) => n !== '',
      );
      return {
        reason:
          names.length > 0
            ? `has material ${names.map((n) => `"${n}"`).join(', ')}, expected ${value.description}`
            : `its material has no name or category, expected ${value.description}`,
        actualValue: names.join(', '),
      };
    });
  }
}
