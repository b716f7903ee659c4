import type { BimElement } from '@plumbline/contracts';
import { describe, expect, it } from 'vitest';
import { elementExportFileName, elementExportJson } from './element-export';

const element: BimElement = {
  id: '2O2Fr$t4X7Zf8NOew3FLOH',
  file_version_id: '00000000-0000-4000-8000-000000000001',
  viewer_db_id: 42,
  primary_bim_category: 'Windows',
  ifc_class: 'IFCWINDOW',
  type_name: 'W1',
  ifc_entity_type: 'IfcWindow',
  type_name_override: null,
  level: 'Ground',
  source_name: 'Window 1',
  source_external_id: null,
  persistent_guid: '2O2Fr$t4X7Zf8NOew3FLOH',
  derived_functional_group: 'Architecture',
  properties_data: { 'Pset_WindowCommon:IsExternal': 'true', Mark: null },
};

describe('element export', () => {
  it('names the file after the GlobalId, or the viewer id when there is none', () => {
    expect(elementExportFileName(element)).toBe('element-2O2Fr$t4X7Zf8NOew3FLOH.json');
    expect(elementExportFileName({ id: '#42', viewer_db_id: 42 })).toBe('element-42.json');
  });

  it('writes the element as received, nulls included', () => {
    expect(JSON.parse(elementExportJson(element))).toEqual(element);
  });
});
