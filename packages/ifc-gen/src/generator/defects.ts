/**
 * The known gaps the generator writes, and how the version knob shrinks them. Version 1 is a raw
 * design model; 2 and 3 are later issues with fewer gaps. Shares are exact to a few elements because
 * the selector spreads evenly, and each version's defective elements are a subset of the previous.
 */
import { spreadFraction } from './random';

export type VersionTag = 1 | 2 | 3;

export const DEFECT_KINDS = [
  'wallFireRatingMissing',
  'wallFireRatingInvalid',
  'wallQuantitiesMissing',
  'wallStatusDemolish',
  'elementClassificationMissing',
  'doorNarrow',
  'doorReferenceTooLong',
  'doorFireRatedNoCloser',
  'windowLegacyGlazing',
  'spaceLongNameMissing',
  'spaceQuantitiesMissing',
  'columnMaterialMissing',
  'ductNotInSystem',
  'placeholderProxy',
] as const;

export type DefectKind = (typeof DEFECT_KINDS)[number];

/** Each kind's own offset in the low-discrepancy sequence, so kinds do not pick the same items. */
const SALTS = Object.fromEntries(DEFECT_KINDS.map((kind, i) => [kind, i + 1])) as Record<DefectKind, number>;

/** Share of the items of a kind that carry the defect in version 1. */
const VERSION_1_RATES: Record<DefectKind, number> = {
  wallFireRatingMissing: 0.1, // Pset_WallCommon.FireRating absent
  wallFireRatingInvalid: 0.05, // FireRating present but not of the form EI60 / REI90
  wallQuantitiesMissing: 0.02, // no Qto_WallBaseQuantities
  wallStatusDemolish: 0.005, // Pset_WallCommon.Status = DEMOLISH left in the model
  elementClassificationMissing: 0.06, // no Uniclass 2015 EF reference on the occurrence
  doorNarrow: 0.06, // 700 mm store door (below the 800 mm clear width rule)
  doorReferenceTooLong: 0.03, // Pset_DoorCommon.Reference longer than 12 characters
  doorFireRatedNoCloser: 0.05, // plain door given a FireRating on the occurrence, no SelfClosing
  windowLegacyGlazing: 0.05, // single-glazed legacy type, U = 2.8
  spaceLongNameMissing: 0.04, // IfcSpace.LongName unset
  spaceQuantitiesMissing: 0.03, // no Qto_SpaceBaseQuantities
  columnMaterialMissing: 0.03, // generic column type without material
  ductNotInSystem: 0.05, // duct segment not assigned to a distribution system
  placeholderProxy: 0.01, // IfcBuildingElementProxy placeholders, per bay
};

const VERSION_FACTORS: Record<VersionTag, number> = { 1: 1, 2: 0.4, 3: 0.1 };

export function defectRates(version: VersionTag): Record<DefectKind, number> {
  const factor = VERSION_FACTORS[version];
  const rates = {} as Record<DefectKind, number>;
  for (const kind of DEFECT_KINDS) rates[kind] = VERSION_1_RATES[kind] * factor;
  return rates;
}

/** Decides and counts defects; one instance per generated file. */
export class DefectPlan {
  readonly rates: Record<DefectKind, number>;
  readonly counts: Record<DefectKind, number>;

  constructor(version: VersionTag) {
    this.rates = defectRates(version);
    this.counts = {} as Record<DefectKind, number>;
    for (const kind of DEFECT_KINDS) this.counts[kind] = 0;
  }

  /** Whether the n-th item of its kind carries the defect; counts it when it does. */
  hits(kind: DefectKind, serial: number): boolean {
    const hit = spreadFraction(serial, SALTS[kind]) < this.rates[kind];
    if (hit) this.counts[kind]++;
    return hit;
  }

  /**
   * Two exclusive defects sharing one draw (e.g. FireRating missing, else invalid): returns
   * 'first', 'second' or null, counting the one that applies.
   */
  either(first: DefectKind, second: DefectKind, serial: number): 'first' | 'second' | null {
    const f = spreadFraction(serial, SALTS[first]);
    if (f < this.rates[first]) {
      this.counts[first]++;
      return 'first';
    }
    if (f < this.rates[first] + this.rates[second]) {
      this.counts[second]++;
      return 'second';
    }
    return null;
  }
}
