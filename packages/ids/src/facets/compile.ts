/** One compiled facet per IDS facet; restrictions and patterns are compiled once per specification. */
import type { Facet } from '../document';
import { CompiledAttributeFacet } from './attribute';
import { CompiledClassificationFacet } from './classification';
import { CompiledEntityFacet } from './entity';
import type { CompiledFacet } from './evaluation';
import { CompiledMaterialFacet } from './material';
import { CompiledPartOfFacet } from './part-of';
import { CompiledPropertyFacet } from './property';

export function compileFacet(facet: Facet): CompiledFacet {
  switch (facet.type) {
    case 'entity':
      return new CompiledEntityFacet(facet);
    case 'attribute':
      return new CompiledAttributeFacet(facet);
    case 'property':
      return new CompiledPropertyFacet(facet);
    case 'classification':
      return new CompiledClassificationFacet(facet);
    case 'material':
      return new CompiledMaterialFacet(facet);
    case 'partOf':
      return new CompiledPartOfFacet(facet);
  }
}
