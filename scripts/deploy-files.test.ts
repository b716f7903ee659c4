// The Dockerfile and compose.yaml at the root (docs/scaling.md, "In containers"): both parse, the
// Dockerfile's instructions are well formed, and every variable they hand the app is one the
// configuration knows (apps/server/src/platform/config.ts), with values it accepts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { envSchema, loadConfig } from '../apps/server/src/platform/config';

const root = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const configVariables = new Set(Object.keys(envSchema.shape));

/**
 * Variables of compose.yaml itself (chosen when running `docker compose`), not of the app: each is
 * named in docs/scaling.md.
 */
const COMPOSE_ONLY = [
  'POSTGRES_PASSWORD',
  'MINIO_ROOT_USER',
  'MINIO_ROOT_PASSWORD',
  'WORKERS',
  'PLUMBLINE_PORT',
];

interface Instruction {
  keyword: string;
  args: string;
  line: number;
}

/** Dockerfile instructions: comments dropped, continuation lines joined (Docker's own reading). */
function dockerInstructions(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let pending: Instruction | null = null;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (pending === null && (line === '' || line.startsWith('#'))) return;
    if (pending !== null && line.startsWith('#')) return;
    const continued = line.endsWith('\\');
    const body = continued ? line.slice(0, -1).trim() : line;
    if (pending === null) {
      const match = /^([A-Za-z]+)\s+(.*)$/.exec(body);
      if (!match) throw new Error(`Dockerfile line ${index + 1}: not an instruction: ${raw}`);
      pending = { keyword: (match[1] as string).toUpperCase(), args: match[2] as string, line: index + 1 };
    } else {
      pending.args = `${pending.args} ${body}`.trim();
    }
    if (!continued) {
      instructions.push(pending);
      pending = null;
    }
  });
  if (pending) throw new Error('Dockerfile ends inside a continued instruction');
  return instructions;
}

const KNOWN = new Set([
  'FROM',
  'RUN',
  'CMD',
  'LABEL',
  'EXPOSE',
  'ENV',
  'ADD',
  'COPY',
  'ENTRYPOINT',
  'VOLUME',
  'USER',
  'WORKDIR',
  'ARG',
  'ONBUILD',
  'STOPSIGNAL',
  'HEALTHCHECK',
  'SHELL',
]);

/** ENV's `KEY=value` pairs (values possibly quoted), or the old `ENV KEY value` form. */
function envPairs(args: string): Record<string, string> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
    const [key, ...rest] = args.split(/\s+/);
    return { [key as string]: rest.join(' ') };
  }
  const pairs: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("([^"]*)"|\S*)/g))
    pairs[match[1] as string] = match[3] ?? (match[2] as string);
  return pairs;
}

/** An exec-form argument (`["node", "x.js"]`): a JSON array of strings. */
function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.some((part) => typeof part !== 'string'))
    throw new Error(`not an exec-form array: ${args}`);
  return parsed as string[];
}

/** What compose makes of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` given `given`. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g,
    (_all, name: string, op, rest) => {
      if (given[name] !== undefined) return given[name] as string;
      if (op === ':-' || op === '-') return rest as string;
      throw new Error(`${name} must be set: ${rest}`);
    },
  );
}

const dockerfile = dockerInstructions(read('Dockerfile'));
const composeText = read('compose.yaml');
const composeDocument = parseDocument(composeText, { merge: true });
const compose = composeDocument.toJS() as {
  services: Record<
    string,
    { build?: string; image?: string; command?: string[]; environment?: Record<string, string | number> }
  >;
};
const imageEnv = Object.assign(
  {},
  ...dockerfile.filter((i) => i.keyword === 'ENV').map((i) => envPairs(i.args)),
);
/** The services that run our image: the API server and the workers. */
const plumblineServices = Object.entries(compose.services ?? {}).filter(
  ([, service]) => service.build === '.' || service.image?.startsWith('plumbline:'),
);

