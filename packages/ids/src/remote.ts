/**
 * `plumbline push` and `plumbline results`: the command line as a client of a Plumbline server, so a
 * CI pipeline can upload a model version and gate on the server's verdict (issue 32, decision 0266).
 *
 *   plumbline push <model.ifc> --url URL --project ID [--token T] [--no-wait] [--timeout S] [--json]
 *   plumbline results --url URL --project ID --file ID|NAME [--version ID] [--token T] [--json]
 *
 * The token comes from --token or, better (it stays out of the process list and the shell history),
 * PLUMBLINE_TOKEN; the address from --url or PLUMBLINE_URL. A specification passes as IDS says: every
 * applicable element meets every requirement and the specification's own cardinality holds.
 *
 * Exit codes: 0 every specification passes, 1 any fails, 2 the command line is wrong, 3 the server
 * could not read the model, 5 the server refused (401, 403, 404…), could not be reached or did not
 * finish within --timeout.
 */
import { openAsBlob } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';

export const REMOTE_EXIT = { pass: 0, fail: 1, usage: 2, unreadableModel: 3, server: 5 } as const;

export const REMOTE_USAGE = `Usage: plumbline push <model.ifc> --url URL --project ID [options]
       plumbline results --url URL --project ID --file ID|NAME [options]

Upload a model version to a Plumbline server and wait for its check (push), or read the
verdict of a file's latest checked version (results). The exit code is the verdict.

Options:
      --url <url>          the server's address (or PLUMBLINE_URL)
      --token <token>      an API token (or PLUMBLINE_TOKEN, which keeps it out of the process
                           list); push needs the write scope, results read
      --project <id>       the project's id (Settings > Team shows it in its address)
      --file <id|name>     results: the file, by id or by name
      --version <id>       results: a version other than the latest
      --no-wait            push: upload and exit 0 without waiting for the check
      --timeout <seconds>  push: how long to wait for the check (default 1800)
      --json               print the specifications with their figures as JSON
  -h, --help               show this help

Exit codes:
  0  every specification passes
  1  at least one specification fails
  2  the command line is wrong
  3  the server could not read the model
  5  the server refused, could not be reached, or the check did not finish in time
`;

export interface RemoteIo {
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** The fetch to use (tests pass their own). */
  readonly fetch?: typeof fetch;
  /** Waits between status polls (tests shorten it). */
  readonly sleep?: (ms: number) => Promise<void>;
}

class RemoteError extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

interface Specification {
  name: string;
  ids_file_name: string;
  compliance_summary: {
    compliant_elements: number;
    applicable_elements: number;
    cardinality_satisfied: boolean;
    state: string;
  } | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function runRemote(
  command: 'push' | 'results',
  argv: readonly string[],
  io: RemoteIo,
): Promise<number> {
  try {
    return await run(command, argv, io);
  } catch (error) {
    if (error instanceof RemoteError) {
      io.stderr.write(`plumbline: ${error.message}\n`);
      if (error.exitCode === REMOTE_EXIT.usage) io.stderr.write(`\n${REMOTE_USAGE}`);
      return error.exitCode;
    }
    io.stderr.write(`plumbline: ${error instanceof Error ? error.message : String(error)}\n`);
    return REMOTE_EXIT.server;
  }
}

function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        url: { type: 'string' },
        token: { type: 'string' },
        project: { type: 'string' },
        file: { type: 'string' },
        version: { type: 'string' },
        'no-wait': { type: 'boolean' },
        timeout: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    throw new RemoteError(REMOTE_EXIT.usage, error instanceof Error ? error.message : String(error));
  }
}

async function run(command: 'push' | 'results', argv: readonly string[], io: RemoteIo): Promise<number> {
  const { values, positionals } = parse(argv);
  if (values.help) {
    io.stdout.write(REMOTE_USAGE);
    return 0;
  }
  const usage = (message: string) => new RemoteError(REMOTE_EXIT.usage, message);
  const base = (values.url ?? io.env.PLUMBLINE_URL ?? '').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(base))
    throw usage('--url (or PLUMBLINE_URL) must be the server address, http(s)://…');
  const token = values.token ?? io.env.PLUMBLINE_TOKEN;
  if (!token) throw usage('an API token is needed: --token or PLUMBLINE_TOKEN');
  const project = values.project ?? '';
  if (!UUID.test(project)) throw usage('--project must be the project id');
  const api = client(base, token, io);

  if (command === 'push') {
    const [model, ...extra] = positionals;
    if (!model) throw usage('push needs a model (.ifc)');
    if (extra.length > 0) throw usage(`unexpected argument '${extra[0]}'`);
    const timeoutSeconds = values.timeout === undefined ? 1800 : Number(values.timeout);
    if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1) throw usage('--timeout needs whole seconds');
    const path = resolve(io.cwd, model);
    const size = await stat(path).then(
      (info) => (info.isFile() ? info.size : -1),
      () => -1,
    );
    if (size <= 0)
      throw new RemoteError(REMOTE_EXIT.usage, `the model ${model} is not a readable, non-empty file`);
    const form = new FormData();
    form.append('file', await openAsBlob(path), basename(path));
    const uploaded = (await api.send('POST', `/api/v1/projects/${project}/bimfiles`, form)) as {
      bim_file: { id: string; name: string };
      version: { id: string };
    };
    io.stderr.write(`plumbline: uploaded ${uploaded.bim_file.name} as version ${uploaded.version.id}\n`);
    if (values['no-wait']) return REMOTE_EXIT.pass;
    await waitForCheck(api, project, uploaded.bim_file.id, uploaded.version.id, timeoutSeconds, io);
    return verdict(
      await api.specifications(project, uploaded.bim_file.id, uploaded.version.id),
      values.json,
      io,
    );
  }

  if (positionals.length > 0) throw usage(`unexpected argument '${positionals[0]}'`);
  const fileArg = values.file;
  if (!fileArg) throw usage('results needs --file (an id or a name)');
  const fileId = UUID.test(fileArg) ? fileArg : await api.fileIdByName(project, fileArg);
  const status = (await api.send('GET', `/api/v1/projects/${project}/bimfiles/${fileId}/status`)) as {
    status: string;
    error: string | null;
  };
  if (!values.version && status.status === 'failed')
    throw new RemoteError(
      REMOTE_EXIT.unreadableModel,
      `the server could not read the model: ${status.error ?? ''}`,
    );
  if (!values.version && status.status !== 'completed')
    throw new RemoteError(
      REMOTE_EXIT.server,
      `the latest version is ${status.status}; try again when it is checked`,
    );
  return verdict(await api.specifications(project, fileId, values.version), values.json, io);
}

