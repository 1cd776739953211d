import path from 'node:path';

/** Every environment variable the server reads, typed, in one place (documented in the README). */
export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database and of generated files; used when databaseUrl is empty. */
  dataDir: string;
  /**
   * Where uploads and exports are kept, shared by every server instance: an S3-compatible object store
   * (http(s)://key:secret@host:port/bucket or s3://bucket), a folder (file:///path), or empty for the data folder
   * on the embedded database and PostgreSQL itself on a PostgreSQL server.
   */
  fileStoreUrl: string;
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
  /** Requests one API key may make per minute on one server instance (API_KEY_RATE_PER_MINUTE). */
  apiKeyRatePerMinute: number;
  /** Webhook targets may be private or loopback addresses (WEBHOOK_ALLOW_PRIVATE=1; off by default). */
  webhookAllowPrivate: boolean;
  /** Attempts of one webhook delivery, and the first wait before a retry in seconds (doubled each time). */
  webhookMaxAttempts: number;
  webhookRetrySeconds: number;
  /** Failed attempts in a row after which a subscription is switched off and the administrators told. */
  webhookDisableAfter: number;
  /** SMTP server for e-mail notices (smtp://user:pass@host:port or smtps://...); empty sends no mail. */
  smtpUrl: string;
  /** Sender of e-mail notices. */
  emailFrom: string;
  /** Notices of one person within this many seconds go out as one digest mail. */
  emailDigestSeconds: number;
  /** Port of the MQTT broker inside the server for machine data (default 1883); 0 turns it off. */
  mqttPort: number;
  /** Address the embedded MQTT broker listens on. */
  mqttHost: string;
  /** An external MQTT broker (mqtt://user:pass@host:1883) used instead of the embedded one. */
  mqttUrl: string;
  /** The MQTT 5 shared-subscription group of the servers on an external broker (one group splits the stream). */
  mqttShareGroup: string;
  /** Machine data points held while the database is away; beyond it new points are dropped and counted. */
  dasBufferPoints: number;
  /** Messages a second one gateway may send (twice as many at once); beyond it they are refused and counted. */
  dasGatewayRate: number;
  /** Days of machine history kept: older day partitions are dropped (0 keeps everything). */
  dasRetentionDays: number;
  /** A few demo machines keep publishing through the broker (DAS_DEMO_LIVE; default on with the embedded database only). */
  dasDemoLive: boolean;
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
    fileStoreUrl: env.FILE_STORE_URL ?? '',
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
    apiKeyRatePerMinute: Math.max(1, int(env.API_KEY_RATE_PER_MINUTE, 600)),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookMaxAttempts: Math.max(1, int(env.WEBHOOK_MAX_ATTEMPTS, 6)),
    webhookRetrySeconds: Math.max(1, int(env.WEBHOOK_RETRY_SECONDS, 30)),
    webhookDisableAfter: Math.max(1, int(env.WEBHOOK_DISABLE_AFTER, 20)),
    smtpUrl: env.SMTP_URL ?? '',
    emailFrom: env.EMAIL_FROM || 'eam@localhost',
    emailDigestSeconds: Math.max(1, int(env.EMAIL_DIGEST_SECONDS, 300)),
    mqttPort: Math.max(0, int(env.MQTT_PORT, 1883)),
    mqttHost: env.MQTT_HOST ?? '0.0.0.0',
    mqttUrl: env.MQTT_URL ?? '',
    mqttShareGroup: /^[A-Za-z0-9_-]{1,40}$/.test(env.MQTT_SHARE_GROUP ?? '') ? env.MQTT_SHARE_GROUP! : 'eam',
    dasBufferPoints: Math.max(1000, int(env.DAS_BUFFER_POINTS, 500_000)),
    dasGatewayRate: Math.max(1, int(env.DAS_GATEWAY_RATE, 1000)),
    dasRetentionDays: Math.max(0, int(env.DAS_RETENTION_DAYS, 400)),
    dasDemoLive: env.DAS_DEMO_LIVE ? env.DAS_DEMO_LIVE !== '0' : !env.DATABASE_URL,
  };
}
