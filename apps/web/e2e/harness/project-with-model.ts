import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { type APIRequestContext, request as playwright } from 'playwright-core';
import {
  createProjectViaApi,
  SET_UP_TIMEOUT_MS,
  signInViaApi,
  signUpViaApi,
  uploadViaApi,
  waitForCompletedViaApi,
} from './api';
import { uniqueEmail } from './browser';
import { watchRequestContext } from './server-paths';
import { detachedFromTests, until } from './wait';

/** An account the fixture signs up: a unique address from `prefix`, a password of its own. */
export interface NewAccount {
  prefix: string;
  fullName: string;
}

export interface ProjectWithModel {
  account?: { email: string; password: string; fullName: string };
  project: { id: string; name: string };
  idsFile?: { id: string; name: string };
  projectId: string;
  fileId: string;
  versionId: string;
  /** The dashboard's query string for this project, file and version. */
  selection: string;
}

/**
 * The e2e tests' one set-up for a checked model, through the HTTP API (in the browser context, so
 * the session cookie lands there too): signs up an account (if asked), creates a project, uploads an
 * IDS (inline text or a file) and an IFC, and waits until the model is processed and, unless
 * `fragments` is false, converted for the 3D viewer. What a test checks is then done through the page.
 */
export async function projectWithModelViaApi(
  request: APIRequestContext,
  setup: {
    signUp?: NewAccount;
    name: string;
    description?: string;
    ids?: { name: string; xml: string } | { path: string; name?: string };
    ifc: { path: string; name?: string };
    fragments?: boolean;
  },
): Promise<ProjectWithModel> {
  let account: ProjectWithModel['account'];
  if (setup.signUp) {
    const { prefix, fullName } = setup.signUp;
    account = { email: uniqueEmail(prefix), password: `${prefix}-checked-model-2026`, fullName };
    await signUpViaApi(request, account);
  }
  const project = await createProjectViaApi(request, {
    name: setup.name,
    ...(setup.description ? { description: setup.description } : {}),
  });
  let idsFile: ProjectWithModel['idsFile'];
  if (setup.ids) {
    const ids = setup.ids;
    const upload =
      'xml' in ids
        ? { name: ids.name, buffer: Buffer.from(ids.xml), mimeType: 'application/xml' }
        : {
            name: ids.name ?? basename(ids.path),
            buffer: readFileSync(ids.path),
            mimeType: 'application/xml',
          };
    ({ ids_file: idsFile } = await uploadViaApi(request, `/api/v1/projects/${project.id}/idsfiles`, upload));
  }
  const { bim_file: file, version } = await uploadViaApi(request, `/api/v1/projects/${project.id}/bimfiles`, {
    name: setup.ifc.name ?? basename(setup.ifc.path),
    buffer: readFileSync(setup.ifc.path),
  });
  const ids = { projectId: project.id, fileId: file.id as string, versionId: version.id as string };
  await waitForCompletedViaApi(request, ids.projectId, ids.fileId);
  if (setup.fragments !== false) await waitForFragmentsViaApi(request, ids);
  return {
    ...(account ? { account } : {}),
    project,
    ...(idsFile ? { idsFile } : {}),
    ...ids,
    selection: `project=${ids.projectId}&file=${ids.fileId}&version=${ids.versionId}`,
  };
}

/** Polls until a version's fragments are stored (the conversion job runs after processing). */
export async function waitForFragmentsViaApi(
  request: APIRequestContext,
  ids: { projectId: string; fileId: string; versionId: string },
): Promise<void> {
  const url = `/api/v1/projects/${ids.projectId}/bimfiles/${ids.fileId}/versions/${ids.versionId}/fragments`;
  await until(
    'the fragments',
    async () => (await request.get(url, { timeout: SET_UP_TIMEOUT_MS })).ok(),
    1000,
  );
}

/** A checked model made once for a file (sharedProjectWithModel). */
export interface SharedProjectWithModel {
  /** Waits until it is made (making it if nobody started it), then signs `request` in as its account. */
  (request: APIRequestContext): Promise<ProjectWithModel>;
  /**
   * Starts making it now and returns at once: a file whose first tests do not need the model calls
   * this in its `beforeAll`, so the server processes it while those tests run. A failure is reported
   * to the test that then asks for it.
   */
  start(): void;
}

/**
 * One checked model for all the tests of a file that only read it: made by the first test that asks
 * (through a request context of its own), or from `start()`, then each test's context signs in as its
 * account. Saves processing and converting the same model once per test; a test that changes the
 * project (uploads, deletes) makes its own with projectWithModelViaApi.
 */
export function sharedProjectWithModel(
  baseUrl: string,
  setup: Parameters<typeof projectWithModelViaApi>[1] & { signUp: NewAccount },
): SharedProjectWithModel {
  let made: Promise<ProjectWithModel> | undefined;
  const make = () => {
    // Made for the file, not for the test that first asks: a test that ends does not end its waits.
    made ??= detachedFromTests(async () => {
      const api = await playwright.newContext({ baseURL: baseUrl });
      watchRequestContext(api);
      try {
        return await projectWithModelViaApi(api, setup);
      } finally {
        await api.dispose();
      }
    });
    return made;
  };
  const shared = async (request: APIRequestContext) => {
    const project = await make();
    if (!project.account) throw new Error('the shared project has no account');
    await signInViaApi(request, project.account);
    return project;
  };
  return Object.assign(shared, {
    start: () => {
      // Awaited (and its failure reported) by the first test that asks for the model.
      make().catch(() => {});
    },
  });
}
