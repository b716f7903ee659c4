import type { BimElement } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { locationRows } from './location-tab';

const element: BimElement = {
  id: 'g',
  file_version_id: '00000000-0000-4000-8000-000000000001',
  viewer_db_id: 1,
  primary_bim_category: 'Walls',
  ifc_class: 'IFCWALL',
  type_name: null,
  ifc_entity_type: 'IfcWall',
  type_name_override: null,
  level: null,
  source_name: 'Wall',
  source_external_id: null,
  persistent_guid: 'g',
  derived_functional_group: 'Architecture',
  properties_data: {},
};

describe('location rows', () => {
  it('always shows the four fixed rows and only the optional ones that have a value', () => {
    expect(locationRows(element).map((r) => r.label)).toEqual([
      'level',
      'entityType',
      'sourceName',
      'functionalGroup',
      'guid',
    ]);
    const full = { ...element, source_external_id: 'E-1', type_name_override: 'PARTITIONING' };
    expect(locationRows(full).map((r) => r.label)).toEqual([
      'level',
      'entityType',
      'sourceName',
      'functionalGroup',
      'externalId',
      'typeOverride',
      'guid',
    ]);
    expect(locationRows(element)[0]).toEqual({ label: 'level', value: null });
  });
});
