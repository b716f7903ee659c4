/**
 * The project's units (IfcProject.UnitsInContext → IfcUnitAssignment) and conversion of measure
 * values to SI: SI prefixes (squared/cubed for area/volume units), conversion-based units (foot,
 * inch …, with offsets), derived units (products of powers of units).
 */
import type { StepValue, UnitView } from '../model';
import { measureUnitType } from '../schema/generated/measure-units';
import type { Access } from './access';

export interface Conversion {
  readonly scale: number;
  readonly offset: number;
}

const PREFIXES: Record<string, number> = {
  EXA: 1e18,
  PETA: 1e15,
  TERA: 1e12,
  GIGA: 1e9,
  MEGA: 1e6,
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 1e1,
  DECI: 1e-1,
  CENTI: 1e-2,
  MILLI: 1e-3,
  MICRO: 1e-6,
  NANO: 1e-9,
  PICO: 1e-12,
  FEMTO: 1e-15,
  ATTO: 1e-18,
};

const IDENTITY: Conversion = { scale: 1, offset: 0 };

function numberOf(v: StepValue | undefined): number | null {
  if (!v) return null;
  if (v.kind === 'typed') return numberOf(v.value);
  return v.kind === 'real' || v.kind === 'integer' ? v.value : null;
}

export class Units {
  private byType: Map<string, UnitView> | null = null;
  private readonly conversions = new Map<number, Conversion>();

  constructor(private readonly access: Access) {}

  /** The project's unit assignment (empty when the file has none). */
  list(): readonly UnitView[] {
    return [...this.assignment().values()];
  }

  /** Conversion to SI for a measure type such as 'IFCLENGTHMEASURE', using `unitId` when given, else the project unit. */
  conversionFor(measureType: string | null, unitId: number | null): Conversion {
    if (unitId !== null) return this.conversionOf(unitId, 0);
    if (!measureType) return IDENTITY;
    const unitType = measureUnitType[measureType];
    if (!unitType) return IDENTITY;
    const unit = this.assignment().get(unitType);
    return unit ?? IDENTITY;
  }

  /** Whether values of this measure type have a unit to convert (and so are converted to SI). */
  isMeasure(measureType: string | null): boolean {
    return measureType !== null && measureUnitType[measureType] !== undefined;
  }

  private assignment(): Map<string, UnitView> {
    if (this.byType) return this.byType;
    const byType = new Map<string, UnitView>();
    const { access } = this;
    const projects = access.schema.classAndSubtypes('IFCPROJECT').flatMap((c) => access.store.idsOfClass(c));
    const assignment = projects.length > 0 ? access.ref(projects[0]!, 'UnitsInContext') : null;
    for (const unitId of assignment === null ? [] : access.refs(assignment, 'Units')) {
      const unitType = access.enumValue(unitId, 'UnitType');
      if (!unitType) continue;
      const conversion = this.conversionOf(unitId, 0);
      const name = this.unitName(unitId);
      byType.set(
        unitType === 'USERDEFINED' ? (access.str(unitId, 'UserDefinedType') ?? unitType) : unitType,
        {
          unitType,
          name,
          scale: conversion.scale,
          offset: conversion.offset,
          id: unitId,
        },
      );
    }
    this.byType = byType;
    return byType;
  }

  private unitName(unitId: number): string {
    const { access } = this;
    const cls = access.store.classOf(unitId) ?? '';
    if (cls === 'IFCSIUNIT')
      return (access.enumValue(unitId, 'Prefix') ?? '') + (access.enumValue(unitId, 'Name') ?? '');
    return access.str(unitId, 'Name') ?? access.enumValue(unitId, 'UnitType') ?? cls;
  }

  /** Scale and offset to SI of one unit entity. */
  conversionOf(unitId: number, depth: number): Conversion {
    const cached = this.conversions.get(unitId);
    if (cached) return cached;
    if (depth > 8) return IDENTITY; // guards against cyclic definitions
    const { access } = this;
    const cls = access.store.classOf(unitId) ?? '';
    let result = IDENTITY;
    if (cls === 'IFCSIUNIT') {
      const name = access.enumValue(unitId, 'Name') ?? '';
      const prefix = PREFIXES[access.enumValue(unitId, 'Prefix') ?? ''] ?? 1;
      const power = name === 'SQUARE_METRE' ? 2 : name === 'CUBIC_METRE' ? 3 : 1;
      // The SI unit of mass is the kilogram; IFC's base name is GRAM.
      const base = name === 'GRAM' ? 1e-3 : 1;
      result = { scale: prefix ** power * base, offset: name === 'DEGREE_CELSIUS' ? 273.15 : 0 };
    } else if (access.schema.isSubtypeOf(cls, 'IFCCONVERSIONBASEDUNIT')) {
      const factor = access.ref(unitId, 'ConversionFactor');
      const value = factor === null ? null : numberOf(access.attr(factor, 'ValueComponent'));
      const component = factor === null ? null : access.ref(factor, 'UnitComponent');
      const inner = component === null ? IDENTITY : this.conversionOf(component, depth + 1);
      const conversionOffset = numberOf(access.attr(unitId, 'ConversionOffset')) ?? 0;
      // IFC: SI = (value − ConversionOffset) × factor (°F: offset −459.67, factor 5/9 K).
      const scale = (value ?? 1) * inner.scale;
      result = { scale, offset: -conversionOffset * scale + inner.offset };
    } else if (cls === 'IFCDERIVEDUNIT') {
      let scale = 1;
      for (const element of access.refs(unitId, 'Elements')) {
        const unit = access.ref(element, 'Unit');
        const exponent = numberOf(access.attr(element, 'Exponent')) ?? 1;
        if (unit !== null) scale *= this.conversionOf(unit, depth + 1).scale ** exponent;
      }
      result = { scale, offset: 0 };
    }
    this.conversions.set(unitId, result);
    return result;
  }
}
