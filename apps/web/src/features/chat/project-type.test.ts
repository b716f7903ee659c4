import { describe, expect, it } from 'vitest';
import { detectProjectType, detectScale, TYPE_WEIGHTS, typeScore } from './project-type';

describe('project-type detection', () => {
  it('scores one keyword at the type weight and detects it above 0.5', () => {
    const result = detectProjectType('Riverside clinic');
    expect(result.type).toBe('healthcare');
    expect(result.score).toBe(TYPE_WEIGHTS.healthcare);
    expect(result.confidence).toBe(0.5);
    expect(result.matchedKeywords).toEqual(['clinic']);
  });

  it('multiplies the score by 1.2 when more than one keyword matches', () => {
    const { score, matched } = typeScore('office', 'corporate headquarters office');
    expect(matched).toHaveLength(3);
    expect(score).toBeCloseTo(3 * 0.8 * 1.2);
    const result = detectProjectType('Corporate headquarters', 'open-plan office floors');
    expect(result.type).toBe('office');
    expect(result.confidence).toBe(1); // score 2.88 / 2, capped at 1
  });

  it('caps confidence at 1 and keeps it at score/2 below that', () => {
    const two = detectProjectType('hotel resort');
    expect(two.type).toBe('hospitality');
    expect(two.score).toBeCloseTo(2 * 0.8 * 1.2);
    expect(two.confidence).toBeCloseTo(0.96);
  });

  it('falls back to general when no type scores above 0.5', () => {
    expect(detectProjectType('Project Alpha', 'model review')).toMatchObject({
      type: 'general',
      confidence: 0,
    });
    expect(detectProjectType('')).toMatchObject({ type: 'general' });
  });

  it('prefers the type with the highest score', () => {
    expect(detectProjectType('A school with a small library and a clinic').type).toBe('education');
  });

  it('reads the scale from its words', () => {
    expect(detectScale('Office tower in the city')).toBe('large');
    expect(detectScale('University campus')).toBe('large');
    expect(detectScale('A single family house')).toBe('small');
    expect(detectScale('Two-storey house')).toBe('medium');
  });
});
