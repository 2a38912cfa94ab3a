import { existsSync, readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { LANGUAGES, type Language } from '@podo/i18n';

/** Per-language texts: ko-KR is required, being the fallback for the others. */
type PerLanguageText = Partial<Record<Language, string>> & { 'ko-KR': string };

/** Text that may be given once (shown in every language) or per language (missing ones fall back to ko-KR). */
const ZLocalizedText = z.union([
  z.string().min(1),
  z
    .object(Object.fromEntries(LANGUAGES.map((l) => [l, z.string().min(1).optional()])))
    .refine((v): v is PerLanguageText => typeof v['ko-KR'] === 'string', { message: 'needs at least a ko-KR text' }),
]);
export type TLocalizedText = z.infer<typeof ZLocalizedText>;

const ZUrl = z.string().url();

/** Brand and company details shown on the site: configuration, not code. */
export const ZSiteConfig = z.object({
  brandName: ZLocalizedText,
  slug: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/, 'lower-case letters, digits and dashes, starting with a letter'),
  description: ZLocalizedText,
  mainPhone: z.string().regex(/^[0-9]{2,4}-[0-9]{3,4}-[0-9]{4}$/, 'like 02-1234-5678 or 1588-0000'),
  company: z.object({
    name: ZLocalizedText,
    ceo: ZLocalizedText,
    businessRegistrationNumber: z.string().regex(/^\d{3}-\d{2}-\d{5}$/, 'like 123-45-67890'),
    mailOrderNumber: ZLocalizedText,
    liquorLicense: ZLocalizedText.optional(),
    address: ZLocalizedText,
    email: z.string().email(),
    fax: z.string().optional(),
    privacyOfficer: ZLocalizedText.optional(),
  }),
  familySites: z.array(z.object({ key: z.enum(['brand', 'mall', 'cellar']), name: ZLocalizedText, url: ZUrl })).min(1),
  social: z.array(z.object({ type: z.enum(['instagram', 'youtube', 'facebook', 'blog', 'kakao']), url: ZUrl })),
  /** The contact page's directions: how to get there and when the office is open (the address is the company's). */
  directions: z
    .object({
      transport: z.array(ZLocalizedText).default([]),
      hours: z.array(ZLocalizedText).default([]),
      /** Where the office is (WGS84), for the Kakao map. */
      location: z.object({ lat: z.number().min(33).max(39), lng: z.number().min(124).max(132) }).optional(),
    })
    .default({ transport: [], hours: [] }),
  /** The company page: milestones and certifications (the team comes from the API). */
  about: z
    .object({
      history: z
        .array(z.object({ year: z.string().regex(/^\d{4}(\.\d{1,2})?$/, 'like 2011 or 2011.03'), text: ZLocalizedText }))
        .default([]),
      certifications: z
        .array(z.object({ name: ZLocalizedText, issuer: ZLocalizedText, year: z.number().int().min(1900).max(2100) }))
        .default([]),
    })
    .default({ history: [], certifications: [] }),
  /** Terms of trade orders: the account for bank transfers, the delivery fee and the deposit deadline. */
  commerce: z
    .object({
      bank: z.object({ bankName: ZLocalizedText, accountNumber: z.string().regex(/^[0-9-]{8,30}$/), accountHolder: ZLocalizedText }),
      /** Delivery fee per order, KRW excl. VAT, unless the goods reach freeDeliveryFrom. */
      deliveryFee: z.number().int().min(0).default(5000),
      freeDeliveryFrom: z.number().int().min(0).default(300000),
      /** Days a bank-transfer order waits for the deposit before it is cancelled. */
      depositDays: z.number().int().min(1).max(14).default(3),
      /** Where pick-up orders are collected. */
      pickupAddress: ZLocalizedText,
    })
    .default({
      bank: {
        bankName: { 'ko-KR': '국민은행', 'en-US': 'KB Kookmin Bank' },
        accountNumber: '000-00-0000-000',
        accountHolder: { 'ko-KR': '포도' },
      },
      deliveryFee: 5000,
      freeDeliveryFrom: 300000,
      depositDays: 3,
      pickupAddress: { 'ko-KR': '본사 물류센터' },
    }),
});
export type TSiteConfig = z.infer<typeof ZSiteConfig>;

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

