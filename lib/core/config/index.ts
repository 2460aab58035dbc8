import { z } from 'zod';
import { platformOf, refusal } from '../../platform/decide';

export type { Platform } from '../../platform/decide';

// The server's environment, read once (the first time `config()` is asked) and checked with zod. Nothing else in
// lib/, app/, components/ or proxy.ts reads process.env (the lint forbids it): a variable is added here, with its
// check, and reaches the code as a typed field. A misconfiguration names its variable; the server refuses to start
// with one (instrumentation.ts), except the owner login's, which turns the login off with a message on /login.

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export const MIN_SECRET_LENGTH = 32;
/** Wix retries a failed webhook delivery for about two days; a day more of margin. */
export const DEFAULT_WEBHOOK_MAX_AGE_SECONDS = 3 * 24 * 3600;
/** No proxy trusted unless one is configured: a client's own X-Forwarded-For never chooses its budget. */
export const DEFAULT_TRUST_PROXY_HOPS = 0;
const MAX_TRUST_PROXY_HOPS = 20;

const httpUrl = z.url({ protocol: /^https?$/ });
/** postgres://user:password@host:port/database (or postgresql://), as node-postgres and libpq read it. */
const postgresUrl = z.string().refine((text) => {
  try {
    const url = new URL(text);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && !url.hash;
  } catch {
    return false;
  }
}, 'must be a postgres:// or postgresql:// URL (user:password@host:port/database)');
/** A yes/no variable: `true`/`false` or `1`/`0` (any case). */
const flag = z
  .string()
  .regex(/^(true|false|1|0)$/i, "must be 'true', 'false', '1' or '0'")
  .transform((value) => /^(true|1)$/i.test(value));

/** Variables whose value may hold a password: a ConfigError names them without repeating what was set. */
const SECRET_VALUES = new Set(['DATABASE_URL', 'REDIS_URL', 'SMTP_URL']);
/** redis://[user:password@]host:port[/db] or rediss:// (TLS), as node-redis reads it. */
const redisUrl = z.string().refine((text) => {
  try {
    return /^rediss?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}, 'must be a redis:// or rediss:// URL (redis://[:password@]host:port)');

const Env = z.object({
  BLOG_SOURCE: z.enum(['local', 'wix']).optional(),
  BLOG_CONTENT_DIR: z.string().default('content'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: postgresUrl.optional(),
  REDIS_URL: redisUrl.optional(),
  WIX_CLIENT_ID: z.string().optional(),
  WIX_API_KEY: z.string().optional(),
  WIX_SITE_ID: z.string().optional(),
  WIX_API_BASE_URL: z.string().optional(),
  SITE_URL: httpUrl.default('http://localhost:3000'),
  SESSION_SECRET: z.string().optional(),
  TRUST_PROXY_HOPS: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number')
    .transform(Number)
    .refine((hops) => hops <= MAX_TRUST_PROXY_HOPS, `must be at most ${MAX_TRUST_PROXY_HOPS}`)
    .optional(),
  WIX_WEBHOOK_PUBLIC_KEY: z.string().optional(),
  WIX_WEBHOOK_PRIVATE_KEY: z.string().optional(),
  // The app instance id Wix puts in each webhook's envelope (`instanceId`): the site's installation of the OAuth app.
  WIX_INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, 'must be an id (a GUID, as Wix gives it)')
    .optional(),
  WIX_WEBHOOK_MAX_AGE_SECONDS: z
    .string()
    .regex(/^\d{2,7}$/, 'must be a whole number of seconds')
    .transform(Number)
    .refine((seconds) => seconds >= 60 && seconds <= 30 * 24 * 3600, 'must be from 60 s to 30 days')
    .optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().max(320).optional(),
  MAIL_OUTBOX: z.string().optional(),
  MAIL_REPLY_TO: z.string().max(320).optional(),
  NEWSLETTER_RATE: z
    .string()
    .regex(/^\d{1,4}(\.\d{1,3})?$/, 'must be messages per second (0: no limit)')
    .transform(Number)
    .optional(),
  NEWSLETTER_FOOTER: z.string().max(500).optional(),
  ANALYTICS_RAW_DAYS: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number of days')
    .transform(Number)
    .refine((days) => days >= 2 && days <= 3660, 'must be from 2 to 3660 days')
    .optional(),
  MEMBERS_EMAIL_VERIFICATION: flag.default(true),
  MEMBERS_OWNER_APPROVAL: flag.default(false),
  FEDIVERSE: flag.default(true),
  FEDIVERSE_ALLOW_PRIVATE: flag.default(false),
  FEDIVERSE_HANDLE: z
    .string()
    .regex(/^[a-z0-9_]{1,30}$/, 'must be 1 to 30 lowercase letters, digits or _ (the name before @host)')
    .optional(),
  FEDIVERSE_MOVED_FROM: z
    .string()
    .regex(/^[a-z0-9_]{1,30}(,[a-z0-9_]{1,30})*$/, 'must be the handles the blog had before, comma-separated')
    .optional(),
  NODE_ENV: z.string().optional(),
  NEXT_PHASE: z.string().optional(),
});

export type { Config, MailConfig, MembersConfig, MembersPolicy, OwnerConfig, WixCredentials } from './types';
import type { Config, OwnerConfig, WixCredentials } from './types';

type Env = Record<string, string | undefined>;

function isHttpBase(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
  } catch {
    return false;
  }
}

