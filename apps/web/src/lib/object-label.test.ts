import { describe, expect, it } from 'vitest';
import { classLabel, objectLabel } from './object-label';

describe('objectLabel', () => {
  it('says which entity a row is when it has no GlobalId, name or class', () => {
    const row = { viewer_db_id: 118, global_id: null, name: null, ifc_class: null };
    expect(objectLabel(row).text).toBe('IFC entity #118');
    expect(objectLabel(row).hint).toContain('#118');
    expect(objectLabel(row).text).not.toContain('—');
    expect(classLabel(row)).toBe('Not an element');
  });

  it('names an unnamed element by its class and STEP id', () => {
    const row = { viewer_db_id: 7, global_id: 'g', name: null, ifc_class: 'IfcWall' };
    expect(objectLabel(row).text).toBe('Unnamed IfcWall #7');
    expect(classLabel(row)).toBe('IfcWall');
  });

  it('keeps a name as it is', () => {
    expect(objectLabel({ viewer_db_id: 7, global_id: 'g', name: 'Door 1', ifc_class: 'IfcDoor' }).text).toBe(
      'Door 1',
    );
  });
});