/** An address or a CIDR block (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrBlock(v: string): boolean {
  const [ip, bits, ...rest] = v.split('/');
  const family = isIP(ip ?? '');
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

/**
 * Which proxies' X-Forwarded-For is believed (Fastify's `trustProxy`): `false` none; a hop count (`1` behind one
 * nginx), so the address the nearest proxies saw is the client's, whatever the client itself wrote in the header; a
 * list of proxy addresses and CIDR blocks; `true` every hop, only when the proxy replaces the header.
 */
export type TrustProxy = boolean | number | string[];

const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): TrustProxy => {
    const t = v?.trim() ?? '';
    if (['', 'false', 'no', '0'].includes(t)) return false;
    if (['true', 'yes'].includes(t)) return true;
    if (/^\d{1,2}$/.test(t)) return Number(t);
    const list = t.split(',').map((x) => x.trim());
    if (list.every(isAddressOrBlock)) return list;
    ctx.addIssue({ code: 'custom', message: 'must be false, true, a hop count or a list of addresses and CIDR blocks' });
    return z.NEVER;
  });

/** A time limit in milliseconds: 0 (off) or 10 ms to 10 minutes. */
const msLimit = (def: number) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(600_000)
    .refine((v) => v === 0 || v >= 10, 'milliseconds: 0 (off) or at least 10')
    .default(def);

/** The default size of the PostgreSQL pool: two connections per CPU core, from 4 to 20. */
export function defaultPoolMax(cores = os.availableParallelism()): number {
  return Math.min(20, Math.max(4, 2 * cores));
}

