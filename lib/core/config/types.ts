import type { Platform } from '../../platform/decide';

// What `config()` (index.ts) answers: the server's environment as typed fields, each read and checked there.

export interface WixCredentials {
  clientId?: string;
  apiKey?: string;
  siteId?: string;
  apiBaseUrl?: string;
}

export type OwnerConfig =
  | { status: 'disabled'; message: string }
  | { status: 'misconfigured'; message: string }
  | { status: 'ready'; password: string; secret: string };

export interface Config {
  source: 'local' | 'wix';
  contentDir: string;
  /** The embedded data service's database folder (git-ignored). */
  dataDir: string;
  /**
   * DATABASE_URL: the data service (collections, members) on this Postgres server instead of the embedded database in
   * `dataDir`. It holds the password: never logged, never in an error.
   */
  databaseUrl: string | undefined;
  /**
   * REDIS_URL: what several instances share (lib/core/redis/shared.ts): rate limits, webhook deduplication,
   * revocations, the captcha's used challenges, and the page and data caches. It may hold a password: never logged.
   */
  redisUrl: string | undefined;
  /** The public origin, without a trailing slash: canonical links, feeds, the sitemap, same-origin checks. */
  siteUrl: string;
  /** The public origin is https: Secure cookies, HSTS, `upgrade-insecure-requests`. */
  https: boolean;
  wix: WixCredentials;
  /** Which platform serves each feature (platform.ts): the one decision every feature's index follows. */
  platform: Platform;
  owner: OwnerConfig;
  /** How many reverse proxies stand in front of the server (lib/core/security/limits.ts); 0 when unset. */
  trustProxyHops: number;
  /** SESSION_SECRET, trimmed; also keys the query cursors' signatures (a random key per process without it). */
  sessionSecret: string | undefined;
  /** PEM text or base64 of it, as set; lib/edge/webhooks/keys.ts parses it. */
  webhookPublicKey: string | undefined;
  webhookPrivateKey: string | undefined;
  /**
   * How old a webhook delivery may be (now - its token's iat): Wix retries a failed delivery for about two days, so a
   * resend is accepted for 3 days by default; replays within it are stopped by the event id
   * (lib/edge/webhooks/handle.ts).
   */
  webhookMaxAgeSeconds: number;
  /**
   * WIX_INSTANCE_ID: the only app instance whose webhooks the site acts on. The webhook key is the app's, so the same
   * app installed on another site signs that site's events with it; those are acknowledged and ignored. Unset: any.
   */
  webhookInstanceId: string | undefined;
  mail: MailConfig;
  members: MembersConfig;
  /**
   * ANALYTICS_RAW_DAYS: how long analytics keeps its raw events (lib/analytics), 2 to 3660 days (default 35); the daily
   * roll-ups the owner's page reads are kept for good.
   */
  analyticsRawDays: number;
  /**
   * FEDIVERSE (default true): the blog is an ActivityPub actor, `@{FEDIVERSE_HANDLE}@{host}` (default `blog`), that
   * Mastodon and the rest of the fediverse can follow (lib/fediverse, docs/fediverse.md).
   */
  fediverse: {
    enabled: boolean;
    handle: string;
    /** FEDIVERSE_ALLOW_PRIVATE: actors at private addresses are fetched (only two sites on loopback, in tests). */
    allowPrivate: boolean;
    /** FEDIVERSE_MOVED_FROM: the handles the blog had before; each answers as moved to this one (a Move). */
    movedFrom: string[];
  };
  development: boolean;
  /** `next build` is running (Next sets NEXT_PHASE): prerendering, not serving. */
  building: boolean;
}

export interface MailConfig {
  /** smtp:// or smtps:// with its credentials (never logged); unset: mail is written to `outboxDir` as .eml files. */
  smtpUrl: string | undefined;
  /** The From header as set (lib/core/mail's default: the site's name at `newsletter@` the site's host). */
  from: string | undefined;
  /** MAIL_OUTBOX, by default `<DATA_DIR>/outbox` (git-ignored with it). */
  outboxDir: string;
  /** MAIL_REPLY_TO: where replies to the newsletter go (default: the From address). */
  replyTo?: string;
  /** NEWSLETTER_RATE: messages a second the newsletter sends at most, the provider's limit (default 10; 0: none). */
  rate?: number;
  /** NEWSLETTER_FOOTER: the postal or contact line under every newsletter mail. */
  footer?: string;
}

/** The site's policy for new members (lib/members). */
export interface MembersPolicy {
  /** MEMBERS_EMAIL_VERIFICATION (default true): a new member confirms their address with a mailed code. */
  emailVerification: boolean;
  /** MEMBERS_OWNER_APPROVAL (default false): a new member waits for the owner's approval before signing in. */
  ownerApproval: boolean;
}

/** The local members' policy for new ones (who keeps members: `platform.members`). */
export type MembersConfig = MembersPolicy;
