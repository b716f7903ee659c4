import { intlLocale, type Locale } from '@plumbline/i18n';
import { checkModel, parseIds } from '@plumbline/ids';
import { type IfcModel, readIfc } from '@plumbline/ifc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingItems, requirementsOf } from './assistant-eval/truth';
import { type AssistantProject, ask, FIRE_IDS, projectWithModel } from './support/ai-fixture';
import { testBackends } from './support/backends';
import { sharedFile } from './support/samples';
import { startTestServer, type TestServer } from './support/server';

/**
 * The assistant in four languages (issue 31): the same eleven kinds of question asked in English,
 * German, French and Dutch of one seeded project (the FZK house and the fire IDS). Every figure an
 * answer must state is computed here from the IFC file and the engine's report, not by the analyst;
 * each answer is in the asking person's language: its words for that language and none of the
 * English ones.
 */
const haus = sharedFile('ifc-samples/AC20-FZK-Haus.ifc');

const LANGS: readonly Locale[] = ['en', 'de', 'fr', 'nl'];

/** A no-break space (French puts one before ':' in the catalogue). */
const NB = '\u00a0';

/** Words of the answers' sentences that only their language uses (the catalogue's, not the model's). */
const OWN_WORDS: Record<Locale, RegExp> = {
  en: /\b(of|checked|meet|elements|storey|requirement|requirements|specifications|missing|applicable|first|failures)\b/,
  de: /(?:^|[^\p{L}])(von|nicht|Geschoss|Elemente|Anforderungen|erfüllen|Spezifikationen|gelten|fehlt|enthält|hat)(?=$|[^\p{L}])/u,
  fr: /(?:^|[^\p{L}])(sur|éléments|étage|exigences|spécifications|s’appliquent|satisfont|manque|contient|compte|Échoué)(?=$|[^\p{L}])/u,
  nl: /\b(van|niet|verdieping|elementen|voldoen|eisen|specificaties|ontbreekt|bevat|heeft)\b/,
};

/** English words of the catalogue's sentences: none may appear in a German, French or Dutch answer. */
const ENGLISH = [
  'of',
  'checked',
  'meet',
  'meets',
  'elements',
  'storey',
  'storeys',
  'requirement',
  'requirements',
  'specifications',
  'missing',
  'applicable',
  'Passed',
  'Failed',
  'holds',
  'has',
  'apply',
  'every',
  'most',
  'first',
  'could',
  'answer',
];
/** Those that are words of the other language too: French "Non applicable", Dutch "of" (or). */
const ALSO_THEIRS: Record<Locale, readonly string[]> = { en: [], de: [], fr: ['applicable'], nl: ['of'] };
const englishWords = (lang: Locale) =>
  new RegExp(`\\b(${ENGLISH.filter((w) => !ALSO_THEIRS[lang].includes(w)).join('|')})\\b`);

interface Expected {
  intent: string;
  /** Text the answer must hold, each with a figure computed from the IFC file or the engine's report. */
  holds: string[];
  /** Lines that start so and hold that (a storey's line and its figure). */
  lines?: Array<[start: string, holds: string]>;
}

interface Question {
  kind: string;
  asked: Record<Locale, string>;
  expected: (lang: Locale) => Expected;
}

function productsOf(model: IfcModel) {
  return [...model.products()].map((id) => ({
    cls: model.classOf(id) ?? '',
    globalId: model.globalId(id),
    level: (() => {
      const storey = model.storeyOf(id);
      return storey === null ? null : model.name(storey);
    })(),
  }));
}

