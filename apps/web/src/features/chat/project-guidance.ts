import type { ProjectType } from './project-type';

/** What the panel says for each project type: its focus areas and the questions it suggests first. */
interface Guidance {
  label: string;
  keyAreas: readonly string[];
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

export const GUIDANCE: Record<ProjectType, Guidance> = {
  healthcare: {
    label: 'healthcare',
    keyAreas: [
      'Fire compartmentation',
      'Door and corridor clearances',
      'Room data for clinical spaces',
      'MEP and medical services',
    ],
    questions: [
      'Which doors fail fire rating?',
      'Which walls fail fire rating?',
      'How many spaces per level?',
    ],
  },
  office: {
    label: 'office',
    keyAreas: [
      'Fire safety of cores and walls',
      'Space and occupancy data',
      'Façade and glazing',
      'Building services coordination',
    ],
    questions: ['How many spaces per level?', 'How many windows per level?', 'Which walls fail fire rating?'],
  },
  residential: {
    label: 'residential',
    keyAreas: [
      'Fire separation between dwellings',
      'Doors and windows schedules',
      'Room data',
      'Handover information',
    ],
    questions: ['How many doors per level?', 'How many windows per level?', 'Which walls fail fire rating?'],
  },
  industrial: {
    label: 'industrial',
    keyAreas: ['Structural frame', 'Fire compartments', 'Equipment and services data', 'Asset handover'],
    questions: [
      'How many columns per level?',
      'How many beams per level?',
      'Which elements fail the IDS requirements?',
    ],
  },
  infrastructure: {
    label: 'infrastructure',
    keyAreas: [
      'Alignment and geometry data',
      'Structural elements',
      'Classification of assets',
      'Information requirements',
    ],
    questions: ['Give me an overview of the model', 'Which elements fail the IDS requirements?'],
  },
  education: {
    label: 'education',
    keyAreas: [
      'Fire safety and escape doors',
      'Classroom and space data',
      'Accessibility',
      'Facility management handover',
    ],
    questions: ['How many spaces per level?', 'Which doors fail fire rating?', 'How many doors per level?'],
  },
  retail: {
    label: 'retail',
    keyAreas: [
      'Fire safety of shop units',
      'Shopfront glazing',
      'Space data for tenancies',
      'Services coordination',
    ],
    questions: ['How many spaces per level?', 'Which walls fail fire rating?'],
  },
  hospitality: {
    label: 'hospitality',
    keyAreas: ['Fire separation of guest rooms', 'Door schedules', 'Room data', 'Services and finishes'],
    questions: ['How many doors per level?', 'Which doors fail fire rating?', 'How many spaces per level?'],
  },
  aviation: {
    label: 'aviation',
    keyAreas: ['Fire strategy of terminals', 'Large-span structure', 'Wayfinding spaces', 'Systems handover'],
    questions: ['How many spaces per level?', 'Which walls fail fire rating?'],
  },
  transportation: {
    label: 'transportation',
    keyAreas: ['Fire and smoke control', 'Structure and platforms', 'Passenger spaces', 'Asset information'],
    questions: ['How many spaces per level?', 'Which elements fail the IDS requirements?'],
  },
  general: {
    label: 'building',
    keyAreas: [
      'IDS compliance',
      'Missing property data',
      'Model structure and levels',
      'Changes between versions',
    ],
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

export function welcomeMessage(type: ProjectType, projectName: string, fileName: string): string {
  const kind = GUIDANCE[type].label;
  return `Welcome! I've looked at ${fileName} in your ${kind} project "${projectName}". Ask me about compliance, missing information, element counts or what changed between versions — I answer from the model's own data and point you to the elements.`;
}
