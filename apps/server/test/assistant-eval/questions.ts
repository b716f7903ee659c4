import { QUESTIONS_35 } from './questions-35';
import type { EvalQuestion } from './score';

/**
 * The assistant's question set: asked on the Demo Office (generated as the demo seeds it), the
 * Duplex sample with two example IDS files, and the wooden-windows sample with its IDS and the Dutch
 * BIM basis ILS. Each expected figure names the recipe that computes it from the IFC file and the
 * engine's report (truth.ts); the eval test checks every value against it before scoring answers.
 * Patterns locate a figure in the answer: `{n}` is the number.
 *
 * Over 500 lines: data, the question set (each question with its expected figures and their
 * recipes), one list read top to bottom.
 */
const DOORS = ['IFCDOOR'];
const WALLS = ['IFCWALL'];
const WINDOWS = ['IFCWINDOW'];
const DOOR_FIRE = 'Every door states its fire rating';
const WALL_FIRE = 'Walls have an EN 13501 fire rating';

export const QUESTIONS: EvalQuestion[] = [
  // ---- Demo Office, English
  {
    id: 'd01',
    model: 'demo',
    lang: 'en',
    question: 'Summarise compliance',
    kind: 'answer',
    figures: [
      { pattern: 'Version v1: {n} of', value: 3919, recipe: { of: 'compliantPairs' } },
      { pattern: 'of {n} element checks meet', value: 4120, recipe: { of: 'applicablePairs' } },
      { pattern: 'Passed {n}, Waived 0, Warning', value: 1757, recipe: { of: 'status', status: 'passed' } },
      { pattern: 'Warning 0, Failed {n},', value: 199, recipe: { of: 'status', status: 'failed' } },
      { pattern: 'Not Applicable {n}.', value: 1254, recipe: { of: 'status', status: 'not_applicable' } },
      { pattern: '(of {n})', value: 3210, recipe: { of: 'population' } },
    ],
    mentions: [DOOR_FIRE],
  },
  {
    id: 'd02',
    model: 'demo',
    lang: 'en',
    question: 'Summarise compliance by storey',
    kind: 'answer',
    figures: [
      {
        pattern: '- Level 00: Passed {n},',
        value: 506,
        recipe: { of: 'status', status: 'passed', storey: 'Level 00' },
      },
      {
        pattern: '- Level 00: Passed 506, Waived 0, Warning 0, Failed {n},',
        value: 56,
        recipe: { of: 'status', status: 'failed', storey: 'Level 00' },
      },
      {
        pattern: '- Level 03: Passed {n},',
        value: 238,
        recipe: { of: 'status', status: 'passed', storey: 'Level 03' },
      },
      {
        pattern: '- Level 03: Passed 238, Waived 0, Warning 0, Failed {n},',
        value: 26,
        recipe: { of: 'status', status: 'failed', storey: 'Level 03' },
      },
    ],
    mentions: ['Level 00', 'Level 01', 'Level 02', 'Level 03'],
  },
  {
    id: 'd03',
    model: 'demo',
    lang: 'en',
    question: 'Which doors fail?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 244 doors checked',
        value: 186,
        recipe: { of: 'status', status: 'failed', classes: DOORS },
      },
      { pattern: 'of {n} doors checked', value: 244, recipe: { of: 'class', classes: DOORS } },
      { pattern: `- ${DOOR_FIRE}: {n} of`, value: 186, recipe: { of: 'specNotMeeting', spec: DOOR_FIRE } },
    ],
    cites: { of: 'status', status: 'failed', classes: DOORS },
    mentions: [DOOR_FIRE, 'Doors give a clear width of at least 800 mm'],
    absent: ['Fire-rated doors are self-closing', 'Building elements are contained in a storey'],
  },
  {
    id: 'd04',
    model: 'demo',
    lang: 'en',
    question: 'Which walls fail fire rating?',
    kind: 'answer',
    figures: [
      { pattern: '{n} of 423 walls checked', value: 7, recipe: { of: 'specNotMeeting', spec: WALL_FIRE } },
      { pattern: 'of {n} walls checked', value: 423, recipe: { of: 'specApplicable', spec: WALL_FIRE } },
    ],
    cites: { of: 'specNotMeeting', spec: WALL_FIRE },
    mentions: [WALL_FIRE],
    absent: [DOOR_FIRE, 'load-bearing'],
  },
  {
    id: 'd05',
    model: 'demo',
    lang: 'en',
    question: 'Which external walls are missing a U-value?',
    kind: 'answer',
    figures: [
      {
        pattern: 'All {n} external walls have ThermalTransmittance',
        value: 104,
        recipe: { of: 'inScope', classes: WALLS, external: true },
      },
    ],
  },
  {
    id: 'd06',
    model: 'demo',
    lang: 'en',
    question: 'What should I fix first?',
    kind: 'answer',
    figures: [
      { pattern: '1 change clears {n} failures', value: 184, recipe: { of: 'fixTopCleared' } },
      { pattern: '({n} failed requirement checks in all', value: 201, recipe: { of: 'failedChecks' } },
    ],
    mentions: [DOOR_FIRE],
  },
  {
    id: 'd07',
    model: 'demo',
    lang: 'en',
    question: 'Which requirements fail most often?',
    kind: 'answer',
    figures: [
      {
        pattern: `Pset_DoorCommon.FireRating (${DOOR_FIRE}): failed by {n} of`,
        value: 186,
        recipe: { of: 'requirementFailing', spec: DOOR_FIRE, index: 0 },
      },
    ],
  },
  {
    id: 'd08',
    model: 'demo',
    lang: 'en',
    question: 'Show compliance per specification',
    kind: 'answer',
    figures: [
      { pattern: `${DOOR_FIRE}: {n} of 244`, value: 186, recipe: { of: 'specNotMeeting', spec: DOOR_FIRE } },
      {
        pattern: `${DOOR_FIRE}: 186 of {n} applicable`,
        value: 244,
        recipe: { of: 'specApplicable', spec: DOOR_FIRE },
      },
      {
        pattern: 'Fire-rated doors are self-closing: all {n} applicable',
        value: 58,
        recipe: { of: 'specApplicable', spec: 'Fire-rated doors are self-closing' },
      },
    ],
  },
  {
    id: 'd09',
    model: 'demo',
    lang: 'en',
    question: 'Break compliance down by class',
    kind: 'answer',
    figures: [
      {
        pattern: '- Door: Passed {n},',
        value: 58,
        recipe: { of: 'status', status: 'passed', classes: DOORS },
      },
      {
        pattern: '- Door: Passed 58, Waived 0, Warning 0, Failed {n},',
        value: 186,
        recipe: { of: 'status', status: 'failed', classes: DOORS },
      },
    ],
  },
  {
    id: 'd10',
    model: 'demo',
    lang: 'en',
    question: 'Which specifications apply to doors?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 11 specifications apply to doors',
        value: 4,
        recipe: { of: 'specsApplyingTo', classes: DOORS },
      },
    ],
    mentions: [DOOR_FIRE, 'Fire-rated doors are self-closing'],
    absent: [WALL_FIRE, 'Rooms have a name'],
  },
  {
    id: 'd11',
    model: 'demo',
    lang: 'en',
    question: 'Does "Rooms have a name and a net floor area" apply to walls?',
    kind: 'answer',
    mentions: ['Rooms have a name and a net floor area'],
    absent: ['Yes'],
  },
  {
    id: 'd12',
    model: 'demo',
    lang: 'en',
    question: 'How many doors are there per level?',
    kind: 'answer',
    figures: [
      { pattern: 'has {n} doors', value: 244, recipe: { of: 'class', classes: DOORS } },
      {
        pattern: '- Level 02: {n}',
        value: 70,
        recipe: { of: 'classOnStorey', classes: DOORS, storey: 'Level 02' },
      },
    ],
    cites: { of: 'class', classes: DOORS },
  },
  {
    id: 'd13',
    model: 'demo',
    lang: 'en',
    question: 'How many elements are in this model?',
    kind: 'answer',
    figures: [{ pattern: 'holds {n} elements', value: 3210, recipe: { of: 'population' } }],
  },
  {
    id: 'd14',
    model: 'demo',
    lang: 'en',
    question: 'Which windows are missing ThermalTransmittance?',
    kind: 'answer',
    figures: [
      {
        pattern: 'All {n} windows have ThermalTransmittance',
        value: 161,
        recipe: { of: 'inScope', classes: WINDOWS },
      },
    ],
    cites: { of: 'lacking', classes: WINDOWS, property: 'ThermalTransmittance' },
  },
  {
    id: 'd15',
    model: 'demo',
    lang: 'en',
    question: "What's the weather in Sydney?",
    kind: 'unanswerable',
    absent: ['By category'],
  },
  {
    id: 'd16',
    model: 'demo',
    lang: 'en',
    question: 'Are there any design optimisation opportunities?',
    // The chat box's own example: answered from the data since issue 35 (it was refused before).
    kind: 'answer',
    mentions: [DOOR_FIRE],
    absent: ['By category'],
  },
  {
    id: 'd17',
    model: 'demo',
    lang: 'en',
    question: 'Which doors\nfail the fire rating requirement?',
    kind: 'answer',
    figures: [
      { pattern: '{n} of 244 doors checked', value: 186, recipe: { of: 'specNotMeeting', spec: DOOR_FIRE } },
    ],
    cites: { of: 'specNotMeeting', spec: DOOR_FIRE },
    mentions: [DOOR_FIRE],
    absent: ['clear width'],
  },
  {
    id: 'd18',
    model: 'demo',
    lang: 'en',
    question: 'I am preparing the stage 4 review for the client.\nSummarise compliance by storey, please.',
    kind: 'answer',
    figures: [
      {
        pattern: '- Level 01: Passed {n},',
        value: 503,
        recipe: { of: 'status', status: 'passed', storey: 'Level 01' },
      },
    ],
  },
  {
    id: 'd19',
    model: 'demo',
    lang: 'en',
    question: 'Which walls have no fire rating?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 423 walls lack',
        value: 5,
        recipe: { of: 'lacking', classes: WALLS, property: 'FireRating' },
      },
    ],
    cites: { of: 'lacking', classes: WALLS, property: 'FireRating' },
  },
  {
    id: 'd20',
    model: 'demo',
    lang: 'en',
    question: 'Which properties are most often missing?',
    kind: 'answer',
    figures: [
      {
        pattern: 'Pset_DoorCommon.FireRating: missing in {n} element checks',
        value: 186,
        recipe: { of: 'missingChecks', item: 'Pset_DoorCommon.FireRating' },
      },
    ],
  },
  { id: 'd21', model: 'demo', lang: 'en', question: 'Tell me a joke', kind: 'unanswerable' },
  {
    id: 'd22',
    model: 'demo',
    lang: 'en',
    question: 'How many walls are on each storey?',
    kind: 'answer',
    figures: [
      { pattern: 'has {n} walls', value: 423, recipe: { of: 'class', classes: WALLS } },
      {
        pattern: '- Level 01: {n}',
        value: 123,
        recipe: { of: 'classOnStorey', classes: WALLS, storey: 'Level 01' },
      },
    ],
  },
  {
    id: 'd23',
    model: 'demo',
    lang: 'en',
    question: 'Which rooms have no net floor area?',
    kind: 'answer',
    figures: [
      {
        pattern: 'All {n} spaces have NetFloorArea',
        value: 188,
        recipe: { of: 'inScope', classes: ['IFCSPACE'] },
      },
    ],
    cites: { of: 'lacking', classes: ['IFCSPACE'], property: 'NetFloorArea' },
  },
  {
    id: 'd24',
    model: 'demo',
    lang: 'en',
    question: 'Which specifications fail?',
    kind: 'answer',
    figures: [
      { pattern: `${DOOR_FIRE}: {n} of 244`, value: 186, recipe: { of: 'specNotMeeting', spec: DOOR_FIRE } },
    ],
  },
  {
    id: 'd25',
    model: 'demo',
    lang: 'en',
    question: 'Are the doors wide enough?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 244 doors',
        value: 2,
        recipe: { of: 'specNotMeeting', spec: 'Doors give a clear width of at least 800 mm' },
      },
    ],
  },
  {
    id: 'd26',
    model: 'demo',
    lang: 'en',
    question: 'Do any columns fail the material requirement?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 188 columns checked',
        value: 1,
        recipe: { of: 'specNotMeeting', spec: 'Columns are concrete or steel' },
      },
    ],
    cites: { of: 'specNotMeeting', spec: 'Columns are concrete or steel' },
    mentions: ['Columns are concrete or steel'],
  },
  {
    id: 'd27',
    model: 'demo',
    lang: 'en',
    question: 'Which elements on Level 02 fail?',
    kind: 'answer',
    figures: [
      { pattern: '{n} of', value: 55, recipe: { of: 'status', status: 'failed', storey: 'Level 02' } },
    ],
    cites: { of: 'status', status: 'failed', storey: 'Level 02' },
  },
  {
    id: 'n09',
    model: 'demo',
    lang: 'nl',
    question: 'Welke kolommen voldoen niet aan "Columns are concrete or steel"?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} van 188 gecontroleerde kolommen',
        value: 1,
        recipe: { of: 'specNotMeeting', spec: 'Columns are concrete or steel' },
      },
    ],
  },
  {
    id: 'g08',
    model: 'demo',
    lang: 'de',
    question: 'Wie viele Elemente hat das Modell?',
    kind: 'answer',
    figures: [{ pattern: 'enthält {n} Elemente', value: 3210, recipe: { of: 'population' } }],
  },
  {
    id: 'x17',
    model: 'duplex',
    lang: 'en',
    question: 'List the failing windows on Level 2',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of',
        value: 18,
        recipe: { of: 'status', status: 'failed', storey: 'Level 2', classes: WINDOWS },
      },
    ],
    absent: ['Deur'],
  },
  {
    id: 'x18',
    model: 'duplex',
    lang: 'en',
    question: 'Which doors have no fire rating?\nOnly the ones that need one.',
    kind: 'answer',
    figures: [
      { pattern: 'All {n} doors have FireRating', value: 14, recipe: { of: 'inScope', classes: DOORS } },
    ],
    absent: ['Paneel'],
  },
  {
    id: 'd28',
    model: 'demo',
    lang: 'en',
    question: 'Which elements fail the IDS requirements?',
    kind: 'answer',
    figures: [
      { pattern: '{n} of 1,956 elements checked', value: 199, recipe: { of: 'status', status: 'failed' } },
      { pattern: `- ${DOOR_FIRE}: {n} of`, value: 186, recipe: { of: 'specNotMeeting', spec: DOOR_FIRE } },
    ],
    cites: { of: 'status', status: 'failed' },
  },
  {
    id: 'd29',
    model: 'demo',
    lang: 'en',
    question: 'How many elements are there per storey?',
    kind: 'answer',
    figures: [
      { pattern: 'holds {n} elements', value: 3210, recipe: { of: 'population' } },
      { pattern: '- Level 02: {n}', value: 921, recipe: { of: 'onStorey', storey: 'Level 02' } },
    ],
  },
  {
    id: 'd30',
    model: 'demo',
    lang: 'en',
    question: 'How compliant are the windows?',
    kind: 'answer',
    figures: [
      {
        pattern: '- Window: Passed {n},',
        value: 160,
        recipe: { of: 'status', status: 'passed', classes: WINDOWS },
      },
      {
        pattern: '- Window: Passed 160, Waived 0, Warning 0, Failed {n},',
        value: 1,
        recipe: { of: 'status', status: 'failed', classes: WINDOWS },
      },
    ],
  },
  { id: 'd31', model: 'demo', lang: 'en', question: 'Which beams have no material?', kind: 'unanswerable' },
  {
    id: 'g09',
    model: 'demo',
    lang: 'de',
    question: 'Zeige mir die fehlerhaften Fenster',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} der 161 geprüften Fenster',
        value: 1,
        recipe: { of: 'status', status: 'failed', classes: WINDOWS },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: WINDOWS },
  },
  // ---- Demo Office, Dutch
  {
    id: 'n01',
    model: 'demo',
    lang: 'nl',
    question: 'Vat de naleving per verdieping samen',
    kind: 'answer',
    figures: [
      {
        pattern: '- Level 00: Geslaagd {n},',
        value: 506,
        recipe: { of: 'status', status: 'passed', storey: 'Level 00' },
      },
      {
        pattern: 'Niet geslaagd {n}, Niet van toepassing 168',
        value: 26,
        recipe: { of: 'status', status: 'failed', storey: 'Level 03' },
      },
    ],
  },
  {
    id: 'n02',
    model: 'demo',
    lang: 'nl',
    question: 'Welke deuren voldoen niet aan de eisen?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} van 244 gecontroleerde deuren',
        value: 186,
        recipe: { of: 'status', status: 'failed', classes: DOORS },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: DOORS },
    mentions: [DOOR_FIRE],
  },
  {
    id: 'n03',
    model: 'demo',
    lang: 'nl',
    question: 'Wat moet ik eerst oplossen?',
    kind: 'answer',
    figures: [{ pattern: '1 wijziging lost {n} fouten op', value: 184, recipe: { of: 'fixTopCleared' } }],
  },
  {
    id: 'n04',
    model: 'demo',
    lang: 'nl',
    question: 'Hoeveel deuren zijn er per verdieping?',
    kind: 'answer',
    figures: [{ pattern: 'heeft {n} deuren', value: 244, recipe: { of: 'class', classes: DOORS } }],
  },
  {
    id: 'n05',
    model: 'demo',
    lang: 'nl',
    question: 'Welke specificaties zijn van toepassing op deuren?',
    kind: 'answer',
    figures: [
      { pattern: '{n} van 11 specificaties', value: 4, recipe: { of: 'specsApplyingTo', classes: DOORS } },
    ],
  },
  {
    id: 'n06',
    model: 'demo',
    lang: 'nl',
    question: 'Welke muren hebben geen brandwerendheid?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} van 423 wanden missen',
        value: 5,
        recipe: { of: 'lacking', classes: WALLS, property: 'FireRating' },
      },
    ],
    cites: { of: 'lacking', classes: WALLS, property: 'FireRating' },
  },
  {
    id: 'n07',
    model: 'demo',
    lang: 'nl',
    question: 'Hoe is het weer in Amsterdam vandaag?',
    kind: 'unanswerable',
  },
  {
    id: 'n08',
    model: 'demo',
    lang: 'nl',
    question: 'Vat de naleving samen',
    kind: 'answer',
    figures: [{ pattern: 'Versie v1: {n} van', value: 3919, recipe: { of: 'compliantPairs' } }],
  },
  // ---- Demo Office, German
  {
    id: 'g01',
    model: 'demo',
    lang: 'de',
    question: 'Fasse die Konformität pro Geschoss zusammen',
    kind: 'answer',
    figures: [
      {
        pattern: '- Level 02: Bestanden {n},',
        value: 510,
        recipe: { of: 'status', status: 'passed', storey: 'Level 02' },
      },
      {
        pattern: 'Nicht bestanden {n}, Nicht anwendbar 356',
        value: 55,
        recipe: { of: 'status', status: 'failed', storey: 'Level 02' },
      },
    ],
  },
  {
    id: 'g02',
    model: 'demo',
    lang: 'de',
    question: 'Welche Türen erfüllen die Anforderungen nicht?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} der 244 geprüften Türen',
        value: 186,
        recipe: { of: 'status', status: 'failed', classes: DOORS },
      },
    ],
    cites: { of: 'status', status: 'failed', classes: DOORS },
  },
  {
    id: 'g03',
    model: 'demo',
    lang: 'de',
    question: 'Was soll ich zuerst beheben?',
    kind: 'answer',
    figures: [{ pattern: '1 Änderung behebt {n} Fehler', value: 184, recipe: { of: 'fixTopCleared' } }],
  },
  {
    id: 'g04',
    model: 'demo',
    lang: 'de',
    question: 'Wie viele Türen gibt es pro Geschoss?',
    kind: 'answer',
    figures: [{ pattern: 'hat {n} Türen', value: 244, recipe: { of: 'class', classes: DOORS } }],
  },
  {
    id: 'g05',
    model: 'demo',
    lang: 'de',
    question: 'Welche Anforderungen werden am häufigsten nicht erfüllt?',
    kind: 'answer',
    figures: [
      {
        pattern: `Pset_DoorCommon.FireRating (${DOOR_FIRE}): von {n} von`,
        value: 186,
        recipe: { of: 'requirementFailing', spec: DOOR_FIRE, index: 0 },
      },
    ],
  },
  {
    id: 'g06',
    model: 'demo',
    lang: 'de',
    question: 'Wie wird das Wetter morgen in Berlin?',
    kind: 'unanswerable',
  },
  {
    id: 'g07',
    model: 'demo',
    lang: 'de',
    question: 'Welche Wände haben keinen Feuerwiderstand?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} der 423 Wände',
        value: 5,
        recipe: { of: 'lacking', classes: WALLS, property: 'FireRating' },
      },
    ],
    cites: { of: 'lacking', classes: WALLS, property: 'FireRating' },
  },
  // ---- Duplex (SimpleBIM examples and wooden windows IDS)
  {
    id: 'x01',
    model: 'duplex',
    lang: 'en',
    question: 'Which external walls are missing a U-value?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 23 external walls lack',
        value: 23,
        recipe: { of: 'lacking', classes: WALLS, property: 'ThermalTransmittance', external: true },
      },
      {
        pattern: 'of {n} external walls lack',
        value: 23,
        recipe: { of: 'inScope', classes: WALLS, external: true },
      },
    ],
    cites: { of: 'lacking', classes: WALLS, property: 'ThermalTransmittance', external: true },
  },
  {
    id: 'x02',
    model: 'duplex',
    lang: 'en',
    question: 'Which walls fail fire rating?',
    kind: 'answer',
    absent: ['Paneel', 'No wall fails'],
  },
  {
    id: 'x03',
    model: 'duplex',
    lang: 'en',
    question: 'Which doors fail?',
    kind: 'answer',
    figures: [
      { pattern: '{n} of 14 doors checked', value: 14, recipe: { of: 'specNotMeeting', spec: 'Deur' } },
    ],
    cites: { of: 'specNotMeeting', spec: 'Deur' },
    mentions: ['Deur'],
    absent: ['Raam', 'Paneel', 'Stijlen en Dorpels', 'External wall requirement'],
  },
  {
    id: 'x04',
    model: 'duplex',
    lang: 'en',
    question: 'Summarise compliance by storey',
    kind: 'answer',
    figures: [
      {
        pattern: '- Level 1: Passed 0, Waived 0, Warning 0, Failed {n},',
        value: 21,
        recipe: { of: 'status', status: 'failed', storey: 'Level 1' },
      },
      {
        pattern: '- Level 2: Passed 0, Waived 0, Warning 0, Failed {n},',
        value: 31,
        recipe: { of: 'status', status: 'failed', storey: 'Level 2' },
      },
    ],
  },
  {
    id: 'x05',
    model: 'duplex',
    lang: 'en',
    question: 'What should I fix first?',
    kind: 'answer',
    figures: [
      { pattern: '1 change clears {n} failures', value: 12, recipe: { of: 'fixTopCleared' } },
      { pattern: '({n} failed requirement checks in all', value: 255, recipe: { of: 'failedChecks' } },
    ],
  },
  {
    id: 'x06',
    model: 'duplex',
    lang: 'en',
    question: 'Which specifications apply to windows?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 8 specifications apply to windows',
        value: 1,
        recipe: { of: 'specsApplyingTo', classes: WINDOWS },
      },
    ],
    mentions: ['Raam'],
    absent: ['Raam met glas'],
  },
  {
    id: 'x07',
    model: 'duplex',
    lang: 'en',
    question: 'Does "Paneel" apply to walls?',
    kind: 'answer',
    mentions: ['Paneel'],
    absent: ['Yes'],
  },
  {
    id: 'x08',
    model: 'duplex',
    lang: 'en',
    question: 'Summarise compliance',
    kind: 'answer',
    figures: [
      { pattern: 'Version v1: {n} of', value: 0, recipe: { of: 'compliantPairs' } },
      { pattern: 'of {n} element checks meet', value: 69, recipe: { of: 'applicablePairs' } },
      { pattern: '(of {n})', value: 332, recipe: { of: 'population' } },
    ],
  },
  {
    id: 'x09',
    model: 'duplex',
    lang: 'en',
    question: 'How many windows are there per level?',
    kind: 'answer',
    figures: [{ pattern: 'has {n} windows', value: 24, recipe: { of: 'class', classes: WINDOWS } }],
    cites: { of: 'class', classes: WINDOWS },
  },
  {
    id: 'x10',
    model: 'duplex',
    lang: 'en',
    question: 'Which walls fail\nthe External wall requirement?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 23 walls checked',
        value: 23,
        recipe: { of: 'specNotMeeting', spec: 'External wall requirement' },
      },
    ],
    cites: { of: 'specNotMeeting', spec: 'External wall requirement' },
    mentions: ['External wall requirement'],
  },
  {
    id: 'x11',
    model: 'duplex',
    lang: 'en',
    question: 'Compliance by class',
    kind: 'answer',
    figures: [
      {
        pattern: '- Window: Passed 0, Waived 0, Warning 0, Failed {n},',
        value: 24,
        recipe: { of: 'status', status: 'failed', classes: WINDOWS },
      },
    ],
  },
  {
    id: 'x12',
    model: 'duplex',
    lang: 'nl',
    question: 'Welke buitenmuren missen een U-waarde?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} van 23 externe wanden missen',
        value: 23,
        recipe: { of: 'lacking', classes: WALLS, property: 'ThermalTransmittance', external: true },
      },
    ],
    cites: { of: 'lacking', classes: WALLS, property: 'ThermalTransmittance', external: true },
  },
  {
    id: 'x13',
    model: 'duplex',
    lang: 'nl',
    question: 'Welke deuren falen?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} van 14 gecontroleerde deuren',
        value: 14,
        recipe: { of: 'specNotMeeting', spec: 'Deur' },
      },
    ],
    mentions: ['Deur'],
  },
  {
    id: 'x14',
    model: 'duplex',
    lang: 'de',
    question: 'Welchen Außenwänden fehlt der U-Wert?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} der 23 externen Wände',
        value: 23,
        recipe: { of: 'lacking', classes: WALLS, property: 'ThermalTransmittance', external: true },
      },
    ],
    cites: { of: 'lacking', classes: WALLS, property: 'ThermalTransmittance', external: true },
  },
  {
    id: 'x15',
    model: 'duplex',
    lang: 'de',
    question: 'Wer hat die Fußball-WM 2014 gewonnen?',
    kind: 'unanswerable',
  },
  {
    id: 'x16',
    model: 'duplex',
    lang: 'en',
    question: 'Who designed this house and what did it cost?',
    kind: 'unanswerable',
  },
  // ---- Wooden windows (its own IDS and the Dutch BIM basis ILS)
  {
    id: 'w01',
    model: 'windows',
    lang: 'nl',
    question: 'Welke specificaties zijn van toepassing op ramen?',
    kind: 'answer',
    figures: [
      { pattern: '{n} van 9 specificaties', value: 3, recipe: { of: 'specsApplyingTo', classes: WINDOWS } },
    ],
    mentions: ['Raam met glas', 'Classificatiesystematiek'],
  },
  {
    id: 'w02',
    model: 'windows',
    lang: 'en',
    question: 'Which members fail?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} of 6 members checked',
        value: 6,
        recipe: { of: 'status', status: 'failed', classes: ['IFCMEMBER'] },
      },
    ],
    mentions: ['Stijlen en Dorpels'],
  },
  {
    id: 'w03',
    model: 'windows',
    lang: 'nl',
    question: 'Vat de naleving samen',
    kind: 'answer',
    figures: [
      { pattern: 'Versie v1: {n} van', value: 5, recipe: { of: 'compliantPairs' } },
      { pattern: 'van {n} elementcontroles', value: 30, recipe: { of: 'applicablePairs' } },
    ],
  },
  {
    id: 'w04',
    model: 'windows',
    lang: 'en',
    question: 'Can you book a meeting room for tomorrow?',
    kind: 'unanswerable',
  },
  {
    id: 'w05',
    model: 'windows',
    lang: 'de',
    question: 'Welche Spezifikationen gelten für Fenster?',
    kind: 'answer',
    figures: [
      {
        pattern: '{n} von 9 Spezifikationen gelten für Fenster',
        value: 3,
        recipe: { of: 'specsApplyingTo', classes: WINDOWS },
      },
    ],
  },
  {
    id: 'w06',
    model: 'windows',
    lang: 'en',
    question: 'Summarise compliance by storey',
    kind: 'answer',
    figures: [
      {
        pattern: '- 00 begane grond: Passed {n},',
        value: 1,
        recipe: { of: 'status', status: 'passed', storey: '00 begane grond' },
      },
      {
        pattern: '- 00 begane grond: Passed 1, Waived 0, Warning 0, Failed {n},',
        value: 12,
        recipe: { of: 'status', status: 'failed', storey: '00 begane grond' },
      },
    ],
  },
  ...QUESTIONS_35,
];