function client(base: string, token: string, io: RemoteIo) {
  const fetcher = io.fetch ?? fetch;
  async function send(method: string, path: string, body?: FormData): Promise<unknown> {
    let res: Response;
    try {
      res = await fetcher(`${base}${path}`, {
        method,
        body,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      });
    } catch (error) {
      throw new RemoteError(
        REMOTE_EXIT.server,
        `cannot reach ${base}: ${error instanceof Error ? error.message : error}`,
      );
    }
    const json = (await res.json().catch(() => null)) as {
      error?: { code?: string; message?: string };
    } | null;
    if (!res.ok) {
      const why = json?.error ? `${json.error.code}: ${json.error.message}` : res.statusText;
      throw new RemoteError(REMOTE_EXIT.server, `the server answered ${res.status} (${why})`);
    }
    return json;
  }
  return {
    send,
    async fileIdByName(project: string, name: string): Promise<string> {
      const list = (await send('GET', `/api/v1/projects/${project}/bimfiles`)) as {
        bim_files: Array<{ id: string; name: string }>;
      };
      const found = list.bim_files.find((file) => file.name === name);
      if (!found) throw new RemoteError(REMOTE_EXIT.server, `the project has no file named ${name}`);
      return found.id;
    },
    async specifications(project: string, fileId: string, versionId?: string): Promise<Specification[]> {
      const query = new URLSearchParams({ fileId, ...(versionId ? { versionId } : {}) });
      const answer = (await send('GET', `/api/v1/projects/${project}/ids/specifications?${query}`)) as {
        specifications: Specification[];
      };
      return answer.specifications;
    },
  };
}

async function waitForCheck(
  api: ReturnType<typeof client>,
  project: string,
  fileId: string,
  versionId: string,
  timeoutSeconds: number,
  io: RemoteIo,
): Promise<void> {
  const sleep = io.sleep ?? ((ms: number) => new Promise((done) => setTimeout(done, ms)));
  const deadline = Date.now() + timeoutSeconds * 1000;
  for (;;) {
    const status = (await api.send('GET', `/api/v1/projects/${project}/bimfiles/${fileId}/status`)) as {
      status: string;
      version_id: string | null;
      error: string | null;
    };
    if (status.version_id === versionId && status.status === 'completed') return;
    if (status.version_id === versionId && status.status === 'failed')
      throw new RemoteError(
        REMOTE_EXIT.unreadableModel,
        `the server could not read the model: ${status.error ?? ''}`,
      );
    if (Date.now() > deadline)
      throw new RemoteError(REMOTE_EXIT.server, `the check did not finish within ${timeoutSeconds} s`);
    await sleep(2000);
  }
}

/** Prints each specification's verdict; 0 when every one passes as IDS defines it, else 1. */
function verdict(specifications: Specification[], json: boolean | undefined, io: RemoteIo): number {
  const rows = specifications.map((spec) => {
    const summary = spec.compliance_summary;
    const passes =
      summary?.cardinality_satisfied === true && summary.compliant_elements === summary.applicable_elements;
    return { spec, summary, passes };
  });
  if (json) {
    io.stdout.write(
      `${JSON.stringify(
        rows.map(({ spec, passes }) => ({ ...spec, passes })),
        null,
        2,
      )}\n`,
    );
  } else {
    for (const { spec, summary, passes } of rows) {
      const figures = summary
        ? `${summary.compliant_elements}/${summary.applicable_elements} elements`
        : 'not checked';
      io.stdout.write(`${passes ? 'PASS' : 'FAIL'}  ${spec.name} (${spec.ids_file_name}): ${figures}\n`);
    }
  }
  const failed = rows.filter((row) => !row.passes).length;
  io.stdout.write(
    json
      ? ''
      : `${failed === 0 ? 'PASS' : 'FAIL'}: ${rows.length - failed} of ${rows.length} specifications passed\n`,
  );
  return failed === 0 ? REMOTE_EXIT.pass : REMOTE_EXIT.fail;
}
