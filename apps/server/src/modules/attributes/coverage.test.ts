import { describe, expect, it } from 'vitest';
import { analyzeAttribute } from './analyze';
import { attributeInsights, namesMatch, suggestionPriority, toExtraAttributes } from './coverage';

describe('namesMatch (spec 2 §5)', () => {
  it('matches equal names ignoring case and surrounding spaces', () => {
    expect(namesMatch(' FireRating ', 'firerating')).toBe(true);
    expect(namesMatch('Width', 'width')).toBe(true);
  });
  it('matches containment only when both names have at least 6 characters', () => {
    expect(namesMatch('FireRating', 'Rating')).toBe(true);
    expect(namesMatch('IsExternal', 'External')).toBe(true);
    expect(namesMatch('Width', 'OverallWidth')).toBe(false);
    expect(namesMatch('Status', 'Stat')).toBe(false);
    expect(namesMatch('Reference', 'Material')).toBe(false);
    expect(namesMatch('', '')).toBe(false);
  });
});

describe('suggestionPriority (spec 2 §9)', () => {
  it('is high above 80 %, medium above 50 %, else low, and low once covered', () => {
    expect(suggestionPriority(80.1, false)).toBe('high');
    expect(suggestionPriority(80, false)).toBe('medium');
    expect(suggestionPriority(50.1, false)).toBe('medium');
    expect(suggestionPriority(50, false)).toBe('low');
    expect(suggestionPriority(99, true)).toBe('low');
  });
});

const stat = (name: string, elementCount: number, populatedCount = elementCount) => ({
  propertySet: 'Pset_Test',
  name,
  elementCount,
  populatedCount,
  distinctValues: 1,
  sampleValues: ['x'],
  ifcClasses: ['IfcWall'],
  dataType: 'IFCLABEL',
});

describe('toExtraAttributes and attributeInsights', () => {
  const facets = [
    {
      specificationId: '00000000-0000-0000-0000-000000000001',
      specificationName: 'Walls',
      propertyName: 'FireRating',
    },
  ];
  const scopes = [{ name: 'Walls', entityNames: ['IFCWALL'] }];
  const attributes = toExtraAttributes(
    [stat('FireRating', 90), stat('AcousticRating', 95, 19), stat('Colour', 60), stat('Note', 10)],
    100,
    facets,
    scopes,
    new Map([['Pset_Test.Colour', 'not_recommended' as const]]),
  );

  it('derives coverage, occurrence, helpfulness, priority and the suggested specification', () => {
    const [fire, acoustic, colour, note] = attributes;
    expect(fire).toMatchObject({ ids_coverage: 'covered', suggestion_priority: 'low', occurrence: 90 });
    expect(fire?.covering_specifications).toEqual([{ id: facets[0]?.specificationId, name: 'Walls' }]);
    // 'AcousticRating' contains 'Rating'? The facet is 'FireRating': neither contains the other.
    expect(acoustic).toMatchObject({
      ids_coverage: 'not_covered',
      suggestion_priority: 'high',
      helpfulness: 20,
    });
    expect(colour).toMatchObject({ suggestion_priority: 'medium', recommendation_status: 'not_recommended' });
    expect(note).toMatchObject({ suggestion_priority: 'low', suggested_schema_category: 'Walls' });
  });

  it('sums gaps and recommends open gaps by priority then occurrence, leaving settled ones out', () => {
    const insights = attributeInsights(attributes);
    expect(insights).toMatchObject({
      totalGaps: 3,
      highPriorityGaps: 1,
      averageOccurrence: 63.8,
      coverageOpportunity: 50,
    });
    expect(insights.topRecommendations.map((r) => r.name)).toEqual(['AcousticRating', 'Note']);
  });
});

describe('analyzeAttribute', () => {
  const profile = {
    elementCount: 40,
    populatedCount: 40,
    distinctValues: 2,
    sampleValues: ['1', '2'],
    dataType: null,
    booleanValues: 0,
    integerValues: 40,
    realValues: 40,
  };
  it('infers the narrowest type the values fit, suggests an enumeration of repeated values', () => {
    const result = analyzeAttribute(profile, 50);
    expect(result.data_type_suggestions.map((s) => s.data_type)).toEqual(['IFCINTEGER', 'IFCTEXT']);
    expect(result.cardinality_suggestion).toBe('required');
    expect(result.suggested_constraints).toEqual([{ type: 'enumeration', values: ['1', '2'] }]);
  });
  it("puts the model's declared type first and stays optional below 80 % occurrence", () => {
    const result = analyzeAttribute({ ...profile, dataType: 'IfcCountMeasure', distinctValues: 40 }, 100);
    expect(result.data_type_suggestions[0]?.data_type).toBe('IFCCOUNTMEASURE');
    expect(result.cardinality_suggestion).toBe('optional');
    expect(result.suggested_constraints).toEqual([]);
  });
});
