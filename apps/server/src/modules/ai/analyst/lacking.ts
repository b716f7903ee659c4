import * as repo from '../repo';
import { classLabel, kindName } from './classes';
import type { VersionFacts } from './facts';
import { type Lang, num, say } from './language';
import { fold, squash } from './text';
import { type AnalystResult, Citations } from './types';

/** Everyday words for common IFC properties, in English, Dutch and German. */
const PROPERTY_WORDS: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /\bu[\s-]?(value|waarde|wert)s?\b|\buwert\b|thermal transmittance|warmtedoorgang|waermedurchgang|\bvaleurs? u\b|transmission thermique/i,
    'ThermalTransmittance',
  ],
  [
    /fire[\s-]?(rating|resistance)|brandwerendheid|brandwerend|feuerwiderstand|brandschutzklasse|resistance au feu|coupe[\s-]feu/i,
    'FireRating',
  ],
  [/load[\s-]?bearing|dragend|tragend|porteu(r|se)/i, 'LoadBearing'],
  [/acoustic rating|geluidsisolatie|schallschutz|isolation acoustique/i, 'AcousticRating'],
  [/\bis[\s-]?external\b|buitenwand|aussenwand/i, 'IsExternal'],
  [/net floor area|netto vloeroppervlak|nettogrundflaeche|surface nette/i, 'NetFloorArea'],
  [/self[\s-]?clos(ing|er)|zelfsluitend|selbstschliessend|ferme[\s-]porte|autofermant/i, 'SelfClosing'],
];

const EXTERNAL =
  /\b(external|exterior|outside|outer|buiten|gevel|aussen|aussen|buitenmuren|buitenwanden|aussenwaende|exterieur|facade)/i;

/** The property a question names: an everyday word, or a property name the version or its IDS uses. */
export async function propertyInQuestion(
  facts: VersionFacts,
  question: string,
): Promise<{ name: string; propertySet: string | null } | null> {
  for (const [pattern, name] of PROPERTY_WORDS)
    if (pattern.test(fold(question))) return { name, propertySet: null };
  const q = squash(question);
  const known = new Map<string, { name: string; propertySet: string | null }>();
  for (const s of await facts.specs())
    for (const f of s.requirementFacets)
      if (f.facet_type === 'property' && f.property_name && /^[\w.]+$/.test(f.property_name))
        known.set(f.property_name, { name: f.property_name, propertySet: null });
  for (const p of await facts.ctx.explorer.propertyNames(explorerVersion(facts)))
    if (!known.has(p.name)) known.set(p.name, { name: p.name, propertySet: null });
  // The longest name the question contains (squashed: 'fire rating' finds 'FireRating').
  const found = [...known.values()]
    .filter((p) => squash(p.name).length >= 4 && q.includes(squash(p.name)))
    .sort((a, b) => b.name.length - a.name.length)[0];
  return found ?? null;
}

/** The version as the explorer's store keys it. */
function explorerVersion(facts: VersionFacts) {
  return {
    id: facts.version.id,
    processedAt: facts.version.processedAt ?? null,
    projectId: facts.ctx.projectId,
  };
}

/** Whether a question limits itself to external elements. */
export function asksExternal(question: string): boolean {
  return EXTERNAL.test(fold(question));
}

export interface LackingArgs {
  property: string;
  propertySet?: string | null;
  /** Upper-case classes (subtypes included); none: every element. */
  classes?: string[];
  /** Only elements whose IsExternal property is true. */
  externalOnly?: boolean;
}

/** The elements (of some classes) that lack a property or hold it without a value; each one cited. */
export async function elementsLacking(
  facts: VersionFacts,
  lang: Lang,
  args: LackingArgs,
): Promise<AnalystResult> {
  const classes = args.classes && args.classes.length > 0 ? args.classes : null;
  const externalOnly = args.externalOnly === true;
  // The scope (the asked classes, external ones when asked), and those of it lacking the property
  // (without it, or holding it without a value).
  const version = explorerVersion(facts);
  const [ofClasses, external, valued] = await Promise.all([
    repo.populationOfClasses(facts.ctx.db, facts.version.id, classes),
    externalOnly
      ? facts.ctx.explorer.elementsWithProperty(version, {
          name: 'IsExternal',
          propertySet: null,
          test: 'true',
        })
      : null,
    facts.ctx.explorer.elementsWithProperty(version, {
      name: args.property,
      propertySet: args.propertySet ?? null,
      test: 'valued',
    }),
  ]);
  const externalIds = external ? new Set(external) : null;
  const inScope = externalIds ? ofClasses.filter((e) => externalIds.has(e.stepId)) : ofClasses;
  const valuedIds = new Set(valued);
  const rows = inScope.filter((e) => !valuedIds.has(e.stepId));
  const labels = [...new Set(inScope.map((e) => classLabel(e.ifcClass)))];
  const kindsText = (n: number) =>
    classes && labels.length > 0 && labels.length <= 3
      ? labels.map((l) => kindName(lang, l, n)).join('/')
      : say(lang, 'assistant.elements', { count: n });
  const prop = args.propertySet ? `${args.propertySet}.${args.property}` : args.property;
  const byLevel = new Map<string, number>();
  for (const r of rows) byLevel.set(r.level ?? '—', (byLevel.get(r.level ?? '—') ?? 0) + 1);
  const text = [
    rows.length === 0
      ? say(lang, 'assistant.lacking.none', {
          n: inScope.length,
          kinds: kindsText(inScope.length),
          external: externalOnly ? 'yes' : 'no',
          property: prop,
          version: facts.version.versionTag,
        })
      : say(lang, 'assistant.lacking.some', {
          lacking: rows.length,
          n: inScope.length,
          kinds: kindsText(inScope.length),
          external: externalOnly ? 'yes' : 'no',
          property: prop,
          version: facts.version.versionTag,
        }),
    ...(rows.length > 0
      ? [
          '',
          say(lang, 'assistant.perStorey'),
          ...[...byLevel]
            .sort((a, b) => a[0].localeCompare(b[0]))
            .map(([l, n]) => `- ${say(lang, 'assistant.listLine', { name: l, value: num(lang, n) })}`),
          '',
          say(lang, 'assistant.forExample'),
          ...rows
            .slice(0, 8)
            .map(
              (r) =>
                `- ${classLabel(r.ifcClass)}${r.name ? ` "${r.name}"` : ''}${r.level ? ` (${r.level})` : ''}`,
            ),
        ]
      : []),
  ].join('\n');
  return {
    text,
    data: {
      property: prop,
      externalOnly,
      inScope: inScope.length,
      lacking: rows.length,
      ids: rows.slice(0, 50).map((r) => r.globalId),
    },
    citations: new Citations().addAll(rows),
  };
}
