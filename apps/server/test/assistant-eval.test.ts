import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compareFiles } from '@plumbline/ids/compare-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVAL_MODELS, type EvalModel } from './assistant-eval/models';
import { QUESTIONS } from './assistant-eval/questions';
import { type Asked, type Outcome, outcomeOf, score, type Verdict } from './assistant-eval/score';
import { buildTruth, computeIds, computeNumber, type Truth } from './assistant-eval/truth';
import { ask } from './support/ai-fixture';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { sharedFile } from './support/samples';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

/**
 * The assistant's question set (`npm run eval:assistant`): every question asked of the built-in
 * analyst on a processed model, scored against facts computed from the IFC file and the engine's
 * report (assistant-eval/truth.ts). Prints the score table and every wrong answer.
 */

interface Loaded {
  model: EvalModel;
  truth: Truth;
  owner: Session;
  projectId: string;
  fileId: string;
}

/** Uploads one issue of the model and waits for its processing; the file's id. */
async function uploadVersion(
  server: TestServer,
  owner: Session,
  projectId: string,
  model: EvalModel,
  ifc: Buffer,
): Promise<string> {
  const response = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, model.fileName, ifc);
  if (response.statusCode !== 201) throw new Error(`IFC upload failed: ${response.body}`);
  const { bim_file: file, version } = response.json();
  await eventually(async () => {
    const versions = (
      await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${file.id}/versions`)
    ).json().versions as { id: string; status: string; error: string | null }[];
    const mine = versions.find((v) => v.id === version.id);
    if (mine?.status === 'failed') throw new Error(`processing failed: ${mine.error}`);
    return mine?.status === 'completed';
  });
  return file.id as string;
}

/** The engine's own comparison of two issues (findings new and resolved), from files on disk. */
async function engineChanges(model: EvalModel, before: Buffer, after: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'plumbline-eval-changes-'));
  try {
    writeFileSync(join(dir, 'before.ifc'), before);
    writeFileSync(join(dir, 'after.ifc'), after);
    const idsPaths = model.ids.map((ids) => {
      writeFileSync(join(dir, ids.name), ids.bytes);
      return join(dir, ids.name);
    });
    const compared = await compareFiles(join(dir, 'before.ifc'), join(dir, 'after.ifc'), idsPaths);
    if (compared.status !== 'compared') throw new Error('IDS files invalid');
    const sum = (kind: 'new' | 'resolved') =>
      compared.comparison.specifications.reduce((n, s) => n + s.counts[kind], 0);
    return { new: sum('new'), resolved: sum('resolved') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function loadModel(server: TestServer, model: EvalModel, ifc: Buffer): Promise<Loaded> {
  const owner = await signUp(server, 'Eva Evaluator');
  const projectId = (
    await call(server, owner, 'POST', '/api/v1/projects', {
      name: model.title,
      description: 'Assistant question set',
    })
  ).json().project.id as string;
  for (const ids of model.ids) {
    const response = await upload(
      server,
      owner,
      `/api/v1/projects/${projectId}/idsfiles`,
      ids.name,
      ids.bytes,
    );
    if (response.statusCode !== 201) throw new Error(`IDS upload failed: ${response.body}`);
  }
  const previous = model.previous ? await model.previous() : null;
  if (previous) await uploadVersion(server, owner, projectId, model, previous);
  const fileId = await uploadVersion(server, owner, projectId, model, ifc);
  const truth = buildTruth(
    ifc,
    model.ids.map((i) => i.bytes),
  );
  if (previous) truth.changes = await engineChanges(model, previous, ifc);
  return { model, truth, owner, projectId, fileId };
}

const available = sharedFile('ifc-samples/Duplex_A_20110907.ifc') !== null;

for (const backend of testBackends()) {
  describe.skipIf(!available)(`assistant question set (${backend.name})`, () => {
    let server: TestServer;
    const loaded = new Map<string, Loaded>();

    beforeAll(async () => {
      server = await startTestServer(backend);
      for (const model of EVAL_MODELS)
        loaded.set(model.key, await loadModel(server, model, await model.ifc()));
    });
    afterAll(async () => {
      for (const l of loaded.values()) l.truth.model.dispose();
      await server?.stop();
    });

    it('holds at least 40 questions in English, Dutch and German, off-topic and two-line ones among them', () => {
      expect(QUESTIONS.length).toBeGreaterThanOrEqual(40);
      expect(new Set(QUESTIONS.map((q) => q.lang))).toEqual(new Set(['en', 'nl', 'de']));
      expect(QUESTIONS.some((q) => q.kind === 'unanswerable')).toBe(true);
      expect(QUESTIONS.some((q) => q.question.includes('\n'))).toBe(true);
      expect(new Set(QUESTIONS.map((q) => q.id)).size).toBe(QUESTIONS.length);
    });

    it('states expected facts that hold in the IFC files (parser and engine, not the assistant)', () => {
      for (const q of QUESTIONS) {
        const { truth } = loaded.get(q.model) as Loaded;
        for (const f of q.figures ?? [])
          expect(computeNumber(truth, f.recipe), `${q.id}: ${f.pattern}`).toBe(f.value);
        const names = [
          ...truth.report.specifications.map((s) => s.name),
          ...truth.population.map((id) => truth.storeyName(id) ?? ''),
        ];
        for (const m of q.mentions ?? [])
          expect(
            names.some((n) => n.includes(m)),
            `${q.id}: "${m}"`,
          ).toBe(true);
      }
    });

    it('answers at least 90 % of the questions right and states no wrong figure', async () => {
      const rows: { q: (typeof QUESTIONS)[number]; verdict: Verdict; answer: Asked }[] = [];
      for (const q of QUESTIONS) {
        const l = loaded.get(q.model) as Loaded;
        // Asked as a person of the question's language asks it: the page sends its language.
        const { text, cited, events } = await ask(server, l.owner, l, q.question, undefined, q.lang);
        const answer: Asked = {
          text,
          cited: new Set(cited?.elements ?? []),
          intent: events[0]?.metadata?.intent as string | undefined,
        };
        let verdict = score(q, answer, q.cites ? computeIds(l.truth, q.cites) : null);
        if (q.kind === 'unanswerable' && verdict.right) {
          // Each suggestion must itself be answerable.
          const suggestions = text
            .split('\n')
            .filter((line) => line.startsWith('- '))
            .map((line) => line.slice(2));
          for (const s of suggestions) {
            const again = await ask(server, l.owner, l, s, undefined, q.lang);
            const intent = again.events[0]?.metadata?.intent;
            if (intent === 'unanswerable')
              verdict = {
                ...verdict,
                right: false,
                problems: [...verdict.problems, `suggestion "${s}" is not answerable`],
              };
          }
        }
        rows.push({ q, verdict, answer });
      }
      const right = rows.filter((r) => r.verdict.right).length;
      // Issue 35's styles: right / partly / wrong / refused per style and over the new questions.
      const tally = (subset: typeof rows) => {
        const counts: Record<Outcome, number> = { right: 0, partly: 0, wrong: 0, refused: 0 };
        for (const r of subset) counts[outcomeOf(r.q, r.answer, r.verdict)] += 1;
        return `${subset.length} asked: ${counts.right} right, ${counts.partly} partly, ${counts.wrong} wrong, ${counts.refused} refused`;
      };
      const styled = rows.filter((r) => r.q.style);
      const styles = [
        `Issue 35 questions: ${tally(styled)}.`,
        ...(['a', 'b', 'c', 'd'] as const).map(
          (s) => `- style ${s}: ${tally(styled.filter((r) => r.q.style === s))}`,
        ),
      ];
      const wrong = rows.filter((r) => r.verdict.wrongFigures.length > 0);
      const table = [
        '',
        '| # | model | lang | question | result |',
        '|---|---|---|---|---|',
        ...rows.map(
          (r) =>
            `| ${r.q.id} | ${r.q.model} | ${r.q.lang} | ${r.q.question.replace(/\n/g, ' ⏎ ')} | ${r.verdict.right ? 'right' : `WRONG: ${[...r.verdict.wrongFigures, ...r.verdict.problems].join('; ')}`} |`,
        ),
        '',
        ...styles,
        `Score: ${right} of ${rows.length} right (${Math.round((right / rows.length) * 1000) / 10} %); answers stating a wrong figure: ${wrong.length}.`,
        ...rows.flatMap((r) =>
          r.verdict.right && !process.env.EVAL_DUMP
            ? []
            : [
                '',
                `--- ${r.q.id}: ${r.q.question.replace(/\n/g, ' ⏎ ')}`,
                r.answer.text,
                `(intent ${r.answer.intent}, ${r.answer.cited.size} cited)`,
              ],
        ),
      ].join('\n');
      console.log(table);
      // EVAL_ASK='demo:Which storey is worst?|duplex:…' prints answers to questions outside the set.
      for (const item of (process.env.EVAL_ASK ?? '').split('|').filter(Boolean)) {
        const [key, ...rest] = item.split(':');
        const l = loaded.get(key ?? '') ?? (loaded.get('demo') as Loaded);
        const asked = await ask(server, l.owner, l, rest.join(':'));
        console.log(`\n>>> ${item}\n${asked.text}\n(intent ${asked.events[0]?.metadata?.intent})`);
      }
      expect(wrong.map((r) => r.q.id)).toEqual([]);
      expect(right / rows.length).toBeGreaterThanOrEqual(0.9);
    }, 600_000);
  });
}