const ZEnv = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // The same database without the transaction-mode pooler DATABASE_URL goes through: LISTEN, migrations, the CLI.
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  // Two connections per CPU core (4 to 20). On the 2-core benchmark machine, with PostgreSQL on the same host, a
  // pool of 10 let more statements run than there were cores: the same throughput, but p99 at 100 connections of
  // 580-910 ms against 160-220 ms with 4 (docs/performance.md, 2026-11-22 18:45 UTC).
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(defaultPoolMax()),
  // Time limits of the request path (docs/architecture.md, "Faults and timeouts"); 0 turns one off. A request over
  // one gets 503 SERVICE_UNAVAILABLE instead of hanging.
  DB_STATEMENT_TIMEOUT_MS: msLimit(10_000),
  DB_LOCK_TIMEOUT_MS: msLimit(3_000),
  DB_IDLE_TX_TIMEOUT_MS: msLimit(10_000),
  DB_ACQUIRE_TIMEOUT_MS: msLimit(3_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  SITE_CONFIG_FILE: z.string().default('config/site.json'),
  PUBLIC_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // The longest lifetime of an access token (default 7 days, the Kakao flow's); longer ones are capped or refused.
  TOKEN_MAX_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(300)
    .max(30 * 24 * 3600)
    .default(7 * 24 * 3600),
  DEMO_DATA: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  TRUST_PROXY: trustProxy,
  CATALOG_CACHE: bool(true),
  // What this process does: answers requests (web), runs the background jobs (worker), or both.
  PROCESS_ROLE: z.enum(['web', 'worker', 'both']).default('both'),
  // How often an idle worker looks for new jobs, and how often workers look for jobs whose worker died.
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOBS_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  OUTBOX_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  // On SIGTERM: how long the process stays up answering readiness 503 before it stops listening (for load balancers
  // that poll readiness), then the longest wait for requests in flight before it exits anyway.
  // GET /metrics (Prometheus): open on a plain `npm start`; with NODE_ENV=production only with this bearer token.
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SMS_PROVIDER: z.enum(['log', 'http']).default('log'),
  SMS_HTTP_URL: z.string().url().optional(),
  /** Road-name address search (business.juso.go.kr): the confirmation key; without it addresses are typed in. */
  JUSO_API_KEY: z.string().min(1).optional(),
  JUSO_API_URL: z.string().url().default('https://business.juso.go.kr/addrlink/addrLinkApi.do'),
  /** Kakao Local (coordinates of an address, the /kakao-map proxy): the REST API key. */
  KAKAO_REST_KEY: z.string().min(1).optional(),
  /**
   * Kakao Local's base URL (…/v2/local; tests point it at a local fake). An older value naming the address search
   * itself (…/v2/local/search/address.json) still works: that part is dropped.
   */
  KAKAO_LOCAL_URL: z
    .string()
    .url()
    .default('https://dapi.kakao.com/v2/local')
    .transform((u) => u.replace(/\/search\/address\.json$/, '').replace(/\/+$/, '')),
  /** reCAPTCHA on the contact form: both keys, or neither (a honeypot, a minimum fill time and a per-address limit). */
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** The reCAPTCHA widget's script the contact page loads (a local stand-in in tests). */
  RECAPTCHA_SCRIPT_URL: z.string().url().default('https://www.google.com/recaptcha/api.js'),
  /** Kakao Maps JavaScript key: the contact page shows the Kakao map (without it, links to Kakao Map and Naver Map). */
  KAKAO_JS_KEY: z.string().min(1).optional(),
  KAKAO_MAP_SDK_URL: z.string().url().default('https://dapi.kakao.com/v2/maps/sdk.js'),
  /**
   * Uploaded files in S3-compatible object storage instead of DATA_DIR/uploads (several server processes or machines
   * share them): on when S3_BUCKET is set. S3_ENDPOINT for MinIO and the like (path-style URLs); the keys both or
   * neither (neither: the SDK's own chain, such as an instance role). S3_PREFIX goes before every object key.
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('ap-northeast-2'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9!_.*'()/-]*$/, "letters, digits and !_.*'()/- only")
    .default('')
    .transform((p) => {
      const trimmed = p.replace(/^\/+|\/+$/g, '');
      return trimmed ? `${trimmed}/` : '';
    }),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Contact inquiries: seconds a person takes at least to fill the form, and inquiries per address per hour. */
  CONTACT_MIN_FILL_SECONDS: z.coerce.number().int().min(0).default(3),
  CONTACT_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SENDER: z
    .string()
    .regex(/^[0-9-]{8,20}$/, 'a registered sender number like 02-1234-5678')
    .optional(),
  // Global caps on text messages (every purpose, every process): many addresses pumping codes cannot run up the bill.
  SMS_CAP_PER_HOUR: z.coerce.number().int().min(0).default(500),
  SMS_CAP_PER_DAY: z.coerce.number().int().min(0).default(3000),
  ADMIN_EMAIL: z.string().email().optional(),
  ...oauthEnv('KAKAO'),
  ...oauthEnv('NAVER'),
  ...oauthEnv('GOOGLE'),
  ...oauthEnv('FACEBOOK'),
});

/** Rules across variables. */
const ZEnvChecked = ZEnv.superRefine((e, ctx) => {
  // The embedded database serves one process, which must run the jobs too (tests run web-only apps on purpose).
  if (e.PROCESS_ROLE !== 'both' && !e.DATABASE_URL && e.NODE_ENV !== 'test') {
    ctx.addIssue({
      code: 'custom',
      path: ['PROCESS_ROLE'],
      message: 'web and worker processes share a PostgreSQL database (DATABASE_URL); the embedded one serves one process, which runs both',
    });
  }
  if (e.DATABASE_DIRECT_URL && !e.DATABASE_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['DATABASE_DIRECT_URL'],
      message: 'goes with DATABASE_URL (the pooled connection to the same database)',
    });
  }
  // The HTTP SMS provider needs somewhere to post to; without it codes would silently go nowhere.
  if (e.SMS_PROVIDER === 'http' && !e.SMS_HTTP_URL) {
    ctx.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'required when SMS_PROVIDER=http (the provider endpoint to POST to)' });
  }
  // Half an S3 configuration would silently keep files on one machine's disk, or fail at the first upload.
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when other S3_* variables are set' });
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
  // Links in e-mails (certification, password reset) must not be built from a Host header a client chose.
  if (e.NODE_ENV === 'production' && e.SMTP_URL && !e.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'required with SMTP_URL in production: links in e-mails are built from it, never from the request Host header',
    });
  }
});

