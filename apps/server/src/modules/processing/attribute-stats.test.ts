import { describe, expect, it } from 'vitest';
import { summariseProperties } from './attribute-stats';
import type { ExtractedModel } from './extract';

function model(rows: Array<[number, string, string, string | null, string | null]>): ExtractedModel {
  return {
    elements: {
      stepId: [1, 2, 3],
      globalId: [null, null, null],
      ifcClass: ['IFCWALL', 'IFCWALL', 'IFCDOOR'],
      name: [null, null, null],
      typeName: [null, null, null],
      predefinedType: [null, null, null],
      predefinedTypeUserDefined: [false, false, false],
      level: [null, null, null],
      x: [null, null, null],
      y: [null, null, null],
      z: [null, null, null],
      propertyHash: [null, null, null],
    },
    properties: {
      elementStepId: rows.map((r) => r[0]),
      propertySet: rows.map((r) => r[1]),
      name: rows.map((r) => r[2]),
      value: rows.map((r) => r[3]),
      dataType: rows.map((r) => r[4]),
    },
  };
}

describe('summariseProperties', () => {
  it('counts elements once, values when not blank, and keeps the smallest distinct values in code-point order', () => {
    const [width, done] = summariseProperties(
      model([
        [1, 'Pset', 'Width', ' 2.5 ', 'IFCLENGTHMEASURE'],
        [1, 'Pset', 'Width', '2.5', 'IFCLENGTHMEASURE'],
        [1, 'Pset', 'Done', 'TRUE', 'IFCBOOLEAN'],
        [2, 'Pset', 'Width', '10', 'IFCLENGTHMEASURE'],
        [2, 'Pset', 'Done', '\t', 'IFCBOOLEAN'],
        [3, 'Pset', 'Width', 'b', 'IFCLABEL'],
        [3, 'Pset', 'Done', 'false', null],
      ]),
    );
    expect(width).toEqual({
      propertySet: 'Pset',
      name: 'Width',
      elementCount: 3,
      populatedCount: 3,
      distinctValues: 3,
      sampleValues: ['10', '2.5', 'b'],
      ifcClasses: ['IFCWALL', 'IFCDOOR'],
      dataType: 'IFCLENGTHMEASURE',
      booleanValues: 0,
      integerValues: 1,
      realValues: 2,
    });
    expect(done).toMatchObject({
      elementCount: 3,
      populatedCount: 2,
      distinctValues: 2,
      sampleValues: ['TRUE', 'false'],
      booleanValues: 2,
      dataType: 'IFCBOOLEAN',
    });
  });
  it('keeps the 10 smallest of many distinct values, whatever order they come in', () => {
    const values = Array.from({ length: 12 }, (_, i) => `v${String(i).padStart(2, '0')}`).reverse();
    const [tag] = summariseProperties(model(values.map((v, i) => [i + 1, 'P', 'Tag', v, null])));
    expect(tag?.distinctValues).toBe(12);
    expect(tag?.sampleValues).toEqual(['v00', 'v01', 'v02', 'v03', 'v04', 'v05', 'v06', 'v07', 'v08', 'v09']);
  });
});
