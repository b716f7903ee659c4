import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateIfc } from '@plumbline/ifc-gen';
import { sql } from 'drizzle-orm';
import { GOOD_CARD } from './cards';
import { upload } from './multipart';
import { call, eventually, type Session, signUp, type TestServer } from './server';

/** The ids of one seeded project: every path parameter a route can take, all of real rows. */
export interface ProjectIds {
  projectId: string;
  projectName: string;
  fileId: string;
  versionId: string;
  idsFileId: string;
  specificationId: string;
  viewerDbId: number;
  globalId: string;
  reportId: string;
  subscriptionId: string;
  invoiceId: string;
}

/**
 * The kinds of caller of the authorization matrix. Project callers act on the members' project; the
 * two demo callers act on the demo project (the /demo visitor without an account, and one signed in).
 */
export const callerKinds = [
  'owner',
  'editor',
  'viewer',
  'outsider',
  'installation-admin',
  'anonymous',
  'demo',
  'demo-signed-in',
] as const;
export type CallerKind = (typeof callerKinds)[number];

export interface AccessFixture {
  sessions: Record<Exclude<CallerKind, 'anonymous' | 'demo'>, Session>;
  /** A Viewer of the members' project that member writes (role change, removal) act on. */
  spareMember: Session;
  /** An account that is nobody's member, for "add member". */
  newcomer: Session;
  tower: ProjectIds;
  demo: ProjectIds;
  ifc: Buffer;
  ids: Buffer;
}

const demoIdsPath = fileURLToPath(new URL('../../src/modules/demo/demo.ids', import.meta.url));

/** A small generated office (one bay): a real model with walls, properties and gaps. */
async function smallModel(): Promise<Buffer> {
  const out = join(mkdtempSync(join(tmpdir(), 'plumbline-matrix-')), 'office.ifc');
  await generateIfc({ targetBytes: 60_000, seed: 7, out });
  return readFileSync(out);
}

/** A paid project (so it has a subscription and an invoice) with the IDS and the model processed. */
async function seedProject(
  server: TestServer,
  owner: Session,
  name: string,
  ifc: Buffer,
  ids: Buffer,
): Promise<ProjectIds> {
  const paid = await call(server, owner, 'POST', '/api/v1/billing/subscription-payments', {
    customerName: 'Olivia Owner',
    billingEmail: 'olivia@example.com',
    tierId: 'skyline',
    card: GOOD_CARD,
    projectName: name,
    idempotencyKey: `matrix-${name}-${Date.now()}`,
  });
  if (paid.statusCode !== 201) throw new Error(`payment failed: ${paid.body}`);
  const projectId: string = paid.json().project_id;
  const subscriptionId: string = paid.json().subscription.id;
  const idsUpload = await upload(server, owner, `/api/v1/projects/${projectId}/idsfiles`, 'rules.ids', ids);
  if (idsUpload.statusCode !== 201) throw new Error(`IDS upload failed: ${idsUpload.body}`);
  const ifcUpload = await upload(server, owner, `/api/v1/projects/${projectId}/bimfiles`, 'office.ifc', ifc);
  if (ifcUpload.statusCode !== 201) throw new Error(`IFC upload failed: ${ifcUpload.body}`);
  const fileId: string = ifcUpload.json().bim_file.id;
  const versionId: string = ifcUpload.json().version.id;
  await eventually(async () => {
    const status = (
      await call(server, owner, 'GET', `/api/v1/projects/${projectId}/bimfiles/${fileId}/status`)
    ).json();
    if (status.status === 'failed') throw new Error(`processing failed: ${JSON.stringify(status)}`);
    return status.status === 'completed';
  });
  const specs = (await call(server, owner, 'GET', `/api/v1/projects/${projectId}/ids/specifications`)).json();
  const element = (
    (await server.database.db.execute(
      sql`select step_id, global_id from elements where file_version_id = ${versionId} and global_id is not null
          order by step_id limit 1`,
    )) as { rows: unknown[] }
  ).rows[0] as { step_id: number; global_id: string };
  const report = await call(server, owner, 'POST', `/api/v1/projects/${projectId}/reports`, {
    reportType: 'comprehensive',
    name: 'Matrix report',
  });
  if (report.statusCode !== 201) throw new Error(`report failed: ${report.body}`);
  const reportId: string = report.json().report.id;
  await eventually(async () => {
    const state = (await call(server, owner, 'GET', `/api/v1/reports/${reportId}`)).json().report.status;
    if (state === 'failed') throw new Error('report generation failed');
    return state === 'completed';
  });
  const invoices = (await call(server, owner, 'GET', '/api/v1/billing/billing-history')).json()
    .invoices as Array<{
    id: string;
    project_id: string;
  }>;
  const invoice = invoices.find((i) => i.project_id === projectId);
  if (!invoice) throw new Error(`no invoice for ${name}: ${JSON.stringify(invoices)}`);
  return {
    projectId,
    projectName: name,
    fileId,
    versionId,
    idsFileId: idsUpload.json().ids_file.id,
    specificationId: specs.specifications[0].id,
    viewerDbId: Number(element.step_id),
    globalId: element.global_id,
    reportId,
    subscriptionId,
    invoiceId: invoice.id,
  };
}

/** Accounts of every kind, the members' project 'Tower' and the demo project, both fully processed. */
export async function seedAccessFixture(server: TestServer): Promise<AccessFixture> {
  // The installation's first account is its admin (modules/auth): signed up alone, first.
  const installAdmin = await signUp(server, 'Installation Admin');
  const names = ['Owner', 'Editor', 'Viewer', 'Outsider', 'Demo Visitor', 'Spare', 'Newcomer'];
  const [owner, editor, viewer, outsider, demoVisitor, spareMember, newcomer] = (await Promise.all(
    names.map((n) => signUp(server, n)),
  )) as Session[] as [Session, Session, Session, Session, Session, Session, Session];
  const ifc = await smallModel();
  const ids = readFileSync(demoIdsPath);
  const [tower, demo] = await Promise.all([
    seedProject(server, owner, 'Tower', ifc, ids),
    seedProject(server, owner, 'Demo Office', ifc, ids),
  ]);
  for (const [member, role] of [
    [editor, 'Editor'],
    [viewer, 'Viewer'],
    [spareMember, 'Viewer'],
  ] as const) {
    const added = await call(server, owner, 'POST', `/api/v1/projects/${tower.projectId}/members`, {
      email: member.email,
      role,
    });
    if (added.statusCode !== 201) throw new Error(`adding ${role} failed: ${added.body}`);
  }
  await server.database.db.execute(sql`update projects set is_demo = true where id = ${demo.projectId}`);
  return {
    sessions: {
      owner,
      editor,
      viewer,
      outsider,
      'installation-admin': installAdmin,
      'demo-signed-in': demoVisitor,
    },
    spareMember,
    newcomer,
    tower,
    demo,
    ifc,
    ids,
  };
}