/** OAUTH_<P>_CLIENT_ID / _CLIENT_SECRET / _AUTHORIZE_URL / _TOKEN_URL / _USERINFO_URL for one provider. */
function oauthEnv<P extends string>(p: P) {
  return {
    [`OAUTH_${p}_CLIENT_ID`]: z.string().min(1).optional(),
    [`OAUTH_${p}_CLIENT_SECRET`]: z.string().min(1).optional(),
    [`OAUTH_${p}_AUTHORIZE_URL`]: z.string().url().optional(),
    [`OAUTH_${p}_TOKEN_URL`]: z.string().url().optional(),
    [`OAUTH_${p}_USERINFO_URL`]: z.string().url().optional(),
  } as Record<`OAUTH_${P}_${'CLIENT_ID' | 'CLIENT_SECRET' | 'AUTHORIZE_URL' | 'TOKEN_URL' | 'USERINFO_URL'}`, z.ZodOptional<z.ZodString>>;
}

export type OAuthProviderName = 'kakao' | 'naver' | 'google' | 'facebook';
export interface OAuthProviderConfig {
  clientId: string;
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** Send a PKCE S256 challenge (providers that support it). */
  pkce: boolean;
  scope: string;
}

/** The providers' real endpoints; each can be overridden (tests point them at a local fake provider). */
const OAUTH_DEFAULTS: Record<OAuthProviderName, Omit<OAuthProviderConfig, 'clientId' | 'clientSecret'>> = {
  kakao: {
    authorizeUrl: 'https://kauth.kakao.com/oauth/authorize',
    tokenUrl: 'https://kauth.kakao.com/oauth/token',
    userInfoUrl: 'https://kapi.kakao.com/v2/user/me',
    pkce: true,
    scope: 'account_email',
  },
  naver: {
    authorizeUrl: 'https://nid.naver.com/oauth2.0/authorize',
    tokenUrl: 'https://nid.naver.com/oauth2.0/token',
    userInfoUrl: 'https://openapi.naver.com/v1/nid/me',
    pkce: false,
    scope: '',
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    pkce: true,
    scope: 'openid email profile',
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    pkce: true,
    scope: 'email',
  },
};

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl?: string;
  databasePoolMax: number;
  /** Statement, lock, idle-in-transaction and pool-acquisition limits of the request path, in ms (0: off). */
  /** The same database without the pooler of databaseUrl (transaction mode): LISTEN, migrations, the CLI. */
  databaseDirectUrl?: string;
  databaseTimeouts: { statementMs: number; lockMs: number; idleInTransactionMs: number; acquireMs: number };
  redisUrl?: string;
  logLevel: string;
  /** `pretty`: one readable line per request; `json`: pino's JSON lines; `auto`: pretty on a terminal, else JSON. */
  logFormat: 'auto' | 'pretty' | 'json';
  publicUrl?: string;
  /** JWT signing secret; when unset the server generates one and keeps it in DATA_DIR. */
  jwtSecret?: string;
  /** Longest access-token lifetime: issuing caps to it, verifying refuses longer (docs/accounts.md "Tokens"). */
  tokenMaxTtlSeconds: number;
  /** Load demo data on an empty database (default on, unless NODE_ENV=production is set explicitly). */
  demoData: boolean;
  trustProxy: TrustProxy;
  rateLimit: { max: number; windowMs: number };
  /** SIGTERM: readiness 503 for drainMs, then requests in flight get up to timeoutMs. */
  shutdown: { drainMs: number; timeoutMs: number };
  /** GET /metrics: `token` required when set; without one, open unless NODE_ENV=production was set (then off). */
  metrics: { token?: string; open: boolean };
  /** Short-lived in-memory caches of catalogue answers, totals and facet counts (on by default). */
  catalogCache: boolean;
  /**
   * Background jobs (pg-boss, apps/api/src/jobs): `web` only queues them, `worker` runs them and their schedules,
   * `both` does both; `pollSeconds` is an idle worker's look for new jobs, `superviseSeconds` the look for jobs whose
   * worker stopped beating (it died) to retry them.
   */
  /** `outboxRetrySeconds`: the wait before a message's first retry (doubling after each, at most an hour). */
  jobs: { role: 'web' | 'worker' | 'both'; pollSeconds: number; superviseSeconds: number; outboxRetrySeconds: number };
  /** Outgoing e-mail; without smtpUrl, mails are written to the server log (development). */
  mail: { smtpUrl?: string; from: string };
  sms: {
    provider: 'log' | 'http';
    httpUrl?: string;
    httpToken?: string;
    sender?: string;
    /** Text messages sent at most per clock hour and per calendar day (Korea time), all processes together. */
    capPerHour: number;
    capPerDay: number;
  };
  /** Where operational notices go (the SMS cap reached); unset: every admin member's e-mail. */
  adminEmail?: string;
  /**
   * Address search (juso) and Kakao Local (coordinates, the map proxy); a service without its key is off.
   * `kakaoLocalUrl` is the base (…/v2/local) the endpoints' paths are added to.
   */
  address: { jusoKey?: string; jusoUrl: string; kakaoRestKey?: string; kakaoLocalUrl: string };
  /** Where uploaded files are kept: S3-compatible storage when `s3` is there, else DATA_DIR/uploads. */
  storage: {
    s3?: {
      bucket: string;
      endpoint?: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      /** '' or ending in '/'. */
      prefix: string;
      timeoutMs: number;
    };
  };
  /** Spam protection of the contact form. */
  contact: { recaptcha?: { siteKey: string; secretKey: string; verifyUrl: string }; minFillSeconds: number; limitPerHour: number };
  /** Scripts of other services pages load (reCAPTCHA's widget, the Kakao map), with their public keys. */
  widgets: TWidgets;
  /** Social login providers that have a client id configured. */
  oauth: Partial<Record<OAuthProviderName, OAuthProviderConfig>>;
  site: TSiteConfig;
}

