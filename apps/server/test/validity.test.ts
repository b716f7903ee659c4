// Issue 38: every processed version stores its model validity, and GET …/validity answers it: every
// rule with its outcome, the first findings as message ids with the element, counts in a summary.

import { stepText } from '@plumbline/ifc/testing/step-fixture';
import { RULE_IDS } from '@plumbline/validity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from './support/backends';
import { upload } from './support/multipart';
import { call, eventually, type Session, signUp, startTestServer, type TestServer } from './support/server';

// Known facts, written here: one project; wall #10 has a well-formed GlobalId, walls #11 and #12 do
// not (PJS003 fails on exactly those two); no group (GRP001 does not apply); two walls share a
// malformed id (the findings name each).
const MODEL = stepText(
  'IFC4',
  `#1=IFCPROJECT('2hQIb1LAr8fuqGvpBKoNoR',$,'P',$,$,$,$,$,$);
#10=IFCWALL('1kTvXnbbzCWw8lcMd1dR4o',$,'W1',$,$,$,$,$,$);
#11=IFCWALL('9bad',$,'W2',$,$,$,$,$,$);
#12=IFCWALL('0kTvXnbbzCWw8lcMd1dR4!',$,'W3',$,$,$,$,$,$);`,
);

const backend = testBackends()[0];
describe.runIf(backend)('model validity of a processed version (issue 38)', () => {
  let server: TestServer;
  let owner: Session;
  let stranger: Session;
  let projectId: string;
  let fileId: string;
  beforeAll(async () => {
    server = await startTestServer(backend as NonNullable<typeof backend>);
    owner = await signUp(server, 'Vera Lidity');
    stranger = await signUp(server, 'Otto Side');
    projectId = (await call(server, owner, 'POST', '/api/v1/projects', { name: 'Validity' })).json().project
      .id;
    const res = await upload(
      server,
      owner,
      `/api/v1/projects/${projectId}/bimfiles`,
      'walls.ifc',
      Buffer.from(MODEL),
    );
    expect(res.statusCode, res.body).toBe(201);
    fileId = res.json().bim_file.id as string;
    const versionsPath = `/api/v1/projects/${projectId}/bimfiles/${fileId}/versions`;
    await eventually(
      async () => (await call(server, owner, 'GET', versionsPath)).json().versions[0]?.status === 'completed',
    );
  });
  afterAll(async () => server?.stop());

  const path = () => `/api/v1/projects/${projectId}/bimfiles/${fileId}/validity`;

  it('lists every rule with its outcome, and the failing elements as message ids', async () => {
    const res = await call(server, owner, 'GET', path());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.checked).toBe(true);
    expect(body.schema).toBe('IFC4');
    expect(body.rules.map((r: { rule: string }) => r.rule)).toEqual(RULE_IDS);
    const pjs003 = body.rules.find((r: { rule: string }) => r.rule === 'PJS003');
    expect(pjs003).toMatchObject({
      severity: 'error',
      outcome: 'fail',
      finding_count: 2,
      summary_message_id: 'validity.rule.PJS003',
    });
    expect(
      pjs003.findings.map((f: { step_id: number; global_id: string; ifc_class: string }) => [
        f.step_id,
        f.global_id,
        f.ifc_class,
      ]),
    ).toEqual([
      [11, '9bad', 'IfcWall'],
      [12, '0kTvXnbbzCWw8lcMd1dR4!', 'IfcWall'],
    ]);
    expect(pjs003.findings[0].message).toEqual({
      id: 'validity.PJS003.format',
      values: { globalId: '9bad', length: 4, problems: 'length,start' },
    });
    expect(body.rules.find((r: { rule: string }) => r.rule === 'PJS101').outcome).toBe('pass');
    expect(body.rules.find((r: { rule: string }) => r.rule === 'GRP001').outcome).toBe('n/a');
    const failing = body.rules.filter((r: { outcome: string }) => r.outcome === 'fail');
    expect(body.summary.error_rules + body.summary.warning_rules).toBe(failing.length);
    expect(body.summary.findings).toBe(
      failing.reduce((n: number, r: { finding_count: number }) => n + r.finding_count, 0),
    );
  });

  it('lists at most max_findings per rule, counting them all', async () => {
    const body = (await call(server, owner, 'GET', `${path()}?max_findings=1`)).json();
    const pjs003 = body.rules.find((r: { rule: string }) => r.rule === 'PJS003');
    expect(pjs003.findings).toHaveLength(1);
    expect(pjs003.finding_count).toBe(2);
    expect((await call(server, owner, 'GET', `${path()}?max_findings=5000`)).statusCode).toBe(400);
  });

  it('is for members: a stranger gets 404', async () => {
    expect((await call(server, stranger, 'GET', path())).statusCode).toBe(404);
  });
});
