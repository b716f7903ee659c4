import type { ProjectType } from './project-type';

/**
 * The questions the panel suggests first for each project type. The type's name and its four focus
 * areas are messages of the chat catalogue (`chat.guide.kind`, `chat.guide.area1`…`4`, by type).
 */
interface Guidance {
  questions: readonly string[];
}

const COMMON_QUESTIONS = [
  'Summarise compliance',
  'What properties are most often missing?',
  'What changed since the previous version?',
  'Which walls fail fire rating?',
  'How many doors per level?',
  'Which elements fail the IDS requirements?',
  'How many spaces per level?',
  'Give me an overview of the model',
] as const;

/** The ids of the four focus-area messages, each a select over the project type. */
export const KEY_AREAS = [
  'chat.guide.area1',
  'chat.guide.area2',
  'chat.guide.area3',
  'chat.guide.area4',
] as const;

export const GUIDANCE: Record<ProjectType, Guidance> = {
  healthcare: {
    questions: [
      'Which doors fail fire rating?',
      'Which walls fail fire rating?',
      'How many spaces per level?',
    ],
  },
  office: {
    questions: ['How many spaces per level?', 'How many windows per level?', 'Which walls fail fire rating?'],
  },
  residential: {
    questions: ['How many doors per level?', 'How many windows per level?', 'Which walls fail fire rating?'],
  },
  industrial: {
    questions: [
      'How many columns per level?',
      'How many beams per level?',
      'Which elements fail the IDS requirements?',
    ],
  },
  infrastructure: {
    questions: ['Give me an overview of the model', 'Which elements fail the IDS requirements?'],
  },
  education: {
    questions: ['How many spaces per level?', 'Which doors fail fire rating?', 'How many doors per level?'],
  },
  retail: {
    questions: ['How many spaces per level?', 'Which walls fail fire rating?'],
  },
  hospitality: {
    questions: ['How many doors per level?', 'Which doors fail fire rating?', 'How many spaces per level?'],
  },
  aviation: {
    questions: ['How many spaces per level?', 'Which walls fail fire rating?'],
  },
  transportation: {
    questions: ['How many spaces per level?', 'Which elements fail the IDS requirements?'],
  },
  general: {
    questions: [],
  },
};

export const SUGGESTIONS_PER_PAGE = 4;

/** The type's questions first, then the common ones, without repeats. */
export function suggestedQuestions(type: ProjectType): string[] {
  return [...new Set([...GUIDANCE[type].questions, ...COMMON_QUESTIONS])];
}

/** Page `page` of the suggestions, 4 at a time (spec 3 §9), wrapping around. */
export function suggestionPage(all: readonly string[], page: number): string[] {
  if (all.length <= SUGGESTIONS_PER_PAGE) return [...all];
  const pages = Math.ceil(all.length / SUGGESTIONS_PER_PAGE);
  const start = (((page % pages) + pages) % pages) * SUGGESTIONS_PER_PAGE;
  return all.slice(start, start + SUGGESTIONS_PER_PAGE);
}
