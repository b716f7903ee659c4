import type { VerdictMark } from '@plumbline/contracts';

/**
 * Why a validity error makes an IDS verdict unreliable, in words (decision 0249): the server sends
 * the code and its parameters; the sentence is made here, in the reader's language (English for now).
 */
export function validityMarkText(mark: VerdictMark): string {
  switch (mark.code) {
    case 'repeated_global_id':
      return `Unreliable: this element's GlobalId is used by another element too (${mark.rule}).`;
    case 'repeated_property_set': {
      const sets = mark.property_sets.join(', ');
      return mark.property_sets.length === 1
        ? `Unreliable: property set ${sets} is written twice on this element (${mark.rule}).`
        : `Unreliable: property sets ${sets} are written twice on this element (${mark.rule}).`;
    }
    case 'unofficial_schema':
      return `Unreliable: the file's schema identifier '${mark.schema}' is not an official IFC version (${mark.rule}).`;
  }
}
