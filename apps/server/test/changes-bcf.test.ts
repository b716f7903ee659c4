/**
 * Issue 30's BCF of new failures: the Changes view's download (GET …/comparison/bcf) for a v2 derived
 * from a generated v1 by known edits on the STEP text (FireRating removed from some walls, given to
 * others; no element deleted, no GlobalId changed). The archive must validate against the official
 * XSDs (../shared/bcf-xsd/) and hold one topic per new failure, the new failures counted here from
 * each version's own per-element results (the Compliance view's API, which the history does not
 * compute), set against each other, and checked against the edits themselves. The Overview's
 * per-specification "since v1" figures must be the same differences. Once an approved waiver covers
 * one of the new failures (decision 0370), it is neither a topic nor new on the Overview: it is waived.
 */
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bcfSchemaErrors, haveBcfSchemas } from '@plumbline/ids/testing/bcf-xsd';
import { generateIfc } from '@plumbline/ifc-gen';
import {
  addProperty,
  occurrencePset,
  propertyNames,
  removeProperty,
  StepFile,
  stringValue,
} from '@plumbline/ifc-gen/edit';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { IDS_V1 } from './support/derived-versions';
import { upload } from './support/multipart';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

const [backend] = testBackends();
if (!backend) throw new Error('no test backend');

const LOST = 3; // rated walls losing Pset_WallCommon.FireRating in v2: new failures of FR-1
const GIVEN = 2; // unrated walls given one: resolved, no topic

