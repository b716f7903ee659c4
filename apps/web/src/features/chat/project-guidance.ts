import type { MessageId } from '@/lib/i18n';
import type { ProjectType } from './project-type';

/**
 * The questions the panel suggests when the server has none for the model (an older server): ids of
 * the chat catalogue (`chat.question.*`), asked in the page's language, which the assistant
 * understands (decision 0415). The type's name and its four focus areas are messages of the chat
 * catalogue too (`chat.guide.kind`, `chat.guide.area1`…`4`, by type).
 */
export type QuestionId = Extract<MessageId, `chat.question.${string}`>;

interface Guidance {
  questions: readonly QuestionId[];
}

const COMMON_QUESTIONS: readonly QuestionId[] = [
  'chat.question.summary',
  'chat.question.missingProperties',
  'chat.question.changed',
  'chat.question.wallsFireRating',
  'chat.question.doorsPerLevel',
  'chat.question.failingElements',
  'chat.question.spacesPerLevel',
  'chat.question.overview',
];

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
      'chat.question.doorsFireRating',
      'chat.question.wallsFireRating',
      'chat.question.spacesPerLevel',
    ],
  },
  office: {
    questions: [
      'chat.question.spacesPerLevel',
      'chat.question.windowsPerLevel',
      'chat.question.wallsFireRating',
    ],
  },
  residential: {
    questions: [
      'chat.question.doorsPerLevel',
      'chat.question.windowsPerLevel',
      'chat.question.wallsFireRating',
    ],
  },
  industrial: {
    questions: [
      'chat.question.columnsPerLevel',
      'chat.question.beamsPerLevel',
      'chat.question.failingElements',
    ],
  },
  infrastructure: {
    questions: ['chat.question.overview', 'chat.question.failingElements'],
  },
  education: {
    questions: [
      'chat.question.spacesPerLevel',
      'chat.question.doorsFireRating',
      'chat.question.doorsPerLevel',
    ],
  },
  retail: {
    questions: ['chat.question.spacesPerLevel', 'chat.question.wallsFireRating'],
  },
  hospitality: {
    questions: [
      'chat.question.doorsPerLevel',
      'chat.question.doorsFireRating',
      'chat.question.spacesPerLevel',
    ],
  },
  aviation: {
    questions: ['chat.question.spacesPerLevel', 'chat.question.wallsFireRating'],
  },
  transportation: {
    questions: ['chat.question.spacesPerLevel', 'chat.question.failingElements'],
  },
  general: {
    questions: [],
  },
};

export const SUGGESTIONS_PER_PAGE = 4;

/** The type's questions first, then the common ones, without repeats (ids; the panel renders them). */
export function suggestedQuestions(type: ProjectType): QuestionId[] {
  return [...new Set([...GUIDANCE[type].questions, ...COMMON_QUESTIONS])];
}

/** Page `page` of the suggestions, 4 at a time (spec 3 §9), wrapping around. */
export function suggestionPage<Q>(all: readonly Q[], page: number): Q[] {
  if (all.length <= SUGGESTIONS_PER_PAGE) return [...all];
  const pages = Math.ceil(all.length / SUGGESTIONS_PER_PAGE);
  const start = (((page % pages) + pages) % pages) * SUGGESTIONS_PER_PAGE;
  return all.slice(start, start + SUGGESTIONS_PER_PAGE);
}
