import type { SchemaFacet } from '@plumbline/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { switchLocale, t } from '@/lib/i18n';
import { FIRE_RATING, idsFacet } from '@/lib/testing/ids-fixtures';
import {
  constraintText,
  failingElementsText,
  idsExport,
  NO_FILTERS,
  nextRequirementSort,
  requirementText,
  visibleRequirements,
} from './requirement-view';

const SPEC_A = '00000000-0000-0000-0000-00000000000a';
const SPEC_B = '00000000-0000-0000-0000-00000000000b';

function facet(id: string, patch: Partial<SchemaFacet>): SchemaFacet {
  return {
    ...idsFacet({ id, ...FIRE_RATING }),
    specification_id: SPEC_A,
    specification_name: 'Walls',
    compliance: 'passed',
    failed_elements: 0,
    applicable_elements: 3,
    ...patch,
  };
}

const rows = [
  facet('0.r0', {}),
  facet('0.r1', {
    facet_type: 'attribute',
    attribute_name: 'Name',
    property_set: null,
    property_name: null,
    cardinality: 'optional',
    compliance: 'failed',
  }),
  facet('1.r0', {
    facet_type: 'material',
    material_value: 'Concrete',
    property_set: null,
    property_name: null,
    specification_id: SPEC_B,
    compliance: 'no-data',
    cardinality: 'prohibited',
  }),
];

describe('visibleRequirements', () => {
  it('filters by specification, type, cardinality and compliance', () => {
    expect(
      visibleRequirements(t, rows, { ...NO_FILTERS, specificationId: SPEC_B }, null).map((f) => f.id),
    ).toEqual(['1.r0']);
    expect(visibleRequirements(t, rows, { ...NO_FILTERS, type: 'attribute' }, null).map((f) => f.id)).toEqual(
      ['0.r1'],
    );
    expect(visibleRequirements(t, rows, { ...NO_FILTERS, cardinality: 'prohibited' }, null)).toHaveLength(1);
    expect(
      visibleRequirements(t, rows, { ...NO_FILTERS, compliance: 'no-data' }, null).map((f) => f.id),
    ).toEqual(['1.r0']);
  });
  it('searches property, set, entity, attribute, classification system and material, case-insensitively', () => {
    expect(
      visibleRequirements(t, rows, { ...NO_FILTERS, search: 'wallcommon' }, null).map((f) => f.id),
    ).toEqual(['0.r0']);
    expect(
      visibleRequirements(t, rows, { ...NO_FILTERS, search: 'CONCRETE' }, null).map((f) => f.id),
    ).toEqual(['1.r0']);
    expect(visibleRequirements(t, rows, { ...NO_FILTERS, search: 'walls' }, null)).toEqual([]);
  });
  it('sorts ascending, descending, then back to document order', () => {
    const asc = nextRequirementSort(null, 'compliance');
    expect(visibleRequirements(t, rows, NO_FILTERS, asc).map((f) => f.compliance)).toEqual([
      'failed',
      'no-data',
      'passed',
    ]);
    const desc = nextRequirementSort(asc, 'compliance');
    expect(visibleRequirements(t, rows, NO_FILTERS, desc).map((f) => f.compliance)).toEqual([
      'passed',
      'no-data',
      'failed',
    ]);
    expect(nextRequirementSort(desc, 'compliance')).toBeNull();
    expect(visibleRequirements(t, rows, NO_FILTERS, null).map((f) => f.id)).toEqual(['0.r0', '0.r1', '1.r0']);
  });
});

describe('texts and export', () => {
  it('describes requirements and shows 3 enumeration values then "+n more"', () => {
    expect(requirementText(t, rows[0] as SchemaFacet)).toBe('Pset_WallCommon.FireRating');
    expect(constraintText(t, { type: 'enumeration', values: ['A', 'B', 'C', 'D', 'E'] })).toBe(
      'A, B, C +2 more',
    );
    expect(constraintText(t, { type: 'enumeration', values: ['A'] })).toBe('A');
  });
  it('exports specifications, facets, statistics, exported_at and project_id', () => {
    const spec = {
      id: SPEC_A,
      name: 'Walls',
      description: null,
      ids_file_id: SPEC_B,
      ids_file_name: 'walls.ids',
      applicable_elements: 3,
      passed_elements: 3,
      failed_elements: 0,
      compliance_rate: 100,
      state: 'passed' as const,
      applicability_facets: [],
      requirement_facets: [rows[0] as SchemaFacet],
    };
    const statistics = { total_specifications: 1, ids_compliance: 100, total_facets: 1, required_facets: 1 };
    const out = idsExport('p1', { specifications: [spec], statistics }, new Date('2026-11-22T10:00:00Z'));
    expect(Object.keys(out).sort()).toEqual([
      'exported_at',
      'facets',
      'project_id',
      'specifications',
      'statistics',
    ]);
    expect(out.facets).toHaveLength(1);
    expect(out.exported_at).toBe('2026-11-22T10:00:00.000Z');
    expect(out.specifications[0]?.requirement_facet_ids).toEqual(['0.r0']);
  });
});

describe('failingElementsText', () => {
  it('says how many applicable elements do not meet the requirement, in plain words', () => {
    expect(failingElementsText(t, 1, 1)).toBe('The only applicable element does not meet it');
    expect(failingElementsText(t, 4, 4)).toBe('None of the 4 applicable elements meet it');
    expect(failingElementsText(t, 1, 5)).toBe('1 of 5 applicable elements does not meet it');
    expect(failingElementsText(t, 3, 5)).toBe('3 of 5 applicable elements do not meet it');
  });

  it('says it in German, with the pattern and material words of the table', async () => {
    await switchLocale('de');
    expect(failingElementsText(t, 1, 1)).toBe('Das einzige anwendbare Bauteil erfüllt sie nicht');
    expect(failingElementsText(t, 1, 5)).toBe('1 von 5 anwendbaren Bauteilen erfüllt sie nicht');
    expect(failingElementsText(t, 3, 5)).toBe('3 von 5 anwendbaren Bauteilen erfüllen sie nicht');
    expect(constraintText(t, { type: 'pattern', pattern: 'EI[0-9]+' })).toBe('Muster: EI[0-9]+');
  });
});

afterEach(() => switchLocale('en'));
