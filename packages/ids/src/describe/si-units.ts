/**
 * The SI unit IDS values of a measure are written in (IDS units.md: values are in SI units, not the
 * model's project units): the measure's unit type from the engine's generated table, and the SI
 * symbol of the common ones. Measures without a symbol here are described without a unit.
 */
import { measureUnitType } from '@plumbline/ifc/schema/generated/measure-units';

const SI_SYMBOLS: Readonly<Record<string, string>> = {
  LENGTHUNIT: 'm',
  AREAUNIT: 'm²',
  VOLUMEUNIT: 'm³',
  MASSUNIT: 'kg',
  TIMEUNIT: 's',
  PLANEANGLEUNIT: 'rad',
  SOLIDANGLEUNIT: 'sr',
  THERMODYNAMICTEMPERATUREUNIT: 'K',
  ELECTRICCURRENTUNIT: 'A',
  ELECTRICVOLTAGEUNIT: 'V',
  ELECTRICRESISTANCEUNIT: 'Ω',
  FREQUENCYUNIT: 'Hz',
  FORCEUNIT: 'N',
  PRESSUREUNIT: 'Pa',
  ENERGYUNIT: 'J',
  POWERUNIT: 'W',
  ILLUMINANCEUNIT: 'lx',
  LUMINOUSFLUXUNIT: 'lm',
  LUMINOUSINTENSITYUNIT: 'cd',
  MASSDENSITYUNIT: 'kg/m³',
  LINEARVELOCITYUNIT: 'm/s',
  VOLUMETRICFLOWRATEUNIT: 'm³/s',
  MASSFLOWRATEUNIT: 'kg/s',
  THERMALTRANSMITTANCEUNIT: 'W/(m²·K)',
  THERMALCONDUCTANCEUNIT: 'W/(m·K)',
  THERMALRESISTANCEUNIT: 'm²·K/W',
  SOUNDPRESSURELEVELUNIT: 'dB',
  SOUNDPOWERLEVELUNIT: 'dB',
  SPECIFICHEATCAPACITYUNIT: 'J/(kg·K)',
};

/** The unit type a measure's values use (LENGTHUNIT …), or undefined for other data types. */
export function unitTypeOf(dataType: string): string | undefined {
  return measureUnitType[dataType.toUpperCase()];
}

/** The SI symbol IDS values of this measure are in ('m' for IFCLENGTHMEASURE), when known. */
export function siUnitOf(dataType: string): string | undefined {
  const unitType = unitTypeOf(dataType);
  return unitType ? SI_SYMBOLS[unitType] : undefined;
}
