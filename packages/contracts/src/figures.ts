import { z } from 'zod';
import { percentOf } from './numbers';

/**
 * The figures every screen shows, defined once (issue 17, decision 0173). The server computes every
 * count (modules/compliance/figures.ts); the screens print what the API answers and never count rows
 * themselves. This file holds what the browser must share with the server: which IFC entities are
 * "elements", and the one vocabulary for a specification's state.
 */

/**
 * The element population: the IFC instances every "elements" figure counts (file list, Overview,
 * IDS Compliance cards, the 3D legend, the inspector, the Metadata Explorer, reports). It is what
 * processing stores as `elements` (`IfcModel.products()`): every instance of these supertypes.
 */
export const ELEMENT_POPULATION = {
  supertypes: ['IfcProduct', 'IfcTypeObject'] as const,
  /** Kinds of the population that people often do not expect, and where they show. */
  includes: {
    typeObjects:
      'IfcTypeObject and its subtypes (IfcDoorType, IfcWallType, …): counted, checked by IDS like any element, listed in tables; they have no shape, so the 3D view does not draw them.',
    openings:
      'IfcOpeningElement: counted and checked; the 3D view does not draw them (they are voids cut into walls and slabs).',
    spatialElements:
      'IfcSite, IfcBuilding, IfcBuildingStorey and IfcSpace: counted and checked; the 3D view hides spaces and has no shape for the others.',
  },
  excludes:
    'Everything that is neither an IfcProduct nor an IfcTypeObject: IfcProject, property sets, relations, materials, geometry.',
} as const;

/** An element's status against a specification (compliance.ts), labelled the same everywhere. */
export const COMPLIANCE_STATUS_LABELS = {
  passed: 'Passed',
  waived: 'Waived',
  warning: 'Warning',
  failed: 'Failed',
  not_applicable: 'Not Applicable',
} as const;

/**
 * A specification's state on one version, the same word on every screen (IDS Schemas, the File
 * Inspector's Specifications and Detailed Analysis, the Schema tab, reports):
 * - not_checked: the version has no result for it (not processed, or the IDS was added after);
 * - not_applicable: checked, but no element of the model is in its applicability;
 * - passed / warning / failed: the compliance rate's band (80 or more, 50 to under 80, under 50;
 *   spec 2 §4 'Specification compliance bands').
 */
export const specificationStateSchema = z.enum([
  'passed',
  'warning',
  'failed',
  'not_applicable',
  'not_checked',
]);
export type SpecificationState = z.infer<typeof specificationStateSchema>;

// The states' words and hints are messages (issue 31): `reports.state` and `reports.stateHint` of the
// server's reports catalogue (apps/server/src/messages/reports), the web's own catalogues for screens.

/** The state rule above; the server calls it and sends the result, the screens only print it. */
export function specificationState(
  result: { applicable: number; compliant: number } | null,
): SpecificationState {
  if (!result) return 'not_checked';
  if (result.applicable === 0) return 'not_applicable';
  // The rate as the screens print it (one decimal), so the badge agrees with the number beside it.
  const rate = percentOf(result.compliant, result.applicable);
  if (rate >= 80) return 'passed';
  if (rate >= 50) return 'warning';
  return 'failed';
}
