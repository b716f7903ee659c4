import { describe, expect, it } from 'vitest';
import { derivedFunctionalGroup, primaryBimCategory } from './bim-category';

describe('primaryBimCategory', () => {
  it('maps occurrence classes in any case, standard cases with their parent', () => {
    expect(primaryBimCategory('IFCWALL')).toBe('Walls');
    expect(primaryBimCategory('IfcWallStandardCase')).toBe('Walls');
    expect(primaryBimCategory('IFCDOOR')).toBe('Doors');
    expect(primaryBimCategory('IFCSLAB')).toBe('Floors');
  });

  it('gives type objects their occurrence category, IFC2X3 styles included', () => {
    expect(primaryBimCategory('IFCWALLTYPE')).toBe('Walls');
    expect(primaryBimCategory('IFCDOORSTYLE')).toBe('Doors');
    expect(primaryBimCategory('IFCWINDOWSTYLE')).toBe('Windows');
    expect(primaryBimCategory('IFCSOMETHINGTYPE')).toBe('Types');
  });

  it('falls back to Other for classes it does not know', () => {
    expect(primaryBimCategory('IFCVIRTUALELEMENT')).toBe('Other');
  });
});

describe('derivedFunctionalGroup', () => {
  it('groups categories by discipline', () => {
    expect(derivedFunctionalGroup('IFCWALL')).toBe('Architecture');
    expect(derivedFunctionalGroup('IFCBEAM')).toBe('Structure');
    expect(derivedFunctionalGroup('IFCDUCTSEGMENT')).toBe('Mechanical');
    expect(derivedFunctionalGroup('IFCVIRTUALELEMENT')).toBe('General');
  });
});