describe('Dockerfile', () => {
  it('is a sequence of known instructions, starting from a base image', () => {
    expect(dockerfile.length).toBeGreaterThan(0);
    for (const instruction of dockerfile)
      expect(KNOWN, `line ${instruction.line}`).toContain(instruction.keyword);
    const firstReal = dockerfile.find((i) => i.keyword !== 'ARG');
    expect(firstReal?.keyword).toBe('FROM');
  });

  it('copies only from stages it named before, and files the repository has', () => {
    const stages: string[] = [];
    for (const { keyword, args, line } of dockerfile) {
      if (keyword === 'FROM') {
        const named = /\s+AS\s+([a-z0-9_.-]+)$/i.exec(args);
        if (named) stages.push(named[1] as string);
      }
      if (keyword !== 'COPY') continue;
      const from = /--from=(\S+)/.exec(args)?.[1];
      if (from) {
        expect(stages, `line ${line}`).toContain(from);
        continue;
      }
      const parts = args.split(/\s+/).filter((part) => !part.startsWith('--'));
      for (const source of parts.slice(0, -1))
        expect(existsSync(join(root, source)), `line ${line}: ${source}`).toBe(true);
    }
  });

  it('has exec-form commands, and starts the server the build makes', () => {
    const cmd = dockerfile.filter((i) => i.keyword === 'CMD');
    expect(cmd).toHaveLength(1);
    const command = execForm((cmd[0] as Instruction).args);
    expect(command[0]).toBe('node');
    expect(command.at(-1)).toBe('apps/server/dist/main.js');
    for (const check of dockerfile.filter((i) => i.keyword === 'HEALTHCHECK'))
      execForm(check.args.replace(/^(--\S+\s+)*CMD\s+/, ''));
    // scripts/build.mjs bundles apps/server/src/{main,worker}.ts into apps/server/dist.
    const build = read('scripts/build.mjs');
    expect(build).toContain("'apps/server/src/main.ts'");
    expect(build).toContain("'apps/server/src/worker.ts'");
  });

  it('sets only variables of the configuration, and exposes the port it sets', () => {
    expect(Object.keys(imageEnv).length).toBeGreaterThan(0);
    for (const name of Object.keys(imageEnv)) expect(configVariables, name).toContain(name);
    const exposed = dockerfile.filter((i) => i.keyword === 'EXPOSE').map((i) => i.args);
    expect(exposed).toEqual([imageEnv.PORT]);
  });
});

describe('compose.yaml', () => {
  it('parses as YAML, with PostgreSQL, an S3-compatible store, the app and its workers', () => {
    expect(composeDocument.errors).toEqual([]);
    expect(Object.keys(compose.services)).toEqual(
      expect.arrayContaining(['postgres', 'minio', 'app', 'worker']),
    );
    expect(compose.services.worker?.command?.at(-1)).toBe('apps/server/dist/worker.js');
    expect(plumblineServices.map(([name]) => name).sort()).toEqual(['app', 'worker']);
  });

  it('hands the app and workers only variables of the configuration', () => {
    for (const [name, service] of plumblineServices) {
      for (const variable of Object.keys(service.environment ?? {}))
        expect(configVariables, `${name}: ${variable}`).toContain(variable);
    }
  });

  it('interpolates only configuration variables, or its own ones the scaling guide names', () => {
    const scaling = read('docs/scaling.md');
    const used = new Set(
      [...composeText.matchAll(/(?<!\$)\$\{([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1] as string),
    );
    for (const name of used) {
      if (configVariables.has(name)) continue;
      expect(COMPOSE_ONLY, name).toContain(name);
      expect(scaling, `docs/scaling.md names ${name}`).toContain(`\`${name}\``);
    }
  });

  it('gives the app and the workers a configuration that loads, on the bucket the compose file creates', () => {
    const given = { SESSION_SECRET: 'a-compose-test-secret-that-is-long-enough-0123' };
    for (const [name, service] of plumblineServices) {
      const env: Record<string, string> = { ...imageEnv };
      for (const [key, value] of Object.entries(service.environment ?? {}))
        env[key] = interpolate(String(value), given);
      const config = loadConfig(env, { defaultWebDistDir: '/app/apps/web/dist' });
      expect(config.database.kind, name).toBe('postgres');
      expect(config.storage.kind, name).toBe('s3');
      const bucket = /^s3:\/\/([^/]+)/.exec(env.STORAGE_URL ?? '')?.[1];
      expect(composeText).toContain(`mc mb --ignore-existing store/${bucket}`);
    }
    expect(() => interpolate(String(compose.services.app?.environment?.SESSION_SECRET), {})).toThrow(
      /SESSION_SECRET/,
    );
  });
});
