/**
 * The "many property sets" model shape (decision 0182): walls, doors and windows carry further
 * occurrence property sets besides their Pset_*Common and Qto_*BaseQuantities, as models from
 * asset-information workflows do (environmental, warranty, condition, service life …). Values come
 * from the element's serial, never from the random stream, so the rest of the model (defects,
 * types, layout) is drawn exactly as in the default shape.
 */
import type { PropSpec } from './catalogue';
import type { GenContext } from './context';

export type ExtraPsetHost = 'wall' | 'door' | 'window';

/** Sets written in this order (as many as asked for, cycling with a suffix past the end). */
const EXTRA_SETS: readonly { readonly name: string; readonly props: (serial: number) => PropSpec[] }[] = [
  {
    name: 'Pset_EnvironmentalImpactIndicators',
    props: (n) => [
      label('Reference', `EPD-${1000 + (n % 97)}`),
      label('LifeCyclePhase', 'Production'),
      real('ClimateChangePerUnit', 'IFCREAL', 12.5 + (n % 13) * 0.75),
      real('WaterConsumptionPerUnit', 'IFCVOLUMEMEASURE', 0.02 + (n % 7) * 0.001),
      real('RenewableEnergyConsumptionPerUnit', 'IFCENERGYMEASURE', 150 + (n % 11) * 5),
    ],
  },
  {
    name: 'Pset_Warranty',
    props: (n) => [
      label('WarrantyIdentifier', `WTY-${String(n % 5000).padStart(4, '0')}`),
      label('WarrantyPeriod', `P${5 + (n % 6)}Y`),
      flag('IsExtendedWarranty', n % 9 === 0),
      label('PointOfContact', 'Facilities helpdesk'),
      label('Exclusions', n % 4 === 0 ? 'Vandalism' : 'None'),
    ],
  },
  {
    name: 'Pset_Condition',
    props: (n) => [
      label('AssessmentDate', `2024-0${1 + (n % 9)}-1${n % 10}`),
      label('AssessmentCondition', ['Good', 'Fair', 'Poor'][n % 3]!),
      label('AssessmentDescription', 'Visual inspection at handover'),
      real('AssessmentScore', 'IFCREAL', 3 + (n % 3)),
      flag('RequiresAction', n % 17 === 0),
    ],
  },
  {
    name: 'Pset_ServiceLife',
    props: (n) => [
      text('ServiceLifeDuration', `P${30 + (n % 31)}Y`),
      text('MeanTimeBetweenFailure', `P${10 + (n % 5)}Y`),
      label('ServiceLifeFactors', 'Indoor, normal use'),
      real('DesignLife', 'IFCCOUNTMEASURE', 60),
      flag('Replaceable', n % 2 === 0),
    ],
  },
  {
    name: 'Pset_ManufacturerOccurrence',
    props: (n) => [
      label('AcquisitionDate', `2025-0${1 + (n % 9)}-0${1 + (n % 9)}`),
      label('BarCode', `50${String(1_000_000 + n).padStart(10, '0')}`),
      label('SerialNumber', `SN-${(n * 7919) % 1_000_003}`),
      label('BatchReference', `B${n % 400}`),
      label('AssemblyPlace', n % 5 === 0 ? 'OFFSITE' : 'FACTORY'),
    ],
  },
  {
    name: 'Pset_ConstructionOccurence',
    props: (n) => [
      label('InstallationDate', `2025-1${n % 3}-2${n % 8}`),
      label('ModelNumber', `M-${n % 250}`),
      label('TagNumber', `T${String(n).padStart(6, '0')}`),
      label('AssetIdentifier', `AST-${n}`),
      flag('Commissioned', n % 23 !== 0),
    ],
  },
  {
    name: 'Pset_Risk',
    props: (n) => [
      label('RiskType', ['HEALTH', 'SAFETY', 'FIRE'][n % 3]!),
      label('NatureOfRisk', 'Trip hazard during maintenance'),
      label('SubNatureOfRisk1', 'Access'),
      real('RiskRating', 'IFCINTEGER', 1 + (n % 5)),
      label('MitigationPlanned', 'Signage'),
    ],
  },
  {
    name: 'CPset_ProjectAsset',
    props: (n) => [
      label('AssetCode', `RC-${n % 10_000}`),
      label('MaintenanceZone', `Z${1 + (n % 12)}`),
      label('CostCode', `CC-${200 + (n % 40)}`),
      real('ReplacementCost', 'IFCMONETARYMEASURE', 450 + (n % 50) * 10),
      label('Owner', 'Riverside Estates'),
    ],
  },
];

function label(name: string, value: string): PropSpec {
  return { kind: 'single', name, value: { type: 'IFCLABEL', value } };
}

function flag(name: string, value: boolean): PropSpec {
  return { kind: 'single', name, value: { type: 'IFCBOOLEAN', value } };
}

function text(name: string, value: string): PropSpec {
  return { kind: 'single', name, value: { type: 'IFCTEXT', value } };
}

/** A number of a measure or numeric type. */
function real(name: string, type: string, value: number): PropSpec {
  return { kind: 'single', name, value: { type, value } };
}

const HOST_OFFSET: Record<ExtraPsetHost, number> = { wall: 0, door: 100_003, window: 200_003 };

/**
 * Writes `count` further occurrence property sets on an element (none when `count` is 0, the
 * default shape). Deterministic in the host kind and its serial.
 */
export function writeExtraPropertySets(
  ctx: GenContext,
  elementId: number,
  host: ExtraPsetHost,
  serial: number,
  count: number,
): void {
  const n = serial + HOST_OFFSET[host];
  for (let k = 0; k < count; k++) {
    const set = EXTRA_SETS[k % EXTRA_SETS.length]!;
    const round = Math.floor(k / EXTRA_SETS.length);
    ctx.occurrencePset(elementId, round === 0 ? set.name : `${set.name}_${round + 1}`, set.props(n + k));
  }
}
