import type { EvalQuestion } from './score';

/**
 * Over 500 lines: data, 49 questions with their expected figures' recipes, one per block.
 *
 * Issue 35's questions, written before the analyst was changed for them (the blind count is in the
 * commit that added them): a qualifier that must narrow (a property value, storey, type or status),
 * a storey used as a noun, a question with a follow-up line and the chat box's own example, what
 * changed since the last version and which specifications apply to nothing. Values are checked
 * against their recipes (truth.ts) before any answer is scored.
 */
const DOORS = ['IFCDOOR'];
const WALLS = ['IFCWALL'];
const WINDOWS = ['IFCWINDOW'];
const DOOR_FIRE = 'Every door states its fire rating';
/** A Dutch or German answer renders the engine's failure reasons in its own language. */
const ENGLISH_REASONS = [' is missing', ' has no value', ' has no ', ' is not set', 'expected '];
const DEMO_LEVELS = ['Level 00', 'Level 01', 'Level 02', 'Level 03'];
const NOTHING_DUPLEX = ['Room requirement 1', 'Raam met glas', 'Paneel'];

export const QUESTIONS_35: EvalQuestion[] = [
  // ---- (a) a qualifier narrows the answer
  {
    id: 'i01',
    style: 'a',
    model: 'duplex',
    lang: 'en',
    question: 'How many external walls are there?',
    kind: 'answer',
    figures: [
      { pattern: '{n} external walls', value: 23, recipe: { of: 'inScope', classes: WALLS, external: true } },
    ],
    cites: { of: 'inScope', classes: WALLS, external: true },
    absent: ['57 walls'],
  },
  {
    id: 'i02',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many external walls are there?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} external walls',
        value: 104,
        recipe: { of: 'inScope', classes: WALLS, external: true },
      },
    ],
    absent: ['423 walls'],
  },
  {
    id: 'i03',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many load-bearing walls are there?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} load-bearing walls',
        value: 175,
        recipe: { of: 'withValue', classes: WALLS, property: 'LoadBearing', value: 'true' },
      },
    ],
  },
  {
    id: 'i04',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many internal walls does the model have?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} internal walls',
        value: 319,
        recipe: { of: 'withValue', classes: WALLS, property: 'IsExternal', value: 'false' },
      },
    ],
  },
  {
    id: 'i05',
    style: 'a',
    model: 'duplex',
    lang: 'en',
    question: 'How many external doors are there?',
    kind: 'answer',
    figures: [
      { pattern: '{n} external doors', value: 4, recipe: { of: 'inScope', classes: DOORS, external: true } },
    ],
    cites: { of: 'inScope', classes: DOORS, external: true },
  },
  {
    id: 'i06',
    style: 'a',
    model: 'duplex',
    lang: 'en',
    question: 'How many windows are there on Level 2?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} windows on Level 2',
        value: 18,
        recipe: { of: 'classOnStorey', classes: WINDOWS, storey: 'Level 2' },
      },
    ],
    absent: ['24 windows'],
  },
  {
    id: 'i07',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many doors are on Level 01?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} doors on Level 01',
        value: 70,
        recipe: { of: 'classOnStorey', classes: DOORS, storey: 'Level 01' },
      },
    ],
    absent: ['244 doors'],
  },
  {
    id: 'i08',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many doors are of type "D02 Fire door FD30 926x2040"?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} doors of type',
        value: 55,
        recipe: { of: 'ofType', classes: DOORS, typeName: 'D02 Fire door FD30 926x2040' },
      },
    ],
    cites: { of: 'ofType', classes: DOORS, typeName: 'D02 Fire door FD30 926x2040' },
  },
  {
    id: 'i09',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many walls are of type IW-100 Stud partition?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} walls of type',
        value: 213,
        recipe: { of: 'ofType', classes: WALLS, typeName: 'IW-100 Stud partition' },
      },
    ],
  },
  {
    id: 'i10',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many failed doors are there on Level 02?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 70 doors',
        value: 53,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 02' },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 02' },
  },
  {
    id: 'i11',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many doors passed?',
    kind: 'answer',
    figures: [
      { pattern: '{n} doors passed', value: 58, recipe: { of: 'status', status: 'passed', classes: DOORS } },
    ],
  },
  {
    id: 'i12',
    style: 'a',
    model: 'duplex',
    lang: 'en',
    question: 'How many walls have Pset_WallCommon.IsExternal set to true?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} walls with',
        value: 23,
        recipe: { of: 'withValue', classes: WALLS, property: 'IsExternal', value: 'true' },
      },
    ],
  },
  {
    id: 'i13',
    style: 'a',
    model: 'duplex',
    lang: 'en',
    question: 'Which external walls fail?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 23 external walls',
        value: 23,
        recipe: { of: 'status', status: 'failed', classes: WALLS, property: 'IsExternal', value: 'true' },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: WALLS, property: 'IsExternal', value: 'true' },
  },
  {
    id: 'i14',
    style: 'a',
    model: 'duplex',
    lang: 'nl',
    question: 'Hoeveel buitenmuren zijn er?',
    kind: 'answer',
    figures: [
      { pattern: '{n} wanden', value: 23, recipe: { of: 'inScope', classes: WALLS, external: true } },
    ],
  },
  {
    id: 'i15',
    style: 'a',
    model: 'demo',
    lang: 'de',
    question: 'Wie viele Außenwände gibt es?',
    kind: 'answer',
    figures: [
      { pattern: '{n} Wände', value: 104, recipe: { of: 'inScope', classes: WALLS, external: true } },
    ],
  },
  {
    id: 'i16',
    style: 'a',
    model: 'demo',
    lang: 'en',
    question: 'How many load-bearing walls are on Level 03?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} load-bearing walls on Level 03',
        value: 23,
        recipe: {
          of: 'withValue',
          classes: WALLS,
          property: 'LoadBearing',
          value: 'true',
          storey: 'Level 03',
        },
      },
    ],
  },
  {
    id: 'i17',
    style: 'a',
    model: 'duplex',
    lang: 'en',
    question: 'How many internal doors are there?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} internal doors',
        value: 10,
        recipe: { of: 'withValue', classes: DOORS, property: 'IsExternal', value: 'false' },
      },
    ],
  },
  // ---- (b) a storey used as a noun
  {
    id: 'i20',
    style: 'b',
    model: 'duplex',
    lang: 'en',
    question: 'How many windows are on the roof?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} windows on Roof',
        value: 2,
        recipe: { of: 'classOnStorey', classes: WINDOWS, storey: 'Roof' },
      },
    ],
    absent: ['1 roof'],
  },
  {
    id: 'i21',
    style: 'b',
    model: 'duplex',
    lang: 'en',
    question: 'Which windows on the roof fail?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 2 windows',
        value: 2,
        recipe: { of: 'status', status: 'failed', classes: WINDOWS, storey: 'Roof' },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: WINDOWS, storey: 'Roof' },
    mentions: ['Roof'],
  },
  {
    id: 'i22',
    style: 'b',
    model: 'duplex',
    lang: 'en',
    question: 'Which doors on level 2 fail?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 8 doors',
        value: 8,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 2' },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 2' },
  },
  {
    id: 'i23',
    style: 'b',
    model: 'duplex',
    lang: 'en',
    question: 'How many walls are on the roof?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} walls on Roof',
        value: 4,
        recipe: { of: 'classOnStorey', classes: WALLS, storey: 'Roof' },
      },
    ],
  },
  {
    id: 'i24',
    style: 'b',
    model: 'duplex',
    lang: 'en',
    question: 'How many doors on level 2?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} doors on Level 2',
        value: 8,
        recipe: { of: 'classOnStorey', classes: DOORS, storey: 'Level 2' },
      },
    ],
  },
  {
    id: 'i25',
    style: 'b',
    model: 'duplex',
    lang: 'nl',
    question: 'Hoeveel ramen zitten er op het dak?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} ramen op Roof',
        value: 2,
        recipe: { of: 'classOnStorey', classes: WINDOWS, storey: 'Roof' },
      },
    ],
  },
  {
    id: 'i26',
    style: 'b',
    model: 'duplex',
    lang: 'de',
    question: 'Wie viele Fenster gibt es auf Level 2?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} Fenster auf Level 2',
        value: 18,
        recipe: { of: 'classOnStorey', classes: WINDOWS, storey: 'Level 2' },
      },
    ],
  },
  {
    id: 'i27',
    style: 'b',
    model: 'demo',
    lang: 'en',
    question: 'Which walls on Level 01 fail?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 123 walls',
        value: 5,
        recipe: { of: 'status', status: 'failed', classes: WALLS, storey: 'Level 01' },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: WALLS, storey: 'Level 01' },
  },
  {
    id: 'i28',
    style: 'b',
    model: 'duplex',
    lang: 'en',
    question: 'How many elements are on T/FDN?',
    kind: 'answer',
    figures: [{ pattern: '{n} elements on T/FDN', value: 15, recipe: { of: 'onStorey', storey: 'T/FDN' } }],
  },
  {
    id: 'i29',
    style: 'b',
    model: 'duplex',
    lang: 'en',
    question: 'Do the windows on the roof pass?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 2 windows',
        value: 2,
        recipe: { of: 'status', status: 'failed', classes: WINDOWS, storey: 'Roof' },
      },
    ],
    mentions: ['Roof'],
  },
  // ---- (c) a follow-up line, and the chat box's own example question
  {
    id: 'i30',
    style: 'c',
    model: 'demo',
    lang: 'en',
    question: 'Which doors fail?\nPlease list them by level.',
    kind: 'answer',
    figures: [
      {
        pattern: 'Level 00: {n}',
        value: 54,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 00' },
      },
      {
        pattern: 'Level 03: {n}',
        value: 23,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 03' },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: DOORS },
    mentions: DEMO_LEVELS,
  },
  {
    id: 'i31',
    style: 'c',
    model: 'duplex',
    lang: 'en',
    question: 'Which doors fail? Please list them by level.',
    kind: 'answer',
    figures: [
      {
        pattern: 'Level 1: {n}',
        value: 6,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 1' },
      },
      {
        pattern: 'Level 2: {n}',
        value: 8,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 2' },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: DOORS },
  },
  {
    id: 'i32',
    style: 'c',
    model: 'duplex',
    lang: 'en',
    question: 'Which windows fail?\nOnly on Level 2.',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 18 windows',
        value: 18,
        recipe: { of: 'status', status: 'failed', classes: WINDOWS, storey: 'Level 2' },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: WINDOWS, storey: 'Level 2' },
  },
  {
    id: 'i33',
    style: 'c',
    model: 'demo',
    lang: 'en',
    question: 'How many walls are there?\nOnly the external ones, please.',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} external walls',
        value: 104,
        recipe: { of: 'inScope', classes: WALLS, external: true },
      },
    ],
  },
  {
    id: 'i34',
    style: 'c',
    model: 'demo',
    lang: 'en',
    question: 'Are there any design optimisation opportunities?',
    kind: 'answer',
    mentions: [DOOR_FIRE],
  },
  {
    id: 'i35',
    style: 'c',
    model: 'duplex',
    lang: 'en',
    question: 'Are there any design optimisation opportunities?',
    kind: 'answer',
    mentions: ['External wall requirement'],
  },
  {
    id: 'i36',
    style: 'c',
    model: 'demo',
    lang: 'nl',
    question: 'Welke deuren falen?\nGraag per verdieping.',
    kind: 'answer',
    figures: [
      {
        pattern: 'Level 00: {n}',
        value: 54,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 00' },
      },
    ],
    mentions: DEMO_LEVELS,
    absent: ENGLISH_REASONS,
  },
  {
    id: 'i37',
    style: 'c',
    model: 'demo',
    lang: 'de',
    question: 'Welche Türen erfüllen die Anforderungen nicht?\nBitte nach Geschoss auflisten.',
    kind: 'answer',
    figures: [
      {
        pattern: 'Level 01: {n}',
        value: 56,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 01' },
      },
    ],
    mentions: DEMO_LEVELS,
    absent: ENGLISH_REASONS,
  },
  {
    id: 'i38',
    style: 'c',
    model: 'demo',
    lang: 'en',
    question: 'What insights would help you deliver better value today?',
    kind: 'answer',
    mentions: [DOOR_FIRE],
  },
  {
    id: 'i39',
    style: 'c',
    model: 'duplex',
    lang: 'nl',
    question: 'Welke ramen voldoen niet?\nAlleen op Level 1.',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} van 4 ramen',
        value: 4,
        recipe: { of: 'status', status: 'failed', classes: WINDOWS, storey: 'Level 1' },
      },
    ],
    absent: ENGLISH_REASONS,
  },
  {
    id: 'i40',
    style: 'c',
    model: 'duplex',
    lang: 'de',
    question: 'Welche Türen scheitern?\nNur auf Level 2.',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} von 8 Türen',
        value: 8,
        recipe: { of: 'status', status: 'failed', classes: DOORS, storey: 'Level 2' },
      },
    ],
    absent: ENGLISH_REASONS,
  },
  // ---- (d) what changed since the last version; which specifications apply to nothing
  {
    id: 'i41',
    style: 'd',
    model: 'history',
    lang: 'en',
    question: 'What changed since the last version?',
    kind: 'answer',
    figures: [
      { pattern: '{n} new', value: 4, recipe: { of: 'changes', kind: 'new' } },
      { pattern: '{n} resolved', value: 47, recipe: { of: 'changes', kind: 'resolved' } },
    ],
  },
  {
    id: 'i42',
    style: 'd',
    model: 'history',
    lang: 'nl',
    question: 'Wat is er veranderd sinds de vorige versie?',
    kind: 'answer',
    figures: [
      { pattern: '{n} nieuw', value: 4, recipe: { of: 'changes', kind: 'new' } },
      { pattern: '{n} opgelost', value: 47, recipe: { of: 'changes', kind: 'resolved' } },
    ],
  },
  {
    id: 'i43',
    style: 'd',
    model: 'history',
    lang: 'de',
    question: 'Was hat sich seit der letzten Version geändert?',
    kind: 'answer',
    figures: [
      { pattern: '{n} neu', value: 4, recipe: { of: 'changes', kind: 'new' } },
      { pattern: '{n} behoben', value: 47, recipe: { of: 'changes', kind: 'resolved' } },
    ],
  },
  {
    id: 'i44',
    style: 'd',
    model: 'history',
    lang: 'en',
    question: 'What changed compared with the previous version?\nWhich failures are new?',
    kind: 'answer',
    figures: [{ pattern: '{n} new', value: 4, recipe: { of: 'changes', kind: 'new' } }],
  },
  {
    id: 'i45',
    style: 'd',
    model: 'history',
    lang: 'en',
    question: 'Which issues were resolved since the last version?',
    kind: 'answer',
    figures: [{ pattern: '{n} resolved', value: 47, recipe: { of: 'changes', kind: 'resolved' } }],
  },
  {
    id: 'i46',
    style: 'd',
    model: 'duplex',
    lang: 'en',
    question: 'Which specifications apply to nothing?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 8 specifications apply to no element',
        value: 3,
        recipe: { of: 'specsApplyingToNothing' },
      },
    ],
    mentions: NOTHING_DUPLEX,
    absent: ['the  of', 'External wall requirement'],
  },
  {
    id: 'i47',
    style: 'd',
    model: 'windows',
    lang: 'en',
    question: 'Which specifications apply to nothing?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 9 specifications apply to no element',
        value: 1,
        recipe: { of: 'specsApplyingToNothing' },
      },
    ],
    mentions: ['lokale positie'],
    absent: ['the  of', 'Classificatiesystematiek'],
  },
  {
    id: 'i48',
    style: 'd',
    model: 'demo',
    lang: 'en',
    question: 'Which specifications apply to nothing?',
    kind: 'answer',
    figures: [{ pattern: 'All {n} specifications apply', value: 11, recipe: { of: 'specCount' } }],
    absent: ['the  of'],
  },
  {
    id: 'i49',
    style: 'd',
    model: 'duplex',
    lang: 'nl',
    question: 'Welke specificaties zijn op niets van toepassing?',
    kind: 'answer',
    mentions: NOTHING_DUPLEX,
    absent: ['External wall requirement'],
  },
  {
    id: 'i50',
    style: 'd',
    model: 'duplex',
    lang: 'de',
    question: 'Welche Spezifikationen gelten für kein Element?',
    kind: 'answer',
    mentions: NOTHING_DUPLEX,
    absent: ['External wall requirement'],
  },
  {
    id: 'i51',
    style: 'd',
    model: 'duplex',
    lang: 'en',
    question: 'Are there specifications that do not apply to any element?',
    kind: 'answer',
    mentions: NOTHING_DUPLEX,
    absent: ['External wall requirement'],
  },
];
