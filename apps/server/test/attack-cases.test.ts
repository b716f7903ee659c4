import { maxIdsBytes } from '@plumbline/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { verificationTokenFor } from './support/mail';
import { multipartBody, upload } from './support/multipart';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

/**
 * Fast versions of `npm run attack` (scripts/attack.ts): the same shapes, small inputs. Cases already
 * covered elsewhere are named in README.md, Security, "fast versions in npm test".
 */

const IDS_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<ids:ids xmlns:ids="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://standards.buildingsmart.org/IDS http://standards.buildingsmart.org/IDS/1.0/ids.xsd">\n<ids:info><ids:title>attack</ids:title></ids:info>\n<ids:specifications>\n';
const spec = (name: string, requirement: string) =>
  `<ids:specification ifcVersion="IFC4" name="${name}"><ids:applicability minOccurs="1" maxOccurs="unbounded"><ids:entity><ids:name><ids:simpleValue>IFCWALL</ids:simpleValue></ids:name></ids:entity></ids:applicability><ids:requirements>${requirement}</ids:requirements></ids:specification>\n`;
const ids = (specs: string) => Buffer.from(`${IDS_HEAD}${specs}</ids:specifications>\n</ids:ids>\n`);
const nameRequired =
  '<ids:attribute><ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name></ids:attribute>';
/** The attack's pattern: exponential backtracking on a backtracking engine for a near-miss input. */
const redosRequirement =
  '<ids:attribute><ids:name><ids:simpleValue>Name</ids:simpleValue></ids:name><ids:value><xs:restriction base="xs:string"><xs:pattern value="(a+)+"/></xs:restriction></ids:value></ids:attribute>';

/** A model of walls, each with a Name and one property `Pset_Attack.Note`. */
function wallModel(walls: Array<{ name: string; note?: string }>): Buffer {
  const lines = ["#1=IFCPROJECT('0YvctVUKr0kugbFTf53O9L',$,'Attack',$,$,$,$,$,$);"];
  walls.forEach((wall, i) => {
    const base = 10 + i * 4;
    const gid = (n: number) => `${n}${String(i).padStart(3, '0')}ctVUKr0kugbFTf53O9`.slice(0, 22);
    lines.push(`#${base}=IFCWALL('${gid(1)}',$,'${wall.name}',$,$,$,$,$,$);`);
    if (wall.note !== undefined) {
      lines.push(`#${base + 1}=IFCPROPERTYSINGLEVALUE('Note',$,IFCLABEL('${wall.note}'),$);`);
      lines.push(`#${base + 2}=IFCPROPERTYSET('${gid(2)}',$,'Pset_Attack',$,(#${base + 1}));`);
      lines.push(`#${base + 3}=IFCRELDEFINESBYPROPERTIES('${gid(3)}',$,$,$,(#${base}),#${base + 2});`);
    }
  });
  return Buffer.from(`ISO-10303-21;
HEADER;FILE_DESCRIPTION(('ViewDefinition [ReferenceView]'),'2;1');FILE_NAME('attack.ifc','2026-11-25T00:00:00',(''),(''),'','','');FILE_SCHEMA(('IFC4'));ENDSEC;
DATA;
${lines.join('\n')}
ENDSEC;
END-ISO-10303-21;
`);
}

