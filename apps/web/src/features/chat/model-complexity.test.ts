import { describe, expect, it } from 'vitest';
import { complexityScore, modelInsights } from './model-complexity';

const categories = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `C${i}`, count: i + 1 }));

describe('model complexity', () => {
  it('adds points for elements above 500, 2000 and 5000', () => {
    expect(complexityScore({ elementCount: 500, levelCount: 0, categories: [] })).toBe(0);
    expect(complexityScore({ elementCount: 501, levelCount: 0, categories: [] })).toBe(1);
    expect(complexityScore({ elementCount: 2001, levelCount: 0, categories: [] })).toBe(2);
    expect(complexityScore({ elementCount: 5001, levelCount: 0, categories: [] })).toBe(3);
  });

  it('adds points for levels above 2, 5 and 10 and categories above 10 and 20', () => {
    expect(complexityScore({ elementCount: 0, levelCount: 3, categories: [] })).toBe(1);
    expect(complexityScore({ elementCount: 0, levelCount: 6, categories: [] })).toBe(2);
    expect(complexityScore({ elementCount: 0, levelCount: 11, categories: [] })).toBe(3);
    expect(complexityScore({ elementCount: 0, levelCount: 0, categories: categories(11) })).toBe(1);
    expect(complexityScore({ elementCount: 0, levelCount: 0, categories: categories(21) })).toBe(2);
  });

  it('calls 6 or more complex, 3 or more moderate, else simple', () => {
    expect(modelInsights({ elementCount: 5001, levelCount: 11, categories: [] }).complexity).toBe('complex');
    expect(modelInsights({ elementCount: 2001, levelCount: 3, categories: [] }).complexity).toBe('moderate');
    expect(modelInsights({ elementCount: 2001, levelCount: 0, categories: [] }).complexity).toBe('simple');
  });

  it('flags complex geometry above 1000 elements, multi-level above 1 level, and the top 3 categories', () => {
    const insights = modelInsights({ elementCount: 1001, levelCount: 2, categories: categories(5) });
    expect(insights).toMatchObject({ complexGeometry: true, multiLevel: true });
    expect(insights.topCategories.map((c) => c.name)).toEqual(['C4', 'C3', 'C2']);
    expect(modelInsights({ elementCount: 1000, levelCount: 1, categories: [] })).toMatchObject({
      complexGeometry: false,
      multiLevel: false,
    });
  });
});