describe('the BCF of a comparison’s new failures (issue 30)', () => {
  let server: TestServer;
  let owner: Session;
  let dir: string;
  let projectId: string;
  let fileId: string;
  const versions: string[] = [];
  let lost: string[] = [];
  let lostIds: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(backend);
    owner = await signUp(server, 'Bea Bcf');
    dir = mkdtempSync(join(tmpdir(), 'plumbline-changes-bcf-'));
    const v1 = join(dir, 'v1.ifc');
    await generateIfc({ targetBytes: 400_000, seed: 11, out: v1 });
    const text = await readFile(v1, 'utf8');
    const file = new StepFile(text);
    const walls = file.idsOfClass('IFCWALL');
    const rated = (w: number) =>
      propertyNames(file, occurrencePset(file, w, 'Pset_WallCommon')!).includes('FireRating');
    const passing = walls.filter(rated);
    const failing = walls.filter((w) => !rated(w));
    expect(passing.length).toBeGreaterThanOrEqual(LOST);
    expect(failing.length).toBeGreaterThanOrEqual(GIVEN);
    lostIds = passing.slice(0, LOST);
    lost = lostIds.map((w) => stringValue(file.get(w)?.params[0] ?? '') as string);
    for (const w of passing.slice(0, LOST))
      expect(removeProperty(file, w, 'Pset_WallCommon', 'FireRating')).toBe(true);
    for (const w of failing.slice(0, GIVEN))
      expect(addProperty(file, w, 'Pset_WallCommon', 'FireRating', "IFCLABEL('EI60')")).toBe(true);

    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Changes BCF' })).json()
      .project.id;
    expect(
      (await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'rules.ids', IDS_V1)).statusCode,
    ).toBe(201);
    for (const bytes of [text, file.text()]) {
      const res = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, 'Tower.ifc', bytes);
      expect(res.statusCode).toBe(201);
      fileId = res.json().bim_file.id;
      versions.push(res.json().version.id);
      await eventually(async () => {
        const status = (await call(server, owner, 'GET', `${fileUrl()}/status`)).json();
        if (status.status === 'failed') throw new Error(`processing failed: ${JSON.stringify(status)}`);
        return status.status === 'completed' && status.version_id === versions.at(-1) && !status.rechecking;
      });
    }
  }, 600_000);
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const fileUrl = () => `/api/v1/projects/${projectId}/bimfiles/${fileId}`;

  /** The GlobalIds failing a specification in one version, from that version's own results, all pages. */
  async function failingIn(versionId: string, specificationId: string): Promise<Set<string>> {
    const out = new Set<string>();
    for (let offset = 0; ; offset += 200) {
      const query = new URLSearchParams({
        versionId,
        specificationId,
        status: 'failed',
        limit: '200',
        offset: String(offset),
      });
      const res = await call(server, owner, 'GET', `${fileUrl()}/compliance/results?${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { total: number; results: { global_id: string | null }[] };
      for (const row of body.results) out.add(row.global_id ?? '');
      if (offset + 200 >= body.total) return out;
    }
  }

  /** The archive's topics: per topic folder, the GlobalIds its viewpoints name (selected, coloured). */
  function topicsOf(bytes: Uint8Array): Map<string, Set<string>> {
    const members = unzipSync(bytes);
    const topics = new Map<string, Set<string>>();
    const decoder = new TextDecoder();
    for (const name of Object.keys(members))
      if (name.endsWith('/markup.bcf')) topics.set(name.slice(0, -'/markup.bcf'.length), new Set());
    for (const [name, data] of Object.entries(members)) {
      if (!name.endsWith('.bcfv')) continue;
      const guids = [...decoder.decode(data).matchAll(/IfcGuid="([^"]+)"/g)].map((m) => m[1] ?? '');
      for (const guid of guids) topics.get(name.split('/')[0] ?? '')?.add(guid);
    }
    return topics;
  }

  it('holds one XSD-valid topic per new failure (BCF 2.1 and 3.0, same GUIDs each time); the Overview says the same', async () => {
    const [v1, v2] = versions as [string, string];
    // The independent path: each version's failing walls per specification, set against each other.
    const specifications = (
      await call(server, owner, 'GET', `/api/v1/projects/${projectId}/ids/specifications?fileId=${fileId}`)
    ).json().specifications as { id: string; identifier: string | null }[];
    expect(specifications.length).toBeGreaterThanOrEqual(2);
    const expected: string[] = [];
    const perSpecification = new Map<string, { new: number; resolved: number }>();
    for (const spec of specifications) {
      const before = await failingIn(v1, spec.id);
      const after = await failingIn(v2, spec.id);
      const fresh = [...after].filter((g) => !before.has(g)).sort();
      const resolved = [...before].filter((g) => !after.has(g));
      if (spec.identifier === 'FR-1') expect(fresh).toEqual([...lost].sort()); // …and the edits agree
      expected.push(...fresh);
      perSpecification.set(spec.identifier ?? '', { new: fresh.length, resolved: resolved.length });
    }
    expect(expected.length).toBe(LOST);
    expect(perSpecification.get('FR-1')).toEqual({ new: LOST, resolved: GIVEN });

    // The Overview's "since v1" figures per specification: the same as the sets' differences.
    const overview = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/overview`)).json();
    expect(overview.changes).toHaveLength(1);
    expect(overview.changes[0]).toMatchObject({
      file_id: fileId,
      from_version: { id: v1, version_number: 1 },
      to_version: { id: v2, version_number: 2 },
    });
    expect(
      new Map(
        overview.changes[0].specifications.map((s: { identifier: string; new: number; resolved: number }) => [
          s.identifier,
          { new: s.new, resolved: s.resolved },
        ]),
      ),
    ).toEqual(perSpecification);

    const download = async (query: string) => {
      const res = await call(server, owner, 'GET', `${fileUrl()}/comparison/bcf${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain('.bcf');
      return new Uint8Array(res.rawPayload);
    };
    const bcf21 = await download('');
    const bcf30 = await download(`?from=${v1}&to=${v2}&bcfVersion=3.0`);
    const topics = topicsOf(bcf21);
    expect(topics.size).toBe(expected.length);
    // One element per topic, each new failure once.
    for (const guids of topics.values()) expect(guids.size).toBe(1);
    expect([...topics.values()].flatMap((guids) => [...guids]).sort()).toEqual([...expected].sort());
    expect(topicsOf(bcf30).size).toBe(expected.length);
    if (haveBcfSchemas())
      expect(
        await bcfSchemaErrors([
          { name: 'new-2.1.bcf', bytes: bcf21 },
          { name: 'new-3.0.bcf', bytes: bcf30 },
        ]),
      ).toEqual([]);

    // Stable GUIDs: the same pair named explicitly gives the same topics; 3.0 keeps 2.1's.
    const again = topicsOf(await download(`?from=${v1}&to=${v2}`));
    expect([...again.keys()].sort()).toEqual([...topics.keys()].sort());
    expect([...topicsOf(bcf30).keys()].sort()).toEqual([...topics.keys()].sort());

    // Backwards, the walls given a rating lose it: those are the new failures then.
    const reverse = topicsOf(await download(`?from=${v2}&to=${v1}`));
    expect(reverse.size).toBe(GIVEN);
  }, 600_000);

  it('gives a new failure an approved waiver covers no topic, and the Overview counts it waived, not new', async () => {
    const [v1, v2] = versions as [string, string];
    const specifications = (
      await call(server, owner, 'GET', `/api/v1/projects/${projectId}/ids/specifications?fileId=${fileId}`)
    ).json().specifications as { id: string; identifier: string | null }[];
    const fire = specifications.find((s) => s.identifier === 'FR-1')!;
    expect(fire).toBeDefined();
    const waivedWall = lostIds[0]!;
    expect(
      (
        await call(server, owner, 'PUT', `/api/v1/projects/${projectId}/waiver-settings`, {
          self_approval: true,
        })
      ).statusCode,
    ).toBe(200);
    const asked = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/waivers`, {
      file_id: fileId,
      version_id: v2,
      specification_id: fire.id,
      scope: 'element',
      element_id: waivedWall,
      reason: 'Rated by the fire engineer on site, record to follow',
      expires_on: new Date(server.clock.now().getTime() + 100 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await call(
      server,
      owner,
      'POST',
      `/api/v1/projects/${projectId}/waivers/${asked.json().waiver.id}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().waiver).toMatchObject({ state: 'approved', waived_findings: 1 });

    // The independent path again: v2's failing walls are now the lost ones but the waived one.
    const before = await failingIn(v1, fire.id);
    const fresh = [...(await failingIn(v2, fire.id))].filter((g) => !before.has(g)).sort();
    expect(fresh).toEqual(lost.filter((g) => g !== lost[0]).sort());

    const answer = await call(server, owner, 'GET', `/api/v1/projects/${projectId}/overview`);
    expect(answer.statusCode, answer.body).toBe(200);
    const overview = answer.json();
    const line = overview.changes[0].specifications.find(
      (s: { identifier: string }) => s.identifier === 'FR-1',
    );
    expect(line).toMatchObject({ new: fresh.length, resolved: GIVEN, waived: 1 });

    // The default pair (latest against the one before), as the Overview's line reads it.
    const res = await call(server, owner, 'GET', `${fileUrl()}/comparison/bcf`);
    expect(res.statusCode, res.body).toBe(200);
    const topics = topicsOf(new Uint8Array(res.rawPayload));
    const named = [...topics.values()].flatMap((guids) => [...guids]).sort();
    // Other specifications had no new failures (the first test), so the topics are FR-1's alone.
    expect(named).toEqual(fresh);
    expect(named).not.toContain(lost[0]);
  }, 600_000);

  it('answers 409 without an earlier checked version to compare with, like the view', async () => {
    const res = await call(
      server,
      owner,
      'GET',
      `${fileUrl()}/comparison/bcf?from=${versions[1]}&to=${versions[1]}`,
    );
    expect(res.statusCode).toBe(409);
  });
});
