/**
 * What the facet form edits: an IFC class facet or a property facet, as plain fields, and the
 * document's facet built from them (simple values; several ticked values as an enumeration). Pure.
 */
import type { Facet, IdsValue } from '@plumbline/ids/document';

export type DraftKind = 'entity' | 'property';

export interface FacetDraft {
  kind: DraftKind;
  ifcClass: string;
  predefinedType: string;
  propertySet: string;
  property: string;
  dataType: string;
  values: string[];
}

export const EMPTY_DRAFT: FacetDraft = {
  kind: 'entity',
  ifcClass: '',
  predefinedType: '',
  propertySet: '',
  property: '',
  dataType: '',
  values: [],
};

const NOWHERE = { line: 0, column: 0 };

function simpleOf(value: IdsValue | null): string {
  return value?.kind === 'simple' ? value.value : '';
}

/** The draft of a facet the form can edit, or null for the kinds edited in the file. */
export function draftOf(facet: Facet): FacetDraft | null {
  if (facet.type === 'entity')
    return {
      ...EMPTY_DRAFT,
      ifcClass: simpleOf(facet.name),
      predefinedType: simpleOf(facet.predefinedType),
    };
  if (facet.type === 'property') {
    const v = facet.value;
    return {
      ...EMPTY_DRAFT,
      kind: 'property',
      propertySet: simpleOf(facet.propertySet),
      property: simpleOf(facet.baseName),
      dataType: facet.dataType ?? '',
      values: v === null ? [] : v.kind === 'simple' ? [v.value] : [...v.enumeration],
    };
  }
  return null;
}

/** Whether the draft names what its kind needs. */
export function draftComplete(draft: FacetDraft): boolean {
  return draft.kind === 'entity' ? draft.ifcClass !== '' : draft.propertySet !== '' && draft.property !== '';
}

/** The facet the draft says; `base` is the xs: base of the data type (for an enumeration). */
export function facetOf(draft: FacetDraft, base: string): Facet {
  const common = { location: NOWHERE, cardinality: 'required' as const, instructions: null };
  if (draft.kind === 'entity')
    return {
      ...common,
      type: 'entity',
      name: { kind: 'simple', value: draft.ifcClass },
      predefinedType: draft.predefinedType ? { kind: 'simple', value: draft.predefinedType } : null,
    };
  const [only, ...more] = draft.values;
  const value: IdsValue | null =
    only === undefined
      ? null
      : more.length === 0
        ? { kind: 'simple', value: only }
        : { kind: 'restriction', base, enumeration: draft.values, patterns: [] };
  return {
    ...common,
    type: 'property',
    propertySet: { kind: 'simple', value: draft.propertySet },
    baseName: { kind: 'simple', value: draft.property },
    value,
    dataType: draft.dataType || null,
    uri: null,
  };
}
