/** PJS001 (conversion-based units), PJS002 (what a project declares), PJS003 (GlobalId format), PJS101 (one project). */
import type { Rule } from '../rule';
import { tables } from '../tables/generated';
import { plainValue } from '../view';

const PREFIX: Record<string, number> = {
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

/** The power a prefix takes for a unit name (SQUARE_METRE: 2, CUBIC_METRE: 3). */
const dimension = (unit: string) => (unit.startsWith('SQUARE_') ? 2 : unit.startsWith('CUBIC_') ? 3 : 1);

/** A factor given in one prefixed SI unit expressed in another prefix of it. */
function convertFactor(
  value: number,
  fromPrefix: string | null,
  toPrefix: string | null,
  unit: string,
): number {
  const d = dimension(unit);
  return (value * (PREFIX[fromPrefix ?? ''] ?? 1) ** d) / (PREFIX[toPrefix ?? ''] ?? 1) ** d;
}

const isClose = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(Math.abs(a), Math.abs(b));

const SI_FOR_TYPE: Record<string, string> = {
  AREAUNIT: 'SQUARE_METRE',
  LENGTHUNIT: 'METRE',
  VOLUMEUNIT: 'CUBIC_METRE',
  PLANEANGLEUNIT: 'RADIAN',
};

export const PJS001: Rule = {
  id: 'PJS001',
  severity: 'error',
  check(view, out) {
    const units: number[] = [];
    for (const project of view.ofType('IfcProject')) {
      const assignment = view.ref(project, 'UnitsInContext');
      if (assignment === null) continue;
      for (const unit of view.refs(assignment, 'Units')) {
        if (view.classOf(unit) === 'IFCCONVERSIONBASEDUNIT') units.push(unit);
      }
    }
    out.activate(units.length > 0);
    for (const unit of units) {
      const unitType = view.enumValue(unit, 'UnitType');
      const name = (view.str(unit, 'Name') ?? '').toLowerCase();
      const accepted = tables.conversionUnits.filter((u) => unitType === null || u.unitType === unitType);
      const known = accepted.find((u) => u.name.toLowerCase() === name);
      if (unitType !== null && unitType in SI_FOR_TYPE && !known) {
        out.add(unit, 'validity.PJS001.name', { name, unitType });
      }
      const measure = view.ref(unit, 'ConversionFactor');
      const component = measure === null ? null : view.ref(measure, 'UnitComponent');
      if (component === null) continue;
      if (view.classOf(component) !== 'IFCSIUNIT') {
        out.add(unit, 'validity.PJS001.notSi', { className: view.className(component) });
        continue;
      }
      const siName = view.enumValue(component, 'Name') ?? '';
      const expectedSi = unitType === null ? undefined : SI_FOR_TYPE[unitType];
      if (expectedSi !== undefined && siName !== expectedSi) {
        out.add(unit, 'validity.PJS001.siUnit', { expected: expectedSi, actual: siName });
      }
      if (known) {
        const factor = plainValue(view.attr(measure!, 'ValueComponent'));
        const expected = convertFactor(
          known.factor,
          known.siPrefix,
          view.enumValue(component, 'Prefix'),
          siName,
        );
        if (typeof factor === 'number' && !isClose(factor, expected)) {
          out.add(unit, 'validity.PJS001.factor', { name, expected, actual: factor });
        }
      }
    }
  },
};

export const PJS002: Rule = {
  id: 'PJS002',
  severity: 'error',
  check(view, out) {
    const allowed = tables.projectDeclaration[view.schemaName] ?? [];
    for (const project of view.ofType('IfcProject')) {
      for (const rel of view.inverse(project, 'Declares')) {
        for (const declared of view.refs(rel, 'RelatedDefinitions')) {
          if (!view.is(declared, 'IfcRoot')) continue;
          out.activate();
          if (!allowed.some((entity) => view.is(declared, entity))) {
            out.add(declared, 'validity.PJS002.declares', { project: String(project) });
          }
        }
      }
    }
  },
};

const GUID_CHARACTERS = /^[0-9A-Za-z_$]*$/;
const WELL_FORMED = /^[0-3][0-9A-Za-z_$]{21}$/;

export const PJS003: Rule = {
  id: 'PJS003',
  severity: 'error',
  check(view, out) {
    // Most GlobalIds are well formed: judged from the bytes, without building the string (the
    // survey SCH001 reads too).
    const { roots, wellFormed } = view.globalIdSurvey();
    for (let i = 0; i < roots.length; i++) {
      if (wellFormed[i] === 1) {
        out.activate();
        continue;
      }
      const id = roots[i]!;
      const guid = view.globalId(id);
      if (guid === null) continue; // a null GlobalId is the schema check's, not this rule's
      if (guid !== '') out.activate();
      if (WELL_FORMED.test(guid)) continue;
      const problems: string[] = [];
      if (guid.length !== 22) problems.push('length');
      if (!GUID_CHARACTERS.test(guid)) problems.push('characters');
      if (!/^[0-3]/.test(guid)) problems.push('start');
      if (problems.length > 0) {
        out.add(id, 'validity.PJS003.format', {
          globalId: guid,
          length: guid.length,
          problems: problems.join(','),
        });
      }
    }
  },
};

export const PJS101: Rule = {
  id: 'PJS101',
  severity: 'warning',
  check(view, out) {
    out.activate(); // 'Given an IFC Model'
    const projects = view.ofType('IfcProject');
    if (projects.length !== 1) out.add(null, 'validity.PJS101.count', { count: projects.length });
  },
};