/** The widgets of other services a page may load: their public keys and script addresses. */
export interface TWidgets {
  recaptcha?: { siteKey: string; scriptUrl: string };
  kakaoMap?: { jsKey: string; sdkUrl: string };
}

/**
 * The script origins the widgets need in the Content-Security-Policy: the configured scripts' own, plus the hosts
 * the real ones load more from (reCAPTCHA's gstatic, the Kakao map's daumcdn).
 */
export function widgetOrigins(w: TWidgets): { scripts: string[]; frames: string[] } {
  const scripts = new Set<string>();
  const frames = new Set<string>();
  if (w.recaptcha) {
    const o = new URL(w.recaptcha.scriptUrl).origin;
    scripts.add(o);
    frames.add(o);
    if (o === 'https://www.google.com') scripts.add('https://www.gstatic.com');
  }
  if (w.kakaoMap) {
    const o = new URL(w.kakaoMap.sdkUrl).origin;
    scripts.add(o);
    if (o === 'https://dapi.kakao.com') scripts.add('https://t1.daumcdn.net');
  }
  return { scripts: [...scripts], frames: [...frames] };
}

export class ConfigError extends Error {}

function formatIssues(prefix: string, issues: z.core.$ZodIssue[]) {
  return issues.map((i) => `  - ${prefix}${i.path.join('.') || '(root)'}: ${i.message}`).join('\n');
}

