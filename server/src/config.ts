import path from 'node:path';

/** Every environment variable the server reads, typed, in one place (documented in the README). */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database and of generated files; used when databaseUrl is empty. */
  dataDir: string;
  /** PostgreSQL server; empty means the embedded PGlite database in dataDir. */
  databaseUrl: string;
  /** Pool size for the PostgreSQL server. */
  databasePoolSize: number;
  /** Schema to use on the PostgreSQL server (tests use one per run). */
  databaseSchema: string;
  /** Page cache of the embedded database (its shared_buffers), a PostgreSQL size such as 16MB. */
  embeddedSharedBuffers: string;
  jwtSecret: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  seedAdminPassword: string;
  /** The demo factory gets a year of worked history on first start (DEMO_HISTORY=0 leaves it out). */
  demoHistory: boolean;
  /** Folder of the built web application served at /. */
  webDist: string;
  logLevel: string;
  /** Failed logins of one account, from any address, before it is locked. */
  loginMaxFailures: number;
  /** Failed logins from one address, for any accounts, before it is locked. */
  loginMaxAddressFailures: number;
  loginLockSeconds: number;
  /**
   * Which peers may set the client address with X-Forwarded-For (Fastify's trustProxy): false (nobody, the
   * default), true (everyone), a hop count, or addresses and CIDR ranges of the proxies.
   */
  trustProxy: boolean | number | string[];
  /** Build flags that pick the browser title: eam (default), mes, or ops. */
  buildFlavor: string;
  /** Gateway that sends SMS verification codes (JSON POST); empty writes the code to the server log. */
  smsWebhookUrl: string;
  /** Trial length of a self-registered company in days; 0 turns company self-registration off. */
  signupTrialDays: number;
}

const int = (value: string | undefined, fallback: number): number => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
};

/** TRUST_PROXY: empty or false, true, a hop count, or a comma list of addresses and CIDR ranges. */
export function trustProxy(value: string | undefined): boolean | number | string[] {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, '..', '..');
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL ?? '',
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 20),
    databaseSchema: env.DATABASE_SCHEMA ?? 'public',
    embeddedSharedBuffers: env.EMBEDDED_SHARED_BUFFERS || '16MB',
    jwtSecret: env.JWT_SECRET ?? '',
    accessTokenSeconds: int(env.ACCESS_TOKEN_SECONDS, 7200),
    refreshTokenSeconds: int(env.REFRESH_TOKEN_SECONDS, 30 * 24 * 3600),
    seedAdminPassword: env.SEED_ADMIN_PASSWORD ?? '',
    demoHistory: env.DEMO_HISTORY !== '0',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'web', 'dist')),
    logLevel: env.LOG_LEVEL ?? 'info',
    loginMaxFailures: int(env.LOGIN_MAX_FAILURES, 5),
    loginMaxAddressFailures: int(env.LOGIN_MAX_ADDRESS_FAILURES, 20),
    loginLockSeconds: int(env.LOGIN_LOCK_SECONDS, 900),
    trustProxy: trustProxy(env.TRUST_PROXY),
    buildFlavor: env.BUILD_FLAVOR ?? 'eam',
    smsWebhookUrl: env.SMS_WEBHOOK_URL ?? '',
    signupTrialDays: Math.max(0, int(env.SIGNUP_TRIAL_DAYS, 30)),
  };
}