for (const backend of testBackends()) {
  describe(`attack cases, small and fast (${backend.name})`, () => {
    let server: TestServer;
    let owner: Session;
    const logs: string[] = [];

    beforeAll(async () => {
      // Logs captured at info level for the whole file: the last case reads them for secrets.
      server = await startTestServer(
        backend,
        { LOG_LEVEL: 'info' },
        { logs: { write: (line) => logs.push(line) } },
      );
      owner = await signUp(server, 'Eve Editor');
    });
    afterAll(async () => server?.stop());

    const newProject = async (name: string) =>
      (await call(server, owner, 'POST', '/api/v1/projects', { name })).json().project.id as string;

    async function processed(projectId: string, fileId: string) {
      return eventually(async () => {
        const status = (
          await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/status`)
        ).json();
        return status.status === 'completed' || status.status === 'failed' ? status : null;
      });
    }

    it('refuses an IDS of 5,000 nested tags at once with 400 naming the depth limit', async () => {
      const projectId = await newProject('Nested');
      const depth = 5_000;
      const body = Buffer.from(
        `${IDS_HEAD}${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}</ids:specifications></ids:ids>`,
      );
      // How long the refusal takes is `npm run attack`'s figure; here, that it is refused at all (a
      // reader that followed every level would not answer within the test's timeout).
      const res = await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'nested.ids', body);
      expect(res.statusCode).toBe(400);
      expect(res.body.toLowerCase()).toMatch(/depth|nest/);
      expect(
        (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/idsfiles`)).json().ids_files,
      ).toEqual([]);
    });

    it('refuses an IDS over the size limit (MAX_IDS_MB) by its size with 413, storing nothing', async () => {
      const projectId = await newProject('Huge');
      const body = Buffer.concat([
        Buffer.from(IDS_HEAD.replace('attack', 'x'.repeat(maxIdsBytes() + 1))),
        ids(spec('s', nameRequired)),
      ]);
      const res = await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'huge.ids', body);
      expect(res.statusCode).toBe(413);
      expect(res.json().error.message).toBe(`The IDS file is larger than ${maxIdsBytes() / 1024 / 1024} MB.`);
      expect(
        (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/idsfiles`)).json().ids_files,
      ).toEqual([]);
    });

    it('checks the ReDoS pattern (a+)+ against a wall named 35 a’s then ! in seconds, and the wall fails', async () => {
      const projectId = await newProject('Patterns');
      const idsRes = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/idsfiles`,
        'redos.ids',
        ids(spec('Backtracking', redosRequirement)),
      );
      expect(idsRes.statusCode, idsRes.body).toBe(201);
      // Expected from IDS semantics: an xs:pattern matches the whole value, and 'aaa…a!' is not made
      // of a's only, so the one applicable wall fails; the wall named 'aaaa' passes.
      // A backtracking engine would need about 2^35 steps for the first wall: the check finishing at
      // all is the proof; its time is `npm run attack`'s figure.
      const model = wallModel([{ name: `${'a'.repeat(35)}!` }, { name: 'aaaa' }]);
      const res = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, 'redos.ifc', model);
      expect(res.statusCode, res.body).toBe(201);
      const fileId = res.json().bim_file.id;
      const status = await processed(projectId, fileId);
      expect(status.status).toBe('completed');
      const results = (
        await call(
          server,
          owner,
          'GET',
          `/api/v1/projects/${projectId}/bimfiles/${fileId}/compliance/results`,
        )
      ).json();
      const statusOf = new Map(
        (results.results as Array<{ name: string; status: string }>).map((r) => [r.name, r.status]),
      );
      expect(statusOf.get(`${'a'.repeat(35)}!`)).toBe('failed');
      expect(statusOf.get('aaaa')).toBe('passed');
    });

    it('answers 400 at once for CR or LF in a plain (not encoded) upload name, on both upload routes', async () => {
      // The RFC 5987 encoded forms are covered over a real socket in upload-names.test.ts.
      const projectId = await newProject('Names');
      for (const route of ['bimfiles', 'idsfiles'] as const) {
        for (const breakChar of ['\r', '\n']) {
          const content = route === 'bimfiles' ? wallModel([{ name: 'w' }]) : ids(spec('s', nameRequired));
          const body = multipartBody(`a${breakChar}b.${route === 'bimfiles' ? 'ifc' : 'ids'}`, content);
          const res = await server.app.inject({
            method: 'POST',
            url: `/api/v1/projects/${projectId}/${route}`,
            headers: { authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
            payload: body.payload,
          });
          expect(res.statusCode, `${route} ${JSON.stringify(breakChar)}`).toBe(400);
        }
      }
      expect(
        (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles`)).json().bim_files,
      ).toEqual([]);
    });

    it('refuses NUL with 400 naming the field in the text inputs not covered by upload-names.test.ts', async () => {
      const projectId = await newProject('Nul');
      const fileId = '00000000-0000-4000-8000-000000000000';
      const cases: Array<
        [string, () => Promise<{ statusCode: number; json(): { error: { fields?: object } } }>, string]
      > = [
        [
          'project description',
          () => call(server, owner, 'PATCH', `/api/v1/projects/${projectId}`, { description: 'A\u0000B' }),
          'description',
        ],
        [
          'profile company',
          () => call(server, owner, 'PATCH', '/api/v1/profile', { company: 'A\u0000B' }),
          'company',
        ],
        [
          'member e-mail',
          () =>
            call(server, owner, 'POST', `/api/v1/projects/${projectId}/members`, {
              email: 'a\u0000@example.com',
              role: 'Viewer',
            }),
          'email',
        ],
        [
          'metadata search',
          () =>
            call(
              server,
              owner,
              'GET',
              `/api/v1/projects/${projectId}/bimfiles/${fileId}/metadata?search=a%00b`,
            ),
          'search',
        ],
        [
          'GlobalId in the path',
          () =>
            call(
              server,
              owner,
              'GET',
              `/api/v1/projects/${projectId}/bimfiles/${fileId}/elements/by-global-id/a%00b`,
            ),
          'globalId',
        ],
        [
          'assistant question',
          () =>
            call(server, owner, 'POST', `/api/v1/ai/chat/${projectId}/${fileId}`, {
              message: 'a\u0000b',
              session_id: 's',
            }),
          'message',
        ],
      ];
      for (const [label, send, field] of cases) {
        const res = await send();
        expect(res.statusCode, label).toBe(400);
        expect(res.json().error.fields, label).toEqual({ [field]: 'must not contain control characters' });
      }
      const project = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}`)).json().project;
      expect(project.description).toBe('');
    });

    it('exports CSV with every formula-like cell defused and plain numbers left alone', async () => {
      const projectId = await newProject('Formulas');
      // Each value with what a spreadsheet must be shown (a leading ' makes it text).
      const values: Array<[string, string]> = [
        ['=1+1', "'=1+1"],
        ['+1+2', "'+1+2"],
        ['-cmd', "'-cmd"],
        ['@SUM(A1)', "'@SUM(A1)"],
        ['\\X\\09=1', "'\t=1"],
        ['\\X\\0D=1', "'\r=1"],
        ['  =1', "'  =1"],
        ['-1.5', '-1.5'],
        ['42', '42'],
      ];
      const model = wallModel(values.map(([note], i) => ({ name: `Wall ${i}`, note })));
      const res = await upload(
        server,
        owner,
        `/api/v1/projects/${projectId}/bimfiles`,
        'formulas.ifc',
        model,
      );
      expect(res.statusCode, res.body).toBe(201);
      const fileId = res.json().bim_file.id;
      expect((await processed(projectId, fileId)).status).toBe('completed');
      const csv = await call(
        server,
        owner,
        'GET',
        `/api/v1/projects/${projectId}/bimfiles/${fileId}/metadata/export?format=csv&property_set=Pset_Attack`,
      );
      expect(csv.statusCode, csv.body).toBe(200);
      const rows = parseCsv(csv.body);
      const header = rows[0] as string[];
      const name = header.indexOf('OBJECT NAME');
      const value = header.indexOf('VALUE');
      expect(name, header.join('|')).toBeGreaterThanOrEqual(0);
      expect(value, header.join('|')).toBeGreaterThanOrEqual(0);
      const byWall = new Map(rows.slice(1).map((r) => [r[name], r[value]]));
      values.forEach(([, shown], i) => {
        expect(byWall.get(`Wall ${i}`), `Wall ${i}`).toBe(shown);
      });
    });

    it('signs up, signs in and answers a bad query without a password hash, token or cookie in the logs', async () => {
      // Extends the secret-free error logging of platform.test.ts to the whole sign-in flow.
      const email = `logged.${Date.now()}@example.com`;
      const signup = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { email, password: 'a long and secret password', fullName: 'Log Reader' },
        remoteAddress: '10.88.0.1',
      });
      expect(signup.statusCode).toBe(202);
      // The link's token, read from the outgoing mail as its reader would.
      const verification = await verificationTokenFor(server, email);
      expect(verification).toBeTruthy();
      const verified = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/verify-email',
        payload: { token: verification },
      });
      expect(verified.statusCode).toBe(200);
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'a long and secret password' },
        remoteAddress: '10.88.0.1',
      });
      expect(login.statusCode).toBe(200);
      const token: string = login.json().token;
      const cookie = String(login.headers['set-cookie']).split(';')[0]?.split('=')[1] ?? '';
      expect(cookie.length).toBeGreaterThan(10);
      const bad = await server.app.inject({
        method: 'GET',
        url: `/api/v1/projects?search=${encodeURIComponent("' or 1=1 --")}&token=${token}`,
        headers: { cookie: `plumbline_session=${cookie}`, authorization: `Bearer ${token}` },
      });
      expect(bad.statusCode).toBeLessThan(500);
      const text = logs.join('\n');
      expect(text.length).toBeGreaterThan(0);
      expect(text).toContain('/api/v1/auth/login');
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(token);
      expect(text).not.toContain(verification as string);
      expect(text).not.toContain(cookie);
      expect(text).not.toContain('a long and secret password');
    });
  });
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows.map((r) => (r[0]?.startsWith('\ufeff') ? [r[0].slice(1), ...r.slice(1)] : r));
}