/** Reads and validates the site config file; throws a ConfigError listing every wrong field. */
export function loadSiteConfig(file: string, cwd = process.cwd()): TSiteConfig {
  const full = path.resolve(cwd, file);
  if (!existsSync(full)) throw new ConfigError(`Site config file not found: ${full} (SITE_CONFIG_FILE)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(full, 'utf8'));
  } catch (e) {
    throw new ConfigError(`Site config file ${full} is not valid JSON: ${(e as Error).message}`);
  }
  const parsed = ZSiteConfig.safeParse(raw);
  if (!parsed.success) throw new ConfigError(`Site config ${full} is invalid:\n${formatIssues('', parsed.error.issues)}`);
  return parsed.data;
}

/** Parses the environment once at start; fails fast with every wrong variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnvChecked.safeParse(clean);
  if (!parsed.success) {
    throw new ConfigError(`Invalid environment configuration:\n${formatIssues('', parsed.error.issues)}`);
  }
  const e = parsed.data;
  // Demo data is on for a plain `npm start`; an explicit NODE_ENV=production turns it off.
  const demo = e.DEMO_DATA === undefined ? clean.NODE_ENV !== 'production' : ['true', '1', 'yes'].includes(e.DEMO_DATA);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseDirectUrl: e.DATABASE_DIRECT_URL,
    databaseTimeouts: {
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      lockMs: e.DB_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_TX_TIMEOUT_MS,
      acquireMs: e.DB_ACQUIRE_TIMEOUT_MS,
    },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    publicUrl: e.PUBLIC_URL,
    jwtSecret: e.JWT_SECRET,
    tokenMaxTtlSeconds: e.TOKEN_MAX_TTL_SECONDS,
    demoData: demo,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: e.RATE_LIMIT_WINDOW_MS },
    shutdown: { drainMs: e.SHUTDOWN_DRAIN_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    metrics: { token: e.METRICS_TOKEN, open: !e.METRICS_TOKEN && clean.NODE_ENV !== 'production' },
    catalogCache: e.CATALOG_CACHE,
    jobs: {
      role: e.PROCESS_ROLE,
      pollSeconds: e.JOBS_POLL_SECONDS,
      superviseSeconds: e.JOBS_SUPERVISE_SECONDS,
      outboxRetrySeconds: e.OUTBOX_RETRY_SECONDS,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? 'no-reply@localhost' },
    sms: {
      provider: e.SMS_PROVIDER,
      httpUrl: e.SMS_HTTP_URL,
      httpToken: e.SMS_HTTP_TOKEN,
      sender: e.SMS_SENDER,
      capPerHour: e.SMS_CAP_PER_HOUR,
      capPerDay: e.SMS_CAP_PER_DAY,
    },
    adminEmail: e.ADMIN_EMAIL,
    address: { jusoKey: e.JUSO_API_KEY, jusoUrl: e.JUSO_API_URL, kakaoRestKey: e.KAKAO_REST_KEY, kakaoLocalUrl: e.KAKAO_LOCAL_URL },
    storage: e.S3_BUCKET
      ? {
          s3: {
            bucket: e.S3_BUCKET,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            prefix: e.S3_PREFIX,
            timeoutMs: e.S3_TIMEOUT_MS,
          },
        }
      : {},
    contact: {
      ...(e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
        ? { recaptcha: { siteKey: e.RECAPTCHA_SITE_KEY, secretKey: e.RECAPTCHA_SECRET_KEY, verifyUrl: e.RECAPTCHA_VERIFY_URL } }
        : {}),
      minFillSeconds: e.CONTACT_MIN_FILL_SECONDS,
      limitPerHour: e.CONTACT_LIMIT_PER_HOUR,
    },
    /** Scripts of other services the pages load, with their public keys (never a secret). */
    widgets: {
      ...(e.RECAPTCHA_SITE_KEY && e.RECAPTCHA_SECRET_KEY
        ? { recaptcha: { siteKey: e.RECAPTCHA_SITE_KEY, scriptUrl: e.RECAPTCHA_SCRIPT_URL } }
        : {}),
      ...(e.KAKAO_JS_KEY ? { kakaoMap: { jsKey: e.KAKAO_JS_KEY, sdkUrl: e.KAKAO_MAP_SDK_URL } } : {}),
    },
    oauth: oauthConfig(e as unknown as Record<string, string | undefined>),
    site: loadSiteConfig(e.SITE_CONFIG_FILE, cwd),
  };
}

function oauthConfig(e: Record<string, string | undefined>): AppConfig['oauth'] {
  const out: AppConfig['oauth'] = {};
  for (const name of Object.keys(OAUTH_DEFAULTS) as OAuthProviderName[]) {
    const P = `OAUTH_${name.toUpperCase()}_`;
    const clientId = e[`${P}CLIENT_ID`];
    if (!clientId) continue;
    const d = OAUTH_DEFAULTS[name];
    out[name] = {
      ...d,
      clientId,
      clientSecret: e[`${P}CLIENT_SECRET`],
      authorizeUrl: e[`${P}AUTHORIZE_URL`] ?? d.authorizeUrl,
      tokenUrl: e[`${P}TOKEN_URL`] ?? d.tokenUrl,
      userInfoUrl: e[`${P}USERINFO_URL`] ?? d.userInfoUrl,
    };
  }
  return out;
}

/** Resolves a localized config text for one language, falling back to Korean. */
export function localized(text: TLocalizedText | undefined, lang: Language): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return text[lang] ?? text['ko-KR'];
}

/**
 * The language `localized` shows a text in when it is not `lang`: Korean for a missing translation, and for a
 * text given once that is written in Hangul. Undefined when the text suits `lang` (or is language-neutral).
 */
export function localizedFallback(text: TLocalizedText | undefined, lang: Language): Language | undefined {
  if (text === undefined || lang === 'ko-KR') return undefined;
  if (typeof text === 'string') return /[\uac00-\ud7a3]/.test(text) ? 'ko-KR' : undefined;
  return text[lang] === undefined ? 'ko-KR' : undefined;
}

const COMPANY_TEXTS = ['name', 'ceo', 'mailOrderNumber', 'liquorLicense', 'address', 'privacyOfficer'] as const;

/** The part of the site config the browser may see, with texts resolved for one language. */
export function publicSiteConfig(site: TSiteConfig, lang: Language) {
  // Company texts shown in another language than `lang` (so the footer can mark them with `lang`).
  const textLangs: Partial<Record<(typeof COMPANY_TEXTS)[number], Language>> = {};
  for (const k of COMPANY_TEXTS) {
    const l = localizedFallback(site.company[k], lang);
    if (l) textLangs[k] = l;
  }
  return {
    brandName: localized(site.brandName, lang),
    slug: site.slug,
    description: localized(site.description, lang),
    mainPhone: site.mainPhone,
    company: {
      name: localized(site.company.name, lang),
      ceo: localized(site.company.ceo, lang),
      businessRegistrationNumber: site.company.businessRegistrationNumber,
      mailOrderNumber: localized(site.company.mailOrderNumber, lang),
      liquorLicense: localized(site.company.liquorLicense, lang),
      address: localized(site.company.address, lang),
      email: site.company.email,
      fax: site.company.fax ?? '',
      privacyOfficer: localized(site.company.privacyOfficer, lang),
      textLangs,
    },
    familySites: site.familySites.map((f) => ({ key: f.key, name: localized(f.name, lang), url: f.url })),
    social: site.social,
    directions: {
      transport: site.directions.transport.map((x) => localized(x, lang)),
      hours: site.directions.hours.map((x) => localized(x, lang)),
      // The address in Korean for the map services, whatever the page's language.
      mapQuery: localized(site.company.address, 'ko-KR').replace(/^\(\d{5}\)\s*/, ''),
      location: site.directions.location ?? null,
    },
  };
}
export type TPublicSiteConfig = ReturnType<typeof publicSiteConfig>;

/** The company page's milestones and certifications in one language; `lang` is set where a text fell back to Korean. */
export function aboutOf(site: TSiteConfig, lang: Language) {
  const text = (x: TLocalizedText) => ({ text: localized(x, lang), lang: localizedFallback(x, lang) ?? null });
  return {
    history: site.about.history.map((h) => ({ year: h.year, ...text(h.text) })),
    certifications: site.about.certifications.map((c) => ({ year: c.year, name: text(c.name), issuer: text(c.issuer) })),
  };
}

export { tokenCookieName } from './shared';
