import { schemaTables } from '@plumbline/ifc';
import { type Lang, say } from './language';
import { fold } from './text';

/**
 * IFC class helpers for answers: readable labels, which classes are elements (not types or spatial
 * containers), the classes a word in a question means, and the building systems classes belong to.
 * Stored classes are upper-case STEP names; the schema tables give their proper spelling and subtypes.
 */
const schemas = [schemaTables('IFC4X3_ADD2'), schemaTables('IFC4'), schemaTables('IFC2X3')];

function entity(upperClass: string) {
  for (const tables of schemas) {
    const found = tables.entity(upperClass);
    if (found) return { tables, name: found.name };
  }
  return null;
}

function isSubtypeOf(upperClass: string, ancestor: string): boolean {
  const found = entity(upperClass);
  return found ? found.tables.isSubtypeOf(upperClass, ancestor) : false;
}

/** 'IFCWALLSTANDARDCASE' → 'IfcWallStandardCase' (the class as written in the schema). */
export function className(upperClass: string): string {
  return entity(upperClass)?.name ?? upperClass;
}

/** The label answers group elements by: 'IFCWALLSTANDARDCASE' → 'Wall', 'IFCBUILDINGELEMENTPROXY' → 'Building Element Proxy'. */
export function classLabel(upperClass: string): string {
  const name = className(upperClass)
    .replace(/^Ifc/, '')
    .replace(/(StandardCase|ElementedCase)$/, '');
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

const SPATIAL = [
  'IFCSITE',
  'IFCBUILDING',
  'IFCBUILDINGSTOREY',
  'IFCFACILITY',
  'IFCFACILITYPART',
  'IFCPROJECT',
];

/** Not building parts: voids, drawing annotations, virtual boundaries, grids. */
const NOT_PHYSICAL = ['IFCFEATUREELEMENT', 'IFCANNOTATION', 'IFCVIRTUALELEMENT', 'IFCGRID'];

/**
 * Whether a stored class counts as a model element: not a type object, not a spatial container, and
 * not an opening, annotation, virtual element or grid.
 */
export function isModelElement(upperClass: string): boolean {
  if (upperClass.endsWith('TYPE') || upperClass.endsWith('STYLE')) return false;
  if (SPATIAL.includes(upperClass) || NOT_PHYSICAL.includes(upperClass)) return false;
  if (isSubtypeOf(upperClass, 'IFCTYPEOBJECT')) return false;
  if (NOT_PHYSICAL.some((c) => isSubtypeOf(upperClass, c))) return false;
  return !SPATIAL.some((s) => s !== 'IFCPROJECT' && isSubtypeOf(upperClass, s));
}

/** Words people use for element kinds → the IFC classes (with their subtypes) they mean. */
const WORDS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [
    /\bcurtain[\s-]?walls?\b|\bvliesgevels?\b|\bvorhangfassaden?\b|\bmurs?[\s-]rideaux?\b/,
    ['IFCCURTAINWALL'],
  ],
  [
    /\bwalls?\b|\b(buiten|binnen)?muu?r(en)?\b|\b(buiten|binnen)?wand(en)?\b|\b(aussen|innen)?waende(n)?\b|\b(aussen|innen)wand\b|\bmurs?\b|\bcloisons?\b/,
    ['IFCWALL'],
  ],
  [/\bdoors?\b|\bdeur(en)?\b|\btuer(en)?\b|\bportes?\b/, ['IFCDOOR']],
  [/\bwindows?\b|\bramen\b|\braam\b|\bvensters?\b|\bfenster(n)?\b|\bfenetres?\b/, ['IFCWINDOW']],
  [
    /\bslabs?\b|\bfloor slabs?\b|\bvloer(en)?\b|\bdecken?\b|\bbodenplatten?\b|\bdalles?\b|\bplanchers?\b/,
    ['IFCSLAB'],
  ],
  [/\broofs?\b|\bdak(en)?\b|\bdaecher\b|\bdach\b|\btoitures?\b|\btoits?\b/, ['IFCROOF']],
  [/\bcolumns?\b|\bkolom(men)?\b|\bstuetzen?\b|\bsaeulen?\b|\bpoteaux?\b/, ['IFCCOLUMN']],
  [/\bbeams?\b|\bbalk(en)?\b|\btraeger\b|\bpoutres?\b/, ['IFCBEAM']],
  [/\bstairs?(cases?)?\b|\btrap(pen)?\b|\btreppen?\b|\bescaliers?\b/, ['IFCSTAIR', 'IFCSTAIRFLIGHT']],
  [/\bramps?\b|\bhellingbanen?\b|\brampen\b/, ['IFCRAMP', 'IFCRAMPFLIGHT']],
  [/\brailings?\b|\bleuningen?\b|\bgelaender\b|\bgarde[\s-]corps\b/, ['IFCRAILING']],
  [
    /\b(spaces?|rooms?)\b|\bruimtes?\b|\bruimten\b|\bvertrekken\b|\braeume\b|\braum\b|\brooms\b|\bespaces?\b|\blocaux\b|\bpieces\b/,
    ['IFCSPACE'],
  ],
  [/\bmembers?\b/, ['IFCMEMBER']],
  [/\bplates?\b/, ['IFCPLATE']],
  [/\bfootings?\b/, ['IFCFOOTING']],
  [/\bpiles?\b/, ['IFCPILE']],
  [/\bcoverings?|ceilings?\b/, ['IFCCOVERING']],
  [/\bfurniture|furnishings?\b/, ['IFCFURNISHINGELEMENT', 'IFCFURNITURE']],
  [/\bopenings?\b/, ['IFCOPENINGELEMENT']],
  [/\bpipes?\b/, ['IFCPIPESEGMENT', 'IFCPIPEFITTING']],
  [/\bducts?\b/, ['IFCDUCTSEGMENT', 'IFCDUCTFITTING']],
  [/\bproxy|proxies\b/, ['IFCBUILDINGELEMENTPROXY']],
];

