/**
 * Project-type detection by weighted keywords (spec 3 §9 'Chat'): a type scores its weight for each
 * keyword found in the project's text, ×1.2 when more than one matches; it needs a score above 0.5,
 * else the project is 'general'. Confidence is score/2, capped at 1.
 */
export type ProjectType =
  | 'healthcare'
  | 'office'
  | 'residential'
  | 'industrial'
  | 'infrastructure'
  | 'education'
  | 'retail'
  | 'hospitality'
  | 'aviation'
  | 'transportation'
  | 'general';

export type ProjectScale = 'small' | 'medium' | 'large';

export const TYPE_WEIGHTS: Record<Exclude<ProjectType, 'general'>, number> = {
  healthcare: 1,
  office: 0.8,
  residential: 0.9,
  industrial: 0.9,
  infrastructure: 0.95,
  education: 0.85,
  retail: 0.7,
  hospitality: 0.8,
  aviation: 0.9,
  transportation: 0.8,
};

export const TYPE_KEYWORDS: Record<Exclude<ProjectType, 'general'>, readonly string[]> = {
  healthcare: [
    'hospital',
    'clinic',
    'healthcare',
    'medical',
    'surgery',
    'ward',
    'patient',
    'care home',
    'pharmacy',
  ],
  office: ['office', 'workplace', 'headquarters', 'coworking', 'commercial building', 'corporate'],
  residential: [
    'residential',
    'house',
    'housing',
    'apartment',
    'dwelling',
    'home',
    'duplex',
    'villa',
    'flats',
  ],
  industrial: ['industrial', 'factory', 'warehouse', 'plant', 'manufacturing', 'logistics', 'production'],
  infrastructure: ['infrastructure', 'bridge', 'road', 'tunnel', 'highway', 'alignment', 'utility', 'civil'],
  education: [
    'school',
    'university',
    'college',
    'campus',
    'education',
    'classroom',
    'library',
    'kindergarten',
  ],
  retail: ['retail', 'shop', 'store', 'mall', 'supermarket', 'shopping'],
  hospitality: ['hotel', 'hospitality', 'resort', 'restaurant', 'guest', 'motel'],
  aviation: ['airport', 'aviation', 'terminal', 'hangar', 'runway', 'airside'],
  transportation: ['station', 'railway', 'rail', 'metro', 'transport', 'bus depot', 'transit', 'parking'],
};

export const TYPE_MULTI_KEYWORD_FACTOR = 1.2;
export const TYPE_MIN_SCORE = 0.5;

const LARGE_WORDS = ['tower', 'complex', 'campus', 'regional'];
const SMALL_WORDS = ['small', 'single', 'unit'];

export interface ProjectTypeResult {
  type: ProjectType;
  score: number;
  confidence: number;
  matchedKeywords: string[];
  scale: ProjectScale;
}

function containsWord(text: string, keyword: string): boolean {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`\\b${escaped}s?\\b`).test(text);
}

/** The score of one type for a text (already lower-cased). */
export function typeScore(
  type: Exclude<ProjectType, 'general'>,
  text: string,
): { score: number; matched: string[] } {
  const matched = TYPE_KEYWORDS[type].filter((k) => containsWord(text, k));
  let score = matched.length * TYPE_WEIGHTS[type];
  if (matched.length > 1) score *= TYPE_MULTI_KEYWORD_FACTOR;
  return { score, matched };
}

export function detectScale(text: string): ProjectScale {
  const lower = text.toLowerCase();
  if (LARGE_WORDS.some((w) => containsWord(lower, w))) return 'large';
  if (SMALL_WORDS.some((w) => containsWord(lower, w))) return 'small';
  return 'medium';
}

/** Detects the project type from its name, description and file name. */
export function detectProjectType(...texts: (string | null | undefined)[]): ProjectTypeResult {
  const text = texts.filter(Boolean).join(' ').toLowerCase();
  let best: { type: Exclude<ProjectType, 'general'>; score: number; matched: string[] } | null = null;
  for (const type of Object.keys(TYPE_WEIGHTS) as Exclude<ProjectType, 'general'>[]) {
    const { score, matched } = typeScore(type, text);
    if (!best || score > best.score) best = { type, score, matched };
  }
  const scale = detectScale(text);
  if (!best || best.score <= TYPE_MIN_SCORE) {
    return { type: 'general', score: best?.score ?? 0, confidence: 0, matchedKeywords: [], scale };
  }
  return {
    type: best.type,
    score: best.score,
    confidence: Math.min(best.score / 2, 1),
    matchedKeywords: best.matched,
    scale,
  };
}