for (const backend of testBackends()) {
  describe.skipIf(!haus)(
    `assistant: the same questions in English, German, French and Dutch (${backend.name})`,
    () => {
      let server: TestServer;
      let project: AssistantProject;
      let model: IfcModel;
      let questions: Question[];
      /** Names from the model and the IDS: data, the same in every language. */
      let names: string[];

      beforeAll(async () => {
        server = await startTestServer(backend);
        project = await projectWithModel(server, haus as Buffer);
        model = readIfc(new Uint8Array(haus as Buffer));
        const document = parseIds(Buffer.from(FIRE_IDS));
        const report = checkModel(model, document);
        const products = productsOf(model);
        const n = (lang: Locale, value: number) => value.toLocaleString(intlLocale(lang));
        const colon = (lang: Locale) => (lang === 'fr' ? `${NB}:` : ':');
        const spec = (name: string) => {
          const found = report.specifications.find((s) => s.name === name);
          if (!found) throw new Error(`no specification ${name}`);
          return found;
        };
        const wallFire = spec('Walls have a fire rating');
        const doorFire = spec('Doors have a fire rating');
        const checks = report.specifications.reduce((sum, s) => sum + s.applicableCount, 0);
        const passedChecks = report.specifications.reduce((sum, s) => sum + s.passedCount, 0);
        const failures = report.specifications.reduce(
          (sum, s) => sum + s.failingElements.reduce((k, e) => k + e.failures.length, 0),
          0,
        );
        const doors = products.filter((p) => p.cls === 'IFCDOOR');
        // Elements failing any specification, per storey (each element's worst status is Failed).
        const failingIds = new Set(
          report.specifications.flatMap((s) => s.failingElements.map((e) => e.globalId)),
        );
        const failedOn = new Map<string, number>();
        for (const p of products)
          if (p.globalId && failingIds.has(p.globalId) && p.level)
            failedOn.set(p.level, (failedOn.get(p.level) ?? 0) + 1);
        const missing = new Map<string, number>();
        for (const item of missingItems({ report, requirements: requirementsOf(document, report) }))
          if (item) missing.set(item, (missing.get(item) ?? 0) + 1);
        const [topItem, topCount] = [...missing].sort(
          (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
        )[0] ?? ['', 0];
        names = [
          ...report.specifications.map((s) => s.name),
          ...products.flatMap((p) => (p.level ? [p.level] : [])),
          ...missing.keys(),
        ];
        const WORDS = {
          of: { en: 'of', de: 'von', fr: 'sur', nl: 'van' },
          walls: { en: 'walls', de: 'Wände', fr: 'murs', nl: 'wanden' },
          doors: { en: 'doors', de: 'Türen', fr: 'portes', nl: 'deuren' },
          failed: { en: 'Failed', de: 'Nicht bestanden', fr: 'Échoué', nl: 'Niet geslaagd' },
        } as const;
        expect(wallFire.failingElements.length).toBeGreaterThan(0);
        expect(failedOn.size).toBeGreaterThan(0);
        expect(topCount).toBeGreaterThan(0);

        questions = [
          {
            kind: 'summary',
            asked: {
              en: 'Summarise compliance',
              de: 'Fasse die Konformität zusammen',
              fr: 'Résumez la conformité',
              nl: 'Vat de naleving samen',
            },
            expected: (lang) => ({
              intent: 'compliance',
              holds: [
                `${n(lang, passedChecks)} ${WORDS.of[lang]} ${n(lang, checks)} ${{ en: 'element checks', de: 'Elementprüfungen', fr: 'contrôles d’éléments', nl: 'elementcontroles' }[lang]}`,
              ],
            }),
          },
          {
            kind: 'failing',
            asked: {
              en: 'Which walls fail "Walls have a fire rating"?',
              de: 'Welche Wände erfüllen "Walls have a fire rating" nicht?',
              fr: 'Combien de murs échouent à « Walls have a fire rating » ?',
              nl: 'Welke wanden voldoen niet aan "Walls have a fire rating"?',
            },
            expected: (lang) => ({
              intent: 'failing',
              holds: [
                // German: "der" and the genitive plural, the form a class noun has without inflecting it;
                // French: worded so that no adjective agrees with the class noun's gender (the topic
                // follows the noun: "Contrôle de 3 murs "…" : 2 ne satisfont pas").
                ...{
                  en: [
                    `${n(lang, wallFire.failingElements.length)} of ${n(lang, wallFire.applicableCount)} walls checked`,
                  ],
                  de: [
                    `${n(lang, wallFire.failingElements.length)} der ${n(lang, wallFire.applicableCount)} geprüften Wände`,
                  ],
                  fr: [
                    `Contrôle de ${n(lang, wallFire.applicableCount)} murs `,
                    `${colon(lang)} ${n(lang, wallFire.failingElements.length)} ne satisfont pas`,
                  ],
                  nl: [
                    `${n(lang, wallFire.failingElements.length)} van ${n(lang, wallFire.applicableCount)} gecontroleerde wanden`,
                  ],
                }[lang],
              ],
            }),
          },
          {
            kind: 'count',
            asked: {
              en: 'How many doors per level?',
              de: 'Wie viele Türen gibt es pro Geschoss?',
              fr: 'Combien de portes y a-t-il par étage ?',
              nl: 'Hoeveel deuren zijn er per verdieping?',
            },
            expected: (lang) => ({
              intent: 'count',
              holds: [
                `${{ en: 'has', de: 'hat', fr: 'compte', nl: 'heeft' }[lang]} ${n(lang, doors.length)} ${WORDS.doors[lang]}`,
              ],
            }),
          },
          {
            kind: 'missing',
            asked: {
              en: 'Which properties are most often missing?',
              de: 'Welche Eigenschaften fehlen am häufigsten?',
              fr: 'Quelles propriétés manquent le plus souvent ?',
              nl: 'Welke eigenschappen ontbreken het vaakst?',
            },
            expected: (lang) => ({
              intent: 'missing',
              holds: [
                `1. ${topItem}${colon(lang)} ${{ en: 'missing in', de: 'fehlt in', fr: 'manque dans', nl: 'ontbreekt in' }[lang]} ${n(lang, topCount)}`,
              ],
            }),
          },
          {
            kind: 'by_storey',
            asked: {
              en: 'Summarise compliance by storey',
              de: 'Fasse die Konformität pro Geschoss zusammen',
              fr: 'Résumez la conformité par étage',
              nl: 'Vat de naleving per verdieping samen',
            },
            expected: (lang) => ({
              intent: 'by_storey',
              holds: [],
              lines: [...failedOn].map(([storey, k]) => [
                `- ${storey}${colon(lang)} `,
                `${WORDS.failed[lang]} ${n(lang, k)}`,
              ]),
            }),
          },
          {
            kind: 'by_specification',
            asked: {
              en: 'Which specifications fail?',
              de: 'Welche Spezifikationen sind fehlerhaft?',
              fr: 'Quelles spécifications échouent ?',
              nl: 'Welke specificaties falen?',
            },
            expected: (lang) => ({
              intent: 'by_specification',
              holds: report.specifications
                .filter((s) => s.failingElements.length > 0)
                .map(
                  (s) =>
                    `- ${s.name}${colon(lang)} ${n(lang, s.failingElements.length)} ${WORDS.of[lang]} ${n(lang, s.applicableCount)}`,
                ),
            }),
          },
          {
            kind: 'by_requirement',
            asked: {
              en: 'Which requirements fail most often?',
              de: 'Welche Anforderungen werden am häufigsten nicht erfüllt?',
              fr: 'Quelles exigences échouent le plus souvent ?',
              nl: 'Welke eisen worden het vaakst niet gehaald?',
            },
            expected: (lang) => ({
              intent: 'by_requirement',
              holds: [
                `- Pset_WallCommon.FireRating (${wallFire.name})${colon(lang)} ${{ en: 'failed by', de: 'von', fr: 'non satisfaite par', nl: 'niet gehaald door' }[lang]} ${n(lang, wallFire.failingElements.length)} ${WORDS.of[lang]} ${n(lang, wallFire.applicableCount)}`,
              ],
            }),
          },
          {
            kind: 'fix',
            asked: {
              en: 'What should I fix first?',
              de: 'Was soll ich zuerst beheben?',
              fr: 'Que dois-je corriger en premier ?',
              nl: 'Wat moet ik eerst oplossen?',
            },
            expected: (lang) => ({
              intent: 'fix',
              holds: [
                `(${n(lang, failures)} ${{ en: 'failed requirement checks in all', de: 'nicht erfüllte Anforderungsprüfungen insgesamt', fr: 'contrôles d’exigences échoués au total', nl: 'niet gehaalde eiscontroles in totaal' }[lang]}`,
              ],
            }),
          },
          {
            kind: 'applicability',
            asked: {
              en: 'Which specifications apply to doors?',
              de: 'Welche Spezifikationen gelten für Türen?',
              fr: 'Quelles spécifications s’appliquent aux portes ?',
              nl: 'Welke specificaties zijn van toepassing op deuren?',
            },
            expected: (lang) => ({
              intent: 'applicability',
              holds: [
                `${n(lang, 1)} ${WORDS.of[lang]} ${n(lang, report.specifications.length)} ${{ en: 'specifications apply to doors', de: 'Spezifikationen gelten für Türen', fr: 'spécifications s’appliquent aux portes', nl: 'specificaties zijn van toepassing op deuren' }[lang]}`,
                `- ${doorFire.name}${colon(lang)} ${n(lang, doorFire.applicableCount)} ${WORDS.doors[lang]}`,
              ],
            }),
          },
          {
            kind: 'nothing',
            asked: {
              en: 'Which specifications apply to nothing?',
              de: 'Welche Spezifikationen gelten für kein Element?',
              fr: 'Quelles spécifications ne s’appliquent à aucun élément ?',
              nl: 'Welke specificaties zijn op geen enkel element van toepassing?',
            },
            expected: (lang) => {
              const all = report.specifications.length;
              expect(report.specifications.every((s) => s.applicableCount > 0)).toBe(true);
              return {
                intent: 'nothing',
                holds: [
                  {
                    en: `All ${n(lang, all)} specifications apply to at least one element`,
                    de: `Alle ${n(lang, all)} Spezifikationen gelten für mindestens ein Element`,
                    fr: `Les ${n(lang, all)} spécifications s’appliquent toutes à au moins un élément`,
                    nl: `Alle ${n(lang, all)} specificaties zijn van toepassing op ten minste één element`,
                  }[lang],
                ],
              };
            },
          },
          {
            kind: 'overview',
            asked: {
              en: 'What is in this model?',
              de: 'Was ist im Modell?',
              fr: 'Que contient ce modèle ?',
              nl: 'Wat zit er in dit model?',
            },
            expected: (lang) => ({
              intent: 'overview',
              holds: [
                `${{ en: 'holds', de: 'enthält', fr: 'contient', nl: 'bevat' }[lang]} ${n(lang, products.length)} ${{ en: 'elements', de: 'Elemente', fr: 'éléments', nl: 'elementen' }[lang]}`,
              ],
            }),
          },
        ];
      });
      afterAll(async () => {
        model?.dispose();
        await server?.stop();
      });

      /** The answer without the names it quotes from the model and the IDS (data, in no language). */
      const withoutNames = (text: string) =>
        [...names].sort((a, b) => b.length - a.length).reduce((t, name) => t.split(name).join(' '), text);

      for (const lang of LANGS) {
        it(`answers eleven kinds of question asked in ${lang} with the model's figures, in ${lang}`, async () => {
          expect(questions.length).toBeGreaterThanOrEqual(10);
          for (const q of questions) {
            const { response, text, events } = await ask(
              server,
              project.owner,
              project,
              q.asked[lang],
              undefined,
              lang,
            );
            expect(response.statusCode, q.kind).toBe(200);
            const expected = q.expected(lang);
            expect(events[0]?.metadata, `${lang} ${q.kind}`).toMatchObject({
              intent: expected.intent,
              language: lang,
            });
            for (const fragment of expected.holds) expect(text, `${lang} ${q.kind}`).toContain(fragment);
            const answerLines = text.split('\n');
            for (const [start, holds] of expected.lines ?? [])
              expect(
                answerLines.some((line) => line.startsWith(start) && line.includes(holds)),
                `${lang} ${q.kind}: ${start}… ${holds}`,
              ).toBe(true);
            const words = withoutNames(text);
            expect(words, `${lang} ${q.kind}: its language's words`).toMatch(OWN_WORDS[lang]);
            if (lang !== 'en')
              expect(
                words.match(englishWords(lang))?.[0],
                `${lang} ${q.kind}: an English word in
${text}`,
              ).toBeUndefined();
          }
        }, 300_000);
      }

      it('answers in the asking person’s language whatever language the question is written in', async () => {
        const inFrench = await ask(server, project.owner, project, 'Résumez la conformité', undefined, 'en');
        const inEnglish = await ask(server, project.owner, project, 'Summarise compliance', undefined, 'en');
        expect(inFrench.text).toBe(inEnglish.text);
        const inGerman = await ask(server, project.owner, project, 'Summarise compliance', undefined, 'de');
        expect(inGerman.text).toMatch(OWN_WORDS.de);
        expect(withoutNames(inGerman.text)).not.toMatch(englishWords('de'));
      }, 120_000);
    },
  );
}