/** Wix credentials that can make a client; a ConfigError names the variable that is missing or wrong. */
export function checkWixCredentials(c: WixCredentials): void {
  if (c.apiKey && !c.siteId) throw new ConfigError('WIX_SITE_ID is required when WIX_API_KEY is set');
  if (c.siteId && !c.apiKey) throw new ConfigError('WIX_API_KEY is required when WIX_SITE_ID is set');
  if (!c.apiKey && !c.clientId) throw new ConfigError('Wix needs WIX_CLIENT_ID, or WIX_API_KEY with WIX_SITE_ID');
  if (c.apiBaseUrl !== undefined && !isHttpBase(c.apiBaseUrl)) {
    throw new ConfigError('WIX_API_BASE_URL must be an absolute http(s) URL without query or fragment');
  }
}

const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

function ownerConfig(password: string, secret: string | undefined): OwnerConfig {
  if (password === '') return { status: 'disabled', message: 'Owner login is disabled: OWNER_PASSWORD is not set.' };
  if ((secret ?? '').length < MIN_SECRET_LENGTH) {
    return {
      status: 'misconfigured',
      message: `SESSION_SECRET must be set to at least ${MIN_SECRET_LENGTH} characters when OWNER_PASSWORD is set.`,
    };
  }
  return { status: 'ready', password, secret: secret! };
}

/** The configuration `env` describes; a ConfigError names the first variable that is wrong. */
export function readConfig(env: Env = process.env): Config {
  const parsed = Env.safeParse(Object.fromEntries(Object.keys(Env.shape).map((name) => [name, blank(env[name])])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0]);
    const got = SECRET_VALUES.has(name) ? '' : ` (got ${JSON.stringify(env[name]?.slice(0, 80))})`;
    throw new ConfigError(`${name} is invalid: ${issue.message}${got}`);
  }
  const e = parsed.data;
  const wix = {
    clientId: e.WIX_CLIENT_ID,
    apiKey: e.WIX_API_KEY,
    siteId: e.WIX_SITE_ID,
    apiBaseUrl: e.WIX_API_BASE_URL,
  };
  // No Wix credential at all means "not configured"; any one of them must come with the rest.
  if (wix.clientId || wix.apiKey || wix.siteId) checkWixCredentials(wix);
  const hasWix = Boolean(wix.clientId || wix.apiKey);
  const source = e.BLOG_SOURCE ?? (hasWix ? 'wix' : 'local');
  if (source === 'wix' && !hasWix) {
    throw new ConfigError('BLOG_SOURCE=wix needs WIX_CLIENT_ID, or WIX_API_KEY with WIX_SITE_ID');
  }
  const siteUrl = e.SITE_URL.replace(/\/+$/, '');
  const platform = platformOf({ source, databaseUrl: e.DATABASE_URL, wix });
  const refused = refusal(platform, env, e.SESSION_SECRET);
  if (refused) throw new ConfigError(refused);
  return {
    source,
    contentDir: e.BLOG_CONTENT_DIR,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    siteUrl,
    https: siteUrl.startsWith('https:'),
    wix,
    platform,
    // The password is taken as typed: spaces are part of it.
    owner: ownerConfig(env.OWNER_PASSWORD ?? '', e.SESSION_SECRET),
    trustProxyHops: e.TRUST_PROXY_HOPS ?? DEFAULT_TRUST_PROXY_HOPS,
    sessionSecret: e.SESSION_SECRET,
    webhookPublicKey: e.WIX_WEBHOOK_PUBLIC_KEY,
    webhookPrivateKey: e.WIX_WEBHOOK_PRIVATE_KEY,
    webhookMaxAgeSeconds: e.WIX_WEBHOOK_MAX_AGE_SECONDS ?? DEFAULT_WEBHOOK_MAX_AGE_SECONDS,
    webhookInstanceId: e.WIX_INSTANCE_ID,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      outboxDir: e.MAIL_OUTBOX ?? `${e.DATA_DIR.replace(/\/+$/, '')}/outbox`,
      replyTo: e.MAIL_REPLY_TO,
      rate: e.NEWSLETTER_RATE ?? 10,
      footer: e.NEWSLETTER_FOOTER,
    },
    members: {
      emailVerification: e.MEMBERS_EMAIL_VERIFICATION,
      ownerApproval: e.MEMBERS_OWNER_APPROVAL,
    },
    analyticsRawDays: e.ANALYTICS_RAW_DAYS ?? 35,
    fediverse: {
      enabled: e.FEDIVERSE,
      handle: e.FEDIVERSE_HANDLE ?? 'blog',
      allowPrivate: e.FEDIVERSE_ALLOW_PRIVATE,
      movedFrom: (e.FEDIVERSE_MOVED_FROM ?? '').split(',').filter((h) => h && h !== (e.FEDIVERSE_HANDLE ?? 'blog')),
    },
    development: e.NODE_ENV === 'development',
    building: e.NEXT_PHASE === 'phase-production-build',
  };
}

let cached: Config | undefined;

/** The process's configuration, read on first use. */
export const config = (): Config => (cached ??= readConfig());

/** Forgets what was read, so the next `config()` reads the environment again (tests that change it). */
export const resetConfig = () => {
  cached = undefined;
};
