import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, envSchema, loadConfig } from './config';

const options = { defaultWebDistDir: '/srv/web', cwd: '/srv' };
const secret = 's'.repeat(40);

describe('loadConfig', () => {
  it('applies defaults: the embedded PostgreSQL in DATA_DIR, in-process workers, no proxy trust', () => {
    const config = loadConfig({ SESSION_SECRET: secret }, options);
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: '/srv/data',
      database: { kind: 'embedded', dir: '/srv/data/postgres', poolSize: 10 },
      webDistDir: '/srv/web',
      workerMode: 'in-process',
      trustProxy: false,
      secureCookies: false,
      authRateLimit: { windowSeconds: 900, perIp: 100, perAccount: 10 },
    });
  });

  it('reads the explorer store from EXPLORER_STORE: columnar by default, or sql', () => {
    expect(loadConfig({ SESSION_SECRET: secret }, options).explorerStore).toBe('columnar');
    expect(loadConfig({ SESSION_SECRET: secret, EXPLORER_STORE: 'sql' }, options).explorerStore).toBe('sql');
    expect(() => loadConfig({ SESSION_SECRET: secret, EXPLORER_STORE: 'parquet' }, options)).toThrow(
      /EXPLORER_STORE: must be columnar or sql/,
    );
  });

  it('reads the IDS size limit from MAX_IDS_MB: 128 MiB by default, 1 to 1024', () => {
    expect(loadConfig({ SESSION_SECRET: secret }, options).maxIdsMb).toBe(128);
    expect(loadConfig({ SESSION_SECRET: secret, MAX_IDS_MB: '512' }, options).maxIdsMb).toBe(512);
    for (const bad of ['0', '1025', '1.5', 'big'])
      expect(() => loadConfig({ SESSION_SECRET: secret, MAX_IDS_MB: bad }, options)).toThrow(/MAX_IDS_MB/);
  });

  it('uses PostgreSQL when DATABASE_URL is set and Secure cookies behind an https PUBLIC_URL', () => {
    const config = loadConfig(
      {
        SESSION_SECRET: secret,
        DATABASE_URL: 'postgres://u@db/plumbline',
        PUBLIC_URL: 'https://bim.example.com/',
        TRUST_PROXY: '2',
      },
      options,
    );
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u@db/plumbline', poolSize: 10 });
    expect(config.publicUrl).toBe('https://bim.example.com');
    expect(config.secureCookies).toBe(true);
    expect(config.trustProxy).toBe(2);
    expect(
      loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: '10.0.0.1, 10.0.0.2' }, options).trustProxy,
    ).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('names every bad variable in one clear error', () => {
    const attempt = () =>
      loadConfig(
        { SESSION_SECRET: 'short', PORT: 'eighty', WORKER_MODE: 'sometimes', DATABASE_URL: 'mysql://x' },
        options,
      );
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of [
        'SESSION_SECRET: must be at least 32 characters',
        'PORT',
        'WORKER_MODE',
        'DATABASE_URL: must be a postgres',
      ]) {
        expect(message).toContain(name);
      }
    }
  });

  it('refuses WORKER_MODE=none without PostgreSQL (no process could run the jobs)', () => {
    expect(() => loadConfig({ SESSION_SECRET: secret, WORKER_MODE: 'none' }, options)).toThrow(
      /WORKER_MODE: none needs DATABASE_URL/,
    );
    expect(
      loadConfig({ SESSION_SECRET: secret, WORKER_MODE: 'none', DATABASE_URL: 'postgres://db/x' }, options)
        .workerMode,
    ).toBe('none');
  });

  it('generates the session secret once and keeps it in DATA_DIR (mode 0600)', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plumbline-config-'));
    const first = loadConfig({ DATA_DIR: dataDir }, options).sessionSecret;
    const file = join(dataDir, 'secrets.json');
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }, options).sessionSecret).toBe(first);
    expect(JSON.parse(readFileSync(file, 'utf8')).sessionSecret).toBe(first);
  });

  it('takes PAYMENTS=stripe only with its secret key, webhook secret and public address', () => {
    expect(() => loadConfig({ SESSION_SECRET: secret, PAYMENTS: 'stripe' }, options)).toThrow(
      /STRIPE_SECRET_KEY: required when PAYMENTS=stripe[\s\S]*STRIPE_WEBHOOK_SECRET[\s\S]*PUBLIC_URL/,
    );
    expect(() =>
      loadConfig(
        { SESSION_SECRET: secret, PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'pk_test_public' },
        options,
      ),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    const config = loadConfig(
      {
        SESSION_SECRET: secret,
        PAYMENTS: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_abc',
        PUBLIC_URL: 'https://bim.example.com/',
      },
      options,
    );
    expect(config.billing).toEqual({
      enabled: true,
      payments: 'stripe',
      stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc', apiBase: null },
    });
    expect(loadConfig({ SESSION_SECRET: secret }, options).billing.stripe).toBeNull();
  });

  it('keeps files on local disk by default and in an S3 bucket with STORAGE_URL', () => {
    expect(loadConfig({ SESSION_SECRET: secret }, options).storage).toEqual({
      kind: 'local',
      dir: '/srv/data/files',
    });
    const s3 = loadConfig(
      {
        SESSION_SECRET: secret,
        STORAGE_URL: 's3://plumbline-files/site-a/prod/',
        S3_ENDPOINT: 'http://minio.internal:9000/',
        S3_ACCESS_KEY_ID: 'AKIA1',
        S3_SECRET_ACCESS_KEY: 'secret1',
        S3_FORCE_PATH_STYLE: 'true',
      },
      options,
    );
    expect(s3.storage).toEqual({
      kind: 's3',
      bucket: 'plumbline-files',
      prefix: 'site-a/prod/',
      endpoint: 'http://minio.internal:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret1' },
    });
    // Without keys the AWS SDK's own chain (instance roles) supplies credentials.
    expect(loadConfig({ SESSION_SECRET: secret, STORAGE_URL: 's3://b1b' }, options).storage).toMatchObject({
      bucket: 'b1b',
      prefix: '',
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
    expect(() => loadConfig({ SESSION_SECRET: secret, STORAGE_URL: '/var/files' }, options)).toThrow(
      /STORAGE_URL: must be s3:\/\/bucket/,
    );
    expect(() =>
      loadConfig({ SESSION_SECRET: secret, STORAGE_URL: 's3://b1b', S3_ACCESS_KEY_ID: 'AKIA1' }, options),
    ).toThrow(/S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/);
  });

  it('reads single sign-on from OIDC_*: all three or none; PASSWORD_SIGN_IN=off needs it', () => {
    const oidc = {
      SESSION_SECRET: secret,
      OIDC_ISSUER: 'https://login.example.com/tenant',
      OIDC_CLIENT_ID: 'plumbline',
      OIDC_CLIENT_SECRET: 'shh',
      OIDC_ALLOWED_DOMAINS: 'Example.com, example.org',
      PUBLIC_URL: 'https://bim.example.com',
    };
    expect(loadConfig(oidc, options)).toMatchObject({
      passwordSignIn: true,
      sso: {
        issuer: 'https://login.example.com/tenant',
        clientId: 'plumbline',
        allowedDomains: ['example.com', 'example.org'],
        buttonLabel: 'Sign in with SSO',
        redirectUri: 'https://bim.example.com/api/v1/auth/sso/callback',
      },
    });
    expect(loadConfig({ SESSION_SECRET: secret }, options).sso).toBeNull();
    expect(() => loadConfig({ SESSION_SECRET: secret, OIDC_ISSUER: oidc.OIDC_ISSUER }, options)).toThrow(
      /OIDC_CLIENT_ID: required with OIDC_ISSUER/,
    );
    expect(() => loadConfig({ SESSION_SECRET: secret, PASSWORD_SIGN_IN: 'off' }, options)).toThrow(
      /PASSWORD_SIGN_IN: off needs single sign-on/,
    );
    expect(loadConfig({ ...oidc, PASSWORD_SIGN_IN: 'off' }, options).passwordSignIn).toBe(false);
    expect(() => loadConfig({ ...oidc, OIDC_ALLOWED_DOMAINS: 'not a domain!' }, options)).toThrow(
      /OIDC_ALLOWED_DOMAINS/,
    );
  });

  it("is described once, in the README's table: every variable of the schema, and only those", () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n## ', 5));
    // A row may name several variables in its first cell.
    const documented = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect([...documented].sort()).toEqual(Object.keys(envSchema.shape).sort());
  });
});
