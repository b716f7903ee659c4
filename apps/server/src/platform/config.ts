import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_MAX_IDS_MB, MAX_MAX_IDS_MB, MIN_MAX_IDS_MB } from '@plumbline/ids/ids-size-limit';
import { z } from 'zod';
import type { S3StorageOptions } from './storage/s3';

/**
 * The one place that reads process.env. Values are validated at start with messages naming the
 * variable. Each variable is described once, in the README's Configuration table, which
 * config.test.ts holds to exactly the variables of `envSchema`.
 */

/** TRUST_PROXY: false (default), true, a hop count, or a comma-separated list of proxy addresses. */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value): boolean | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    return value.split(',').map((part) => part.trim());
  });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://plumbline.example.com' }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).optional(),
  WORKER_MODE: z.enum(['in-process', 'none']).default('in-process'),
  TRUST_PROXY: trustProxySchema.default(false),
  BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveInt(15 * 60),
  AUTH_RATE_LIMIT_PER_IP: positiveInt(100),
  AUTH_RATE_LIMIT_PER_ACCOUNT: positiveInt(10),
  SHUTDOWN_TIMEOUT_SECONDS: positiveInt(30),
  QUEUE_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  MAX_UPLOAD_BYTES: positiveInt(2 * 1024 * 1024 * 1024),
  MAX_IDS_MB: z.coerce
    .number()
    .int()
    .min(MIN_MAX_IDS_MB, `must be a whole number of MiB from ${MIN_MAX_IDS_MB} to ${MAX_MAX_IDS_MB}`)
    .max(MAX_MAX_IDS_MB, `must be a whole number of MiB from ${MIN_MAX_IDS_MB} to ${MAX_MAX_IDS_MB}`)
    .default(DEFAULT_MAX_IDS_MB),
  PROCESSING_TIME_LIMIT_SECONDS: positiveInt(30 * 60),
  LIVE_CHECK_CACHE_MB: positiveInt(1024),
  EXPLORER_CACHE_MB: positiveInt(512),
  WORKER_MEMORY_MB: z.coerce.number().int().positive().optional(),
  EXPLORER_STORE: z.enum(['columnar', 'sql'], { message: 'must be columnar or sql' }).default('columnar'),
  INVITATION_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  DEMO_SEED: z.enum(['true', 'false'], { message: 'must be true or false' }).default('true'),
  AI_BASE_URL: z.url({ message: 'must be an absolute URL such as https://api.example.com/v1' }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  BILLING: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  PAYMENTS: z.enum(['ledger', 'stripe'], { message: 'must be ledger or stripe' }).default('ledger'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, { message: 'must be a Stripe secret key (sk_… or rk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, { message: 'must be a webhook signing secret (whsec_…)' })
    .optional(),
  APS_CLIENT_ID: z.string().min(1).optional(),
  APS_CLIENT_SECRET: z.string().min(1).optional(),
  APS_CALLBACK_URL: z
    .url({ message: 'must be an absolute URL such as https://plumbline.example.com/api/v1/acc/callback' })
    .optional(),
  APS_BASE_URL: z
    .url({ message: 'must be an absolute URL such as https://developer.api.autodesk.com' })
    .default('https://developer.api.autodesk.com'),
  APS_WEBHOOKS: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
  APS_TRANSLATION_POLL_SECONDS: z.coerce.number().min(0.1).max(30).default(2),
  SMTP_URL: z
    .url({ message: 'must be an SMTP URL such as smtps://user:password@mail.example.com:465' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Plumbline <no-reply@plumbline.invalid>'),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  WEBHOOK_RESPONSE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024)
    .default(64 * 1024),
  WEBHOOK_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(6),
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .default('false'),
  STRIPE_API_BASE: z.url({ message: 'must be an absolute URL such as https://api.stripe.com' }).optional(),
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9._-]+)*\/?$/, {
      message: 'must be s3://bucket or s3://bucket/prefix (unset: files on local disk in DATA_DIR/files)',
    })
    .optional(),
  S3_ENDPOINT: z.url({ message: 'must be an absolute URL such as https://s3.example.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { message: 'must be true or false' }).default('false'),
  OIDC_ISSUER: z
    .url({ message: 'must be the issuer URL of an OpenID provider, such as https://login.example.com' })
    .optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_ALLOWED_DOMAINS: z
    .string()
    .regex(/^\s*[a-z0-9.-]+(\s*,\s*[a-z0-9.-]+)*\s*$/i, {
      message: 'must be e-mail domains separated by commas, such as example.com,example.org',
    })
    .optional(),
  OIDC_BUTTON_LABEL: z.string().trim().min(1).max(60).default('Sign in with SSO'),
  PASSWORD_SIGN_IN: z.enum(['on', 'off'], { message: 'must be on or off' }).default('on'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database:
    | { kind: 'postgres'; url: string; poolSize: number }
    | { kind: 'embedded'; dir: string; poolSize: number };
  publicUrl: string | null;
  secureCookies: boolean;
  sessionSecret: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string;
  workerMode: 'in-process' | 'none';
  trustProxy: boolean | number | string[];
  bodyLimitBytes: number;
  authRateLimit: { windowSeconds: number; perIp: number; perAccount: number };
  shutdownTimeoutMs: number;
  queuePollIntervalSeconds: number;
  /** Largest IFC upload in bytes. */
  maxUploadBytes: number;
  /** Largest IDS file in MiB (set into @plumbline/ids at start: setMaxIdsMb). */
  maxIdsMb: number;
  /** How long one model's reading and checking may run before it is stopped and the version failed. */
  processingTimeLimitMs: number;
  /** IFC bytes of the models the IDS Studio's live check keeps read (the one in use always stays). */
  liveCheckCacheBytes: number;
  /** Memory for the explorer's columnar files: versions kept loaded, least recently used dropped first. */
  explorerCacheBytes: number;
  /** What the jobs of this process may reserve (memory-class admission, platform/memory-admission.ts). */
  workerMemoryBytes: number;
  /**
   * Where explorer rows are read: `columnar` writes each version's Parquet file and reads it (SQL until
   * it exists; decision 0274), `sql` reads PostgreSQL's rows only and writes no file (decision 0300).
   */
  explorerStore: 'columnar' | 'sql';
  invitationValidDays: number;
  /** Where files are kept: local disk (DATA_DIR/files) or an S3 bucket (STORAGE_URL). */
  storage: StorageConfig;
  /** Create the demo project at start when the database has none. */
  demoSeed: boolean;
  /** An OpenAI-compatible chat endpoint for the assistant; null: the built-in analyst answers. */
  ai: { baseUrl: string; apiKey: string | null; model: string } | null;
  /** Plans, invoices and limits (BILLING=on) and the payment provider. */
  mail: { smtpUrl: string | null; from: string };
  /** Outbound project webhooks (decision 0291): request bounds, retry policy, which addresses they may reach. */
  webhooks: WebhookConfig;
  /** The Autodesk app for the ACC import (APS_*); null: ACC is not offered. */
  aps: {
    clientId: string;
    clientSecret: string;
    callbackUrl: string;
    baseUrl: string;
    /** Autodesk calls this back on new versions (APS Webhooks, decision 0360): PUBLIC_URL set and APS_WEBHOOKS=on. */
    webhookUrl: string | null;
    /** The first wait between Model Derivative status polls of an RVT's translation; it doubles to 30 s. */
    translationPollSeconds: number;
  } | null;
  billing: {
    enabled: boolean;
    payments: 'ledger' | 'stripe';
    stripe: { secretKey: string; webhookSecret: string; apiBase: string | null } | null;
  };
  /** OpenID Connect sign-in (OIDC_*, decision 0267); null: none offered. */
  sso: SsoConfig | null;
  /** PASSWORD_SIGN_IN=off: only single sign-on signs in (sign-up and password routes refuse). */
  passwordSignIn: boolean;
}

export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Lower-case e-mail domains an account may have; empty: any. */
  allowedDomains: string[];
  buttonLabel: string;
  /** Where the provider sends the browser back: PUBLIC_URL (else this server on localhost) + the callback path. */
  redirectUri: string;
}

export interface WebhookConfig {
  timeoutMs: number;
  responseMaxBytes: number;
  retryLimit: number;
  retryDelaySeconds: number;
  allowPrivateAddresses: boolean;
}

export type StorageConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageOptions);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export interface LoadConfigOptions {
  /** Used when WEB_DIST_DIR is unset; the entry point resolves it from its own location. */
  defaultWebDistDir: string;
  /** Relative paths resolve against this directory (default: the working directory). */
  cwd?: string;
}

export function loadConfig(env: Record<string, string | undefined>, options: LoadConfigOptions): Config {
  // An empty variable means "not set", as in most shells' `FOO= command`.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.WORKER_MODE === 'none' && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  WORKER_MODE: none needs DATABASE_URL; the embedded database admits no separate worker process, so jobs would never run',
    );
  }
  if (e.AI_BASE_URL && !e.AI_MODEL) {
    throw new ConfigError('Invalid configuration:\n  AI_MODEL: required when AI_BASE_URL is set');
  }
  const apsVariables = ['APS_CLIENT_ID', 'APS_CLIENT_SECRET', 'APS_CALLBACK_URL'] as const;
  const apsSet = apsVariables.filter((k) => e[k]);
  if (apsSet.length > 0 && apsSet.length < apsVariables.length) {
    const missing = apsVariables.filter((k) => !e[k]);
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required with ${apsSet.join(' and ')} (the Autodesk app)`).join('\n')}`,
    );
  }
  if (e.PAYMENTS === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'PUBLIC_URL'] as const).filter(
      (k) => !e[k],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((k) => `  ${k}: required when PAYMENTS=stripe`).join('\n')}`,
      );
    }
  }
  const s3Keys = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => e[k]);
  if (s3Keys.length === 1) {
    const missing = s3Keys[0] === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required with ${s3Keys[0]}`);
  }
  const oidcVariables = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;
  const oidcSet = oidcVariables.filter((k) => e[k]);
  if (oidcSet.length > 0 && oidcSet.length < oidcVariables.length) {
    const missing = oidcVariables.filter((k) => !e[k]);
    throw new ConfigError(
      `Invalid configuration:\n${missing.map((k) => `  ${k}: required with ${oidcSet.join(' and ')} (single sign-on)`).join('\n')}`,
    );
  }
  if (e.PASSWORD_SIGN_IN === 'off' && oidcSet.length === 0) {
    throw new ConfigError(
      'Invalid configuration:\n  PASSWORD_SIGN_IN: off needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET), or nobody could sign in',
    );
  }
  const cwd = options.cwd ?? process.cwd();
  const dataDir = isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR);
  const publicUrl = e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, '') : null;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'embedded', dir: join(dataDir, 'postgres'), poolSize: e.DATABASE_POOL_SIZE },
    publicUrl,
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? resolve(cwd, e.WEB_DIST_DIR) : options.defaultWebDistDir,
    workerMode: e.WORKER_MODE,
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    authRateLimit: {
      windowSeconds: e.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      perIp: e.AUTH_RATE_LIMIT_PER_IP,
      perAccount: e.AUTH_RATE_LIMIT_PER_ACCOUNT,
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    queuePollIntervalSeconds: e.QUEUE_POLL_INTERVAL_SECONDS,
    maxUploadBytes: e.MAX_UPLOAD_BYTES,
    maxIdsMb: e.MAX_IDS_MB,
    processingTimeLimitMs: e.PROCESSING_TIME_LIMIT_SECONDS * 1000,
    liveCheckCacheBytes: e.LIVE_CHECK_CACHE_MB * 1024 * 1024,
    explorerCacheBytes: e.EXPLORER_CACHE_MB * 1024 * 1024,
    workerMemoryBytes: (e.WORKER_MEMORY_MB ?? Math.floor((totalmem() * 0.75) / (1024 * 1024))) * 1024 * 1024,
    explorerStore: e.EXPLORER_STORE,
    invitationValidDays: e.INVITATION_VALID_DAYS,
    storage: storageConfig(e, dataDir),
    demoSeed: e.DEMO_SEED === 'true',
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? { baseUrl: e.AI_BASE_URL.replace(/\/+$/, ''), apiKey: e.AI_API_KEY ?? null, model: e.AI_MODEL }
        : null,
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM },
    webhooks: {
      timeoutMs: e.WEBHOOK_TIMEOUT_SECONDS * 1000,
      responseMaxBytes: e.WEBHOOK_RESPONSE_MAX_BYTES,
      retryLimit: e.WEBHOOK_RETRY_LIMIT,
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === 'true',
    },
    aps:
      e.APS_CLIENT_ID && e.APS_CLIENT_SECRET && e.APS_CALLBACK_URL
        ? {
            clientId: e.APS_CLIENT_ID,
            clientSecret: e.APS_CLIENT_SECRET,
            callbackUrl: e.APS_CALLBACK_URL,
            baseUrl: e.APS_BASE_URL.replace(/\/+$/, ''),
            webhookUrl: e.APS_WEBHOOKS === 'on' && publicUrl ? `${publicUrl}/api/v1/acc/aps-events` : null,
            translationPollSeconds: e.APS_TRANSLATION_POLL_SECONDS,
          }
        : null,
    billing: {
      enabled: e.BILLING === 'on',
      payments: e.PAYMENTS,
      stripe:
        e.PAYMENTS === 'stripe' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: e.STRIPE_SECRET_KEY,
              webhookSecret: e.STRIPE_WEBHOOK_SECRET,
              apiBase: e.STRIPE_API_BASE ?? null,
            }
          : null,
    },
    sso:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            allowedDomains: (e.OIDC_ALLOWED_DOMAINS ?? '')
              .split(',')
              .map((domain) => domain.trim().toLowerCase())
              .filter(Boolean),
            buttonLabel: e.OIDC_BUTTON_LABEL,
            redirectUri: `${publicUrl ?? `http://localhost:${e.PORT}`}/api/v1/auth/sso/callback`,
          }
        : null,
    passwordSignIn: e.PASSWORD_SIGN_IN === 'on',
  };
}

/** STORAGE_URL unset: local disk; s3://bucket[/prefix]: that bucket, reached as the S3_* variables say. */
function storageConfig(e: z.infer<typeof envSchema>, dataDir: string): StorageConfig {
  if (!e.STORAGE_URL) return { kind: 'local', dir: join(dataDir, 'files') };
  const [bucket = '', ...prefix] = e.STORAGE_URL.slice('s3://'.length).split('/').filter(Boolean);
  return {
    kind: 's3',
    bucket,
    prefix: prefix.length > 0 ? `${prefix.join('/')}/` : '',
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
  };
}

const secretsSchema = z.object({ sessionSecret: z.string().min(32) });

/** Generates the server secret on first start and keeps it in DATA_DIR/secrets.json (mode 0600). */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    const stored = secretsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!stored.success) throw new ConfigError(`${file} is damaged: delete it to generate a new secret.`);
    return stored.data.sessionSecret;
  }
  mkdirSync(dataDir, { recursive: true });
  const sessionSecret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, `${JSON.stringify({ sessionSecret }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecret(dataDir);
    throw error;
  }
  chmodSync(file, 0o600);
  return sessionSecret;
}
