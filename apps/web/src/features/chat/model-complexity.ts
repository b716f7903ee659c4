/**
 * Model complexity (spec 3 §9 'Chat'): elements above 500/2000/5000 add 1/2/3, levels above 2/5/10
 * add 1/2/3, categories above 10/20 add 1/2. A total of 6 or more is complex, 3 or more moderate,
 * else simple. Complex geometry means more than 1000 elements; multi-level, more than 1 level.
 */
export type Complexity = 'simple' | 'moderate' | 'complex';

export interface ModelFigures {
  elementCount: number;
  levelCount: number;
  categories: readonly { name: string; count: number }[];
}

export interface ModelInsights {
  score: number;
  complexity: Complexity;
  complexGeometry: boolean;
  multiLevel: boolean;
  /** The three largest categories. */
  topCategories: { name: string; count: number }[];
}

function tier(value: number, thresholds: readonly number[]): number {
  let points = 0;
  thresholds.forEach((threshold, i) => {
    if (value > threshold) points = i + 1;
  });
  return points;
}

export function complexityScore(figures: ModelFigures): number {
  return (
    tier(figures.elementCount, [500, 2000, 5000]) +
    tier(figures.levelCount, [2, 5, 10]) +
    tier(figures.categories.length, [10, 20])
  );
}

export function modelInsights(figures: ModelFigures): ModelInsights {
  const score = complexityScore(figures);
  return {
    score,
    complexity: score >= 6 ? 'complex' : score >= 3 ? 'moderate' : 'simple',
    complexGeometry: figures.elementCount > 1000,
    multiLevel: figures.levelCount > 1,
    topCategories: [...figures.categories].sort((a, b) => b.count - a.count).slice(0, 3),
  };
}