/** Upper-case classes (subtypes included) named by words in a question; empty when none. */
export function classesInText(text: string): string[] {
  // IFC class names written out ('IfcWall', 'IFCDOOR') count as the words for them.
  const lower = fold(text).replace(/\bifc([a-z]+?)(standardcase)?s?\b/g, ' $1 ');
  const out = new Set<string>();
  let rest = lower;
  for (const [pattern, roots] of WORDS) {
    if (!pattern.test(rest)) continue;
    rest = rest.replace(pattern, ' ');
    for (const root of roots) for (const c of classAndSubtypes(root)) out.add(c);
  }
  return [...out];
}

/** An upper-case class and all its subtypes across the IFC schemas (itself alone if unknown). */
export function classAndSubtypes(root: string): string[] {
  const all = new Set<string>();
  for (const tables of schemas) for (const c of tables.classAndSubtypes(root)) all.add(c);
  return all.size > 0 ? [...all] : [root];
}

/** Building systems, each as the roots of the classes that belong to it. */
const SYSTEMS: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    'Structural',
    ['IFCBEAM', 'IFCCOLUMN', 'IFCFOOTING', 'IFCPILE', 'IFCMEMBER', 'IFCPLATE', 'IFCREINFORCINGELEMENT'],
  ],
  [
    'Architectural',
    [
      'IFCWALL',
      'IFCDOOR',
      'IFCWINDOW',
      'IFCROOF',
      'IFCSLAB',
      'IFCSTAIR',
      'IFCRAILING',
      'IFCCOVERING',
      'IFCCURTAINWALL',
    ],
  ],
  [
    'HVAC',
    [
      'IFCDUCTSEGMENT',
      'IFCDUCTFITTING',
      'IFCAIRTERMINAL',
      'IFCFAN',
      'IFCUNITARYEQUIPMENT',
      'IFCBOILER',
      'IFCCHILLER',
    ],
  ],
  ['Plumbing', ['IFCPIPESEGMENT', 'IFCPIPEFITTING', 'IFCSANITARYTERMINAL', 'IFCVALVE', 'IFCPUMP', 'IFCTANK']],
  [
    'Electrical',
    [
      'IFCCABLESEGMENT',
      'IFCCABLECARRIERSEGMENT',
      'IFCLIGHTFIXTURE',
      'IFCLAMP',
      'IFCOUTLET',
      'IFCSWITCHINGDEVICE',
      'IFCELECTRICAPPLIANCE',
    ],
  ],
  ['Fire protection', ['IFCFIRESUPPRESSIONTERMINAL', 'IFCALARM', 'IFCSENSOR']],
  ['Spaces', ['IFCSPACE']],
  ['Furnishing', ['IFCFURNISHINGELEMENT', 'IFCFURNITURE']],
];

/** The systems present among these classes, in a fixed order. */
export function systemsOf(upperClasses: Iterable<string>): string[] {
  const present = new Set(upperClasses);
  const found: string[] = [];
  for (const [system, roots] of SYSTEMS) {
    if (roots.some((root) => classAndSubtypes(root).some((c) => present.has(c)))) found.push(system);
  }
  // IFC2X3 flow classes (IfcFlowSegment, IfcFlowTerminal, …) carry no discipline of their own.
  if (found.every((s) => !['HVAC', 'Plumbing', 'Electrical'].includes(s))) {
    if ([...present].some((c) => isSubtypeOf(c, 'IFCDISTRIBUTIONELEMENT'))) found.push('MEP');
  }
  return found;
}

/** 'Wall' → 'walls' / 'Wände' / 'murs' / 'wanden' (the catalogue's `assistant.kind`); other labels keep their IFC label ('Duct Segment'), in English made plural. */
export function kindName(lang: Lang, label: string, n: number): string {
  return say(lang, 'assistant.kind', {
    kind: label.replace(/\W/g, ''),
    count: n,
    fallback: fallbackKind(lang, label, n),
  });
}

function fallbackKind(lang: Lang, label: string, n: number): string {
  if (lang !== 'en') return label;
  const lower = label.toLowerCase();
  if (n === 1) return lower;
  if (/(s|x|ch|sh)$/.test(lower)) return `${lower}es`;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  return `${lower}s`;
}
