import { describe, expect, it } from 'vitest';
import { foundLine, sourceLabel } from './chat-message';

describe('chat answer sources', () => {
  it('names a cited element by name, class and storey', () => {
    expect(
      sourceLabel({
        global_id: '2O2Fr$t4X7Zf8NOew3FLOH',
        name: 'Door D01',
        ifc_class: 'IfcDoor',
        storey: 'Level 00',
      }),
    ).toBe('Door D01 · IfcDoor · Level 00');
    expect(
      sourceLabel({ global_id: '2O2Fr$t4X7Zf8NOew3FLOH', name: null, ifc_class: 'IfcWall', storey: null }),
    ).toBe('Unnamed · IfcWall · no storey');
  });

  it('says under the answer what it found, instead of a toast', () => {
    expect(foundLine(0)).toBe('No elements cited.');
    expect(foundLine(1)).toBe('Found 1 element: click a source to highlight it in the 3D viewer.');
    expect(foundLine(1234)).toBe('Found 1,234 elements: click a source to highlight it in the 3D viewer.');
  });
});
