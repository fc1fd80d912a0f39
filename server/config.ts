/**
 * Configuration, read from the environment once at start and validated with zod. A bad value stops
 * the process with a message naming the variable.
 */
import { randomBytes } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const ZBoolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Which proxies' X-Forwarded-For to believe (the client address that rate limits and the log-in
 * throttle key on): 'false' none; 'true' every hop (only behind a proxy that overwrites the
 * header); a number, that many hops from the server (one load balancer: 1); or a comma-separated
 * list of proxy addresses and CIDR ranges. Passed to Fastify's trustProxy as it is.
 */
const ZTrustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string => {
    if (/^(true|yes)$/i.test(value)) return true;
    if (/^(false|no|)$/i.test(value)) return false;
    if (/^\d{1,2}$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    const valid = entries.every((entry) => {
      const [address = '', bits] = entry.split('/');
      if (!ipaddr.isValid(address)) return false;
      if (bits === undefined) return true;
      const max = ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128;
      return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
    });
    if (!valid) {
      ctx.addIssue({
        code: 'custom',
        message: 'use true, false, a number of hops, or proxy addresses and CIDR ranges',
      });
      return z.NEVER;
    }
    return entries.join(',');
  });

const ZConfig = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  DATABASE_URL: z
    .string()
    .regex(/^(mysql|mariadb):\/\//, 'must start with mysql:// or mariadb://')
    .refine((value) => URL.canParse(value), 'must be a valid URL'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Read replicas (comma-separated mysql:// URLs, optional): queries go to one of them, writes and
   * transactions to DATABASE_URL (server/db/replicas.ts).
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^(mysql|mariadb):\/\//, 'each must start with mysql:// or mariadb://')
          .refine((value) => URL.canParse(value), 'each must be a valid URL'),
      ),
    )
    .default([]),
  /** A replica further behind the primary than this is taken out of rotation until it catches up. */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).default(5_000),
  /** How long a member's read waits for a replica to reach that member's last write before reading the primary. */
  DATABASE_REPLICA_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(250),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1, 'must be a positive number of milliseconds').default(30_000),
  /** How long SIGTERM waits for in-flight requests; the process exits within this plus 5 s (at most 25 s). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(20_000, 'must be at most 20000').default(10_000),
  RENDERER_DIST: z.string().default('renderer/dist'),
  /** Where uploaded files (profile pictures) are kept. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Let /wish-it/ read pages on loopback and private addresses (tests serve pages locally). */
  URL_IMPORT_ALLOW_PRIVATE: ZBoolean.default(false),
  TRUST_PROXY: ZTrustProxy.default(false),
  /** Header set by the edge with the visitor's country (used by /v1/auth/.where-am-i). */
  COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Prefix of every Redis key, so several apps (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(40).default('gifting:'),
  APP_VERSION: z.string().default('0.1.0'),
  /** Serve every page as the maintenance error page (the API keeps answering). */
  MAINTENANCE_MODE: ZBoolean.default(false),
  /** HS256 secret for access tokens, at least 32 bytes. Or use JWT_PRIVATE_KEY/JWT_PUBLIC_KEY (RS256). */
  JWT_SECRET: z
    .string()
    .refine((value) => Buffer.byteLength(value) >= 32, 'must be at least 32 bytes')
    .optional(),
  JWT_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
  JWT_PUBLIC_KEY: z.string().includes('PUBLIC KEY', { message: 'must be a PEM public key' }).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_IDLE_DAYS: z.coerce.number().min(0.001).max(90).default(14),
  REFRESH_ABSOLUTE_DAYS: z.coerce.number().min(0.001).max(365).default(60),
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(30),
  IMPERSONATION_MAX_MINUTES: z.coerce.number().int().min(1).max(60, 'must be at most 60').default(60),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().default('Gifting <no-reply@gifting.test>'),
  /** DKIM signing (all three, or none): the signing domain, the DNS selector and the PEM private key ("\\n" allowed). */
  DKIM_DOMAIN: z.string().trim().min(1).optional(),
  DKIM_SELECTOR: z.string().trim().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PEM private key' }).optional(),
  /** JSON list of OpenID Connect providers: [{"id","label","issuer","clientId","clientSecret"}]. */
  OIDC_PROVIDERS: z.string().default('[]'),
  /** Log-in throttling: failures allowed per account and per address in the window. */
  /** Merchant hosts the link redirector may unwrap to (comma-separated; subdomains included). */
  MERCHANT_HOSTS: z
    .string()
    .default('amazon.com,amazon.ca,amazon.co.uk,etsy.com,target.com,walmart.com,bestbuy.com,rei.com,uncommongoods.com'),
  /** Client log batches allowed per address per minute. */
  CLIENT_LOG_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Account e-mails (codes, reset links) per recipient and per client address in 15 minutes. */
  MAIL_MAX_PER_RECIPIENT: z.coerce.number().int().min(1).default(5),
  MAIL_MAX_PER_CLIENT: z.coerce.number().int().min(1).default(20),
  /** Wrong passwords for one account from one client before that client waits (and waits longer each time). */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** Wrong passwords from one client across all accounts. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** Wrong passwords for one account from all clients; then only clients that failed for it wait. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Requests per minute per client address to log-in and refresh (on top of the failure throttle). */
  RATE_LIMIT_AUTH_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Messages (chat and exchange) per minute per member. */
  RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Invitations calls (exchange and group) per minute per member. */
  RATE_LIMIT_INVITATIONS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Product pages read for /wish-it/ (wishLists.importUrl) per minute per member. */
  RATE_LIMIT_URL_IMPORTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Overload: answer 503 when the event loop lags more than this (0: off). */
  EVENT_LOOP_MAX_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Overload: answer 503 when the JavaScript heap still holds more than this many MiB after a full collection (0: 90 % of Node's limit). */
  HEAP_MAX_USED_MB: z.coerce.number().int().min(0).default(0),
  /** Bearer token for GET /metrics (Prometheus); unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
});

const ZOidcProvider = z.object({
  id: z.string().regex(/^[a-z0-9-]{2,40}$/, 'id must be 2-40 lower-case letters, digits or dashes'),
  label: z.string().min(1),
  issuer: z.url(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  scope: z.string().default('openid email profile'),
});
export type TOidcProviderConfig = z.infer<typeof ZOidcProvider>;

export type TConfig = {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  publicUrl: string;
  databaseUrl: string;
  databasePoolSize: number;
  /** Read replicas' URLs (empty: every query goes to databaseUrl). */
  databaseReplicaUrls: string[];
  databaseReplicaMaxLagMs: number;
  databaseReplicaWaitMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  requestTimeoutMs: number;
  shutdownGraceMs: number;
  rendererDist: string;
  dataDir: string;
  urlImportAllowPrivate: boolean;
  trustProxy: boolean | number | string;
  countryHeader: string;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  appVersion: string;
  maintenanceMode: boolean;
  jwt: { algorithm: 'HS256'; secret: string } | { algorithm: 'RS256'; privateKey: string; publicKey: string };
  accessTokenTtlSeconds: number;
  refreshIdleMs: number;
  refreshAbsoluteMs: number;
  refreshGraceMs: number;
  impersonationMaxMs: number;
  smtpUrl: string;
  mailFrom: string;
  /** Set when DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are: every mail is signed. */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
  oidcProviders: TOidcProviderConfig[];
  merchantHosts: string[];
  clientLogRatePerMinute: number;
  mailMaxPerRecipient: number;
  mailMaxPerClient: number;
  loginMaxFailures: number;
  loginMaxFailuresPerAddress: number;
  loginMaxFailuresPerAccount: number;
  loginWindowMs: number;
  rateLimitAuthPerMinute: number;
  rateLimitMessagesPerMinute: number;
  rateLimitInvitationsPerMinute: number;
  rateLimitUrlImportsPerMinute: number;
  eventLoopMaxDelayMs: number;
  heapMaxUsedMb: number;
  metricsToken: string | undefined;
};

const DAY_MS = 86_400_000;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): TConfig {
  // Empty strings count as unset so `FOO= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ZConfig.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const value = cleaned[name];
      const shown = value === undefined ? 'is not set' : `is ${JSON.stringify(value)}`;
      return `${name} ${shown}: ${issue.message}`;
    });
    throw new ConfigError(problems);
  }
  const c = parsed.data;
  const problems: string[] = [];
  const dkimSet = [c.DKIM_DOMAIN, c.DKIM_SELECTOR, c.DKIM_PRIVATE_KEY].filter(Boolean).length;
  if (dkimSet !== 0 && dkimSet !== 3)
    problems.push('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY must be set together');
  let jwt: TConfig['jwt'] | undefined;
  if (c.JWT_PRIVATE_KEY || c.JWT_PUBLIC_KEY) {
    if (!c.JWT_PRIVATE_KEY || !c.JWT_PUBLIC_KEY)
      problems.push('JWT_PRIVATE_KEY and JWT_PUBLIC_KEY must be set together');
    else jwt = { algorithm: 'RS256', privateKey: c.JWT_PRIVATE_KEY, publicKey: c.JWT_PUBLIC_KEY };
  } else if (c.JWT_SECRET) {
    jwt = { algorithm: 'HS256', secret: c.JWT_SECRET };
  } else if (c.NODE_ENV !== 'production') {
    // Development and tests: a per-process secret (npm start persists one under .data/).
    jwt = { algorithm: 'HS256', secret: randomBytes(48).toString('base64url') };
  } else {
    problems.push(
      'JWT_SECRET is not set: production needs a secret of at least 32 bytes (or JWT_PRIVATE_KEY/JWT_PUBLIC_KEY)',
    );
  }
  let oidcProviders: TOidcProviderConfig[] = [];
  try {
    const parsedProviders = z.array(ZOidcProvider).safeParse(JSON.parse(c.OIDC_PROVIDERS));
    if (parsedProviders.success) oidcProviders = parsedProviders.data;
    else
      problems.push(
        `OIDC_PROVIDERS is not valid: ${parsedProviders.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      );
  } catch {
    problems.push('OIDC_PROVIDERS is not valid JSON');
  }
  if (problems.length || !jwt) throw new ConfigError(problems);
  return {
    nodeEnv: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    publicUrl: c.PUBLIC_URL.replace(/\/+$/, ''),
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databaseReplicaUrls: c.DATABASE_REPLICA_URLS,
    databaseReplicaMaxLagMs: c.DATABASE_REPLICA_MAX_LAG_MS,
    databaseReplicaWaitMs: c.DATABASE_REPLICA_WAIT_MS,
    logLevel: c.LOG_LEVEL,
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    shutdownGraceMs: c.SHUTDOWN_GRACE_MS,
    rendererDist: c.RENDERER_DIST,
    dataDir: c.DATA_DIR,
    urlImportAllowPrivate: c.URL_IMPORT_ALLOW_PRIVATE,
    trustProxy: c.TRUST_PROXY,
    countryHeader: c.COUNTRY_HEADER.toLowerCase(),
    redisUrl: c.REDIS_URL,
    redisKeyPrefix: c.REDIS_KEY_PREFIX,
    appVersion: c.APP_VERSION,
    maintenanceMode: c.MAINTENANCE_MODE,
    jwt,
    accessTokenTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    refreshIdleMs: c.REFRESH_IDLE_DAYS * DAY_MS,
    refreshAbsoluteMs: c.REFRESH_ABSOLUTE_DAYS * DAY_MS,
    refreshGraceMs: c.REFRESH_GRACE_SECONDS * 1000,
    impersonationMaxMs: c.IMPERSONATION_MAX_MINUTES * 60_000,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    dkim:
      c.DKIM_DOMAIN && c.DKIM_SELECTOR && c.DKIM_PRIVATE_KEY
        ? {
            domainName: c.DKIM_DOMAIN,
            keySelector: c.DKIM_SELECTOR,
            privateKey: c.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
          }
        : null,
    oidcProviders,
    merchantHosts: c.MERCHANT_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    clientLogRatePerMinute: c.CLIENT_LOG_RATE_PER_MINUTE,
    mailMaxPerRecipient: c.MAIL_MAX_PER_RECIPIENT,
    mailMaxPerClient: c.MAIL_MAX_PER_CLIENT,
    loginMaxFailures: c.LOGIN_MAX_FAILURES,
    loginMaxFailuresPerAddress: c.LOGIN_MAX_FAILURES_PER_ADDRESS,
    loginMaxFailuresPerAccount: c.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginWindowMs: c.LOGIN_WINDOW_SECONDS * 1000,
    rateLimitAuthPerMinute: c.RATE_LIMIT_AUTH_PER_MINUTE,
    rateLimitMessagesPerMinute: c.RATE_LIMIT_MESSAGES_PER_MINUTE,
    rateLimitInvitationsPerMinute: c.RATE_LIMIT_INVITATIONS_PER_MINUTE,
    rateLimitUrlImportsPerMinute: c.RATE_LIMIT_URL_IMPORTS_PER_MINUTE,
    eventLoopMaxDelayMs: c.EVENT_LOOP_MAX_DELAY_MS,
    heapMaxUsedMb: c.HEAP_MAX_USED_MB,
    metricsToken: c.METRICS_TOKEN,
  };
}
