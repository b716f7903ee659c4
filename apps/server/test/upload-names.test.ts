import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { call, type Session, signUp, startTestServer, type TestServer } from './support/server';

const IFC = "ISO-10303-21;\nHEADER;\nFILE_SCHEMA(('IFC4'));\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n";

/** A multipart body whose Content-Disposition carries the given raw parameters. */
function body(disposition: string) {
  const boundary = '----plumbline-test';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n${IFC}\r\n--${boundary}--\r\n`,
  );
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const backend = testBackends()[0];
describe.runIf(backend)('upload file names with line breaks (issue 16)', () => {
  let server: TestServer;
  let owner: Session;
  let projectId: string;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startTestServer(backend as NonNullable<typeof backend>);
    owner = await signUp(server, 'Nora Names');
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Names' })).json().project.id;
  });
  afterAll(async () => server?.stop());

  for (const [label, disposition] of [
    ['RFC 5987 encoded LF', `filename*=UTF-8''a%0Ab.ifc`],
    ['RFC 5987 encoded CR', `filename*=UTF-8''a%0Db.ifc`],
  ] as const) {
    for (const route of ['bimfiles', 'idsfiles'] as const) {
      it(`answers 400 at once on ${route} for a name with an ${label}`, async () => {
        const { payload, contentType } = body(disposition);
        // Over a real socket, as a browser sends it (the in-process inject does not show the hang).
        const status = await new Promise<number | null>((resolve) => {
          const request = httpRequest(
            `${baseUrl}/api/v1/projects/${projectId}/${route}`,
            {
              method: 'POST',
              headers: {
                authorization: `Bearer ${owner.token}`,
                'content-type': contentType,
                'content-length': String(payload.length),
              },
            },
            (response) => {
              response.resume();
              resolve(response.statusCode ?? null);
            },
          );
          request.on('error', () => resolve(null));
          request.setTimeout(5000, () => {
            request.destroy();
            resolve(null);
          });
          request.end(payload);
        });
        expect(status, 'the server must answer, not hang').toBe(400);
        const files = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles`)).json()
          .bim_files;
        expect(files).toEqual([]);
      });
    }
  }
});

describe.runIf(backend)('NUL and control characters in text inputs (issue 16)', () => {
  let server: TestServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer(backend as NonNullable<typeof backend>);
    owner = await signUp(server, 'Nul Tester');
  });
  afterAll(async () => server?.stop());

  it('refuses NUL with 400 and the field name on sign-up, projects, search and path ids; nothing is written', async () => {
    const signup = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email: 'nul@example.com', password: 'a long enough password', fullName: 'Nu\u0000l' },
      remoteAddress: '10.77.0.1',
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().error.fields).toEqual({ fullName: 'must not contain control characters' });
    const project = await call(server, owner, 'POST', '/api/v1/projects', { name: 'Bad\u0000name' });
    expect(project.statusCode).toBe(400);
    expect(project.json().error.message).toBe('name must not contain control characters.');
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'x\u0000@example.com', password: 'whatever-password' },
      remoteAddress: '10.77.0.2',
    });
    expect(login.statusCode).toBe(400);
    const query = await call(server, owner, 'GET', '/api/v1/projects?search=a%00b');
    expect(query.statusCode).toBe(400);
    const list = (await call(server, owner, 'GET', '/api/v1/projects')).json().projects;
    expect(list).toEqual([]);
  });
});

describe.runIf(backend)('a large IDS (issue 16: 33,861 specifications gave 500)', () => {
  let server: TestServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer(backend as NonNullable<typeof backend>);
    owner = await signUp(server, 'Ida Large');
  });
  afterAll(async () => server?.stop());

  it('stores 5,000 specifications, inserted in batches of 1,000 and lists them all', async () => {
    const count = 5_000;
    const spec = (n: number) =>
      `<specification name="Spec ${n}" ifcVersion="IFC4"><applicability maxOccurs="unbounded"><entity><name><simpleValue>IFCWALL</simpleValue></name></entity></applicability><requirements><attribute><name><simpleValue>Name</simpleValue></name></attribute></requirements></specification>`;
    const ids = `<?xml version="1.0" encoding="utf-8"?><ids xmlns="http://standards.buildingsmart.org/IDS" xmlns:xs="http://www.w3.org/2001/XMLSchema"><info><title>Large</title></info><specifications>${Array.from({ length: count }, (_, n) => spec(n)).join('')}</specifications></ids>`;
    const projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Large IDS' })).json()
      .project.id;
    const { upload } = await import('./support/multipart');
    const res = await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'large.ids', ids);
    expect(res.statusCode, res.body).toBe(201);
    const { idsSpecifications } = await import('../src/schema');
    const { count: countRows, eq } = await import('drizzle-orm');
    const [row] = await server.database.db
      .select({ n: countRows() })
      .from(idsSpecifications)
      .where(eq(idsSpecifications.idsFileId, res.json().ids_file.id));
    expect(row?.n).toBe(count);
    // They come back from the reading thread in slices (platform/worker-task.ts): none lost or doubled.
    const names = await server.database.db
      .select({ name: idsSpecifications.name })
      .from(idsSpecifications)
      .where(eq(idsSpecifications.idsFileId, res.json().ids_file.id));
    expect(new Set(names.map((r) => r.name))).toEqual(
      new Set(Array.from({ length: count }, (_, n) => `Spec ${n}`)),
    );
  });
});
