import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** A switch whose absence means "the default for this installation" ('' counts as absent). */
const optionalFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) =>
    v === undefined || v === '' ? undefined : v === '1' || v === 'true' || v === 'yes',
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL debe empezar por postgres:// o postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET debe tener al menos 32 caracteres').optional(),
  /** The SAML service provider's key pair, PEM (ADR 0074); else made once in DATA_DIR. */
  SAML_SP_PRIVATE_KEY: z.string().optional(),
  SAML_SP_CERTIFICATE: z.string().optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL debe empezar por smtp:// o smtps://')
    .optional(),
  UPLOAD_DIR: z.string().min(1).optional(),
  WEB_DIST_DIR: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DEMO_DATA: optionalFlag,
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  RESPONSE_CACHE: z.enum(['on', 'off']).default('on'),
  /** Off only for load tests: the sign-in limits would answer 429 to a benchmark's one address. */
  RATE_LIMITS: z.enum(['on', 'off']).default('on'),
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  MAIL_FROM: z.string().min(3).max(255).default('Plataforma <no-reply@localhost>'),
  /** Comma-separated origins allowed by CORS besides the API's own (empty: same origin only). */
  CORS_ORIGINS: z.string().default(''),
  /** Proxy hops to trust for X-Forwarded-For (0: none, the socket address is the client). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Seconds a client has to send a request's headers (ADR 0053). */
  HEADERS_TIMEOUT: z.coerce.number().positive().max(600).default(30),
  /** Seconds a request body may send nothing before it is cut with 408. */
  BODY_IDLE_TIMEOUT: z.coerce.number().positive().max(600).default(30),
  /** Slowest upload speed served, in KB/s: a body's whole budget is BODY_IDLE_TIMEOUT + size / rate. */
  BODY_MIN_RATE: z.coerce.number().positive().max(1_000_000).default(50),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  /** Bearer token of GET /metrics; unset: no metrics are kept and /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN debe tener al menos 16 caracteres').optional(),
});

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Set for PostgreSQL; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  /** The SAML service provider's key pair from the environment (both or neither, ADR 0074). */
  samlSp: { privateKey: string | undefined; certificate: string | undefined };
  publicUrl: string;
  smtpUrl: string | undefined;
  uploadDir: string;
  /** Built web app to serve; absent or missing on disk means API only. */
  webDistDir: string | undefined;
  logLevel: string;
  /**
   * Fill an empty database with demo data: by default for the embedded database (trying the
   * platform), not for PostgreSQL; DEMO_DATA=0 or 1 decides otherwise. Without it a new
   * installation prints its setup link instead (ADR 0064).
   */
  demoData: boolean;
  dbPoolSize: number;
  /** Keep answers of read routes until their tables change (ADR 0007). */
  responseCache: boolean;
  /** Rate limits of the sign-in and email-sending routes (ADR 0008). */
  rateLimits: boolean;
  /** API processes to run on this machine (node:cluster); more than one needs PostgreSQL. */
  workers: number;
  /** Sender of outgoing mail ("Name <address>"). */
  mailFrom: string;
  /** Origins allowed by CORS (exact, e.g. https://campus.um.es). */
  corsOrigins: string[];
  /** Proxy hops whose X-Forwarded-For is trusted. */
  trustProxy: number;
  /** Slow clients (ADR 0053): headers in time, bodies that keep moving and end within budget. */
  timeouts: { headersMs: number; bodyIdleMs: number; bodyMinBytesPerSecond: number };
  /** Token a Prometheus scraper sends to GET /metrics; undefined turns metrics off (ADR 0057). */
  metricsToken: string | undefined;
  storage:
    | { kind: 'local' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
      };
}

/**
 * The installation's `.env` file (`.env.example` lists every variable, ADR 0063), read into the
 * process environment by the entry points (the server, the migrations, `admin:create`) when it
 * exists. What the environment already sets wins, so systemd's or a container's variables
 * override the file. Answers the file read, if any.
 */
export function loadEnvFile(base = process.env.INIT_CWD ?? process.cwd()): string | undefined {
  const path = resolve(base, '.env');
  if (!existsSync(path)) return undefined;
  process.loadEnvFile(path);
  return path;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and validates the configuration from the environment; throws ConfigError listing every
 * problem so the process fails at boot, never halfway through a request.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración no válida:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the command was typed, so
  // `npm run db:migrate` and `npm start` from the repository root share ./data.
  const base = source.INIT_CWD ?? process.cwd();
  const dataDir = resolve(base, env.DATA_DIR);
  if (
    env.STORAGE === 's3' &&
    !(env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)
  ) {
    throw new ConfigError(
      'Configuración no válida:\n  STORAGE=s3 necesita S3_BUCKET, S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY',
    );
  }
  const corsOrigins = env.CORS_ORIGINS.split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      throw new ConfigError(
        `Configuración no válida:\n  CORS_ORIGINS: "${origin}" no es un origen (https://dominio[:puerto])`,
      );
    }
  }
  if (env.API_WORKERS > 1 && !env.DATABASE_URL) {
    throw new ConfigError(
      'Configuración no válida:\n  API_WORKERS: más de un proceso necesita DATABASE_URL (PGlite es de un solo proceso)',
    );
  }
  const jwtSecret = env.JWT_SECRET ?? embeddedSecret(env.DATABASE_URL, dataDir);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    jwtSecret,
    samlSp: { privateKey: env.SAML_SP_PRIVATE_KEY, certificate: env.SAML_SP_CERTIFICATE },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    smtpUrl: env.SMTP_URL,
    uploadDir: resolve(base, env.UPLOAD_DIR ?? join(dataDir, 'uploads')),
    webDistDir: env.WEB_DIST_DIR ? resolve(base, env.WEB_DIST_DIR) : undefined,
    logLevel: env.LOG_LEVEL,
    demoData: env.DEMO_DATA ?? !env.DATABASE_URL,
    dbPoolSize: env.DB_POOL_SIZE,
    responseCache: env.RESPONSE_CACHE === 'on',
    rateLimits: env.RATE_LIMITS === 'on',
    workers: env.API_WORKERS,
    mailFrom: env.MAIL_FROM,
    corsOrigins,
    trustProxy: env.TRUST_PROXY,
    timeouts: {
      headersMs: Math.round(env.HEADERS_TIMEOUT * 1000),
      bodyIdleMs: Math.round(env.BODY_IDLE_TIMEOUT * 1000),
      bodyMinBytesPerSecond: env.BODY_MIN_RATE * 1024,
    },
    metricsToken: env.METRICS_TOKEN,
    storage:
      env.STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: env.S3_ENDPOINT,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET ?? '',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
  };
}

/**
 * With the embedded database the secret is generated once and kept next to the data, so tokens
 * survive restarts; with PostgreSQL several processes must share it, so it has to be configured.
 */
function embeddedSecret(databaseUrl: string | undefined, dataDir: string): string {
  if (databaseUrl) {
    throw new ConfigError('Configuración no válida:\n  JWT_SECRET: obligatorio con DATABASE_URL');
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
