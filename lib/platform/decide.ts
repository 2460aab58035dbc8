// Which platform serves each feature: the one place that decides, from the checked environment. Every feature's index
// (lib/blog, lib/data, lib/members, lib/comments, lib/likes) builds its implementation with `serve` and nothing else
// reads the decision (the lint refuses `.platform` elsewhere); docs/deploy.md lists every combination as a table
// (tests/platform/decide.test.ts runs each row). A combination that cannot work is refused here, at start and at
// build, naming the variables to set.

/** Where each feature's data lives. */
export interface Platform {
  /** The posts, categories, tags: the content folder (BLOG_CONTENT_DIR) or the Wix site's Blog. */
  blog: 'local' | 'wix';
  /**
   * The site's data collections (series, newsletter subscribers, reading lists, the JSON API at /api/data): the
   * embedded database, the Postgres server of DATABASE_URL, or the Wix site's CMS (a Wix blog read with an API key).
   */
  data: 'embedded' | 'postgres' | 'wix';
  /**
   * What the site keeps for itself (local members and their password hashes, their sign-up rules, local comments and
   * likes, comment settings): the embedded database or DATABASE_URL's server, never a Wix CMS collection.
   */
  records: 'embedded' | 'postgres';
  /** Who signs members in: Wix (a Wix blog with an OAuth app, WIX_CLIENT_ID) or the site itself. */
  members: 'local' | 'wix';
  /** Wix's Comments API (members at Wix and an API key to read and moderate as the site), else the site's records. */
  comments: 'local' | 'wix';
  /** Wix's Likes API (members at Wix: a member's or a visitor's Wix identity likes), else the site's records. */
  likes: 'local' | 'wix';
  /**
   * The plans that open paid posts: Wix's Pricing Plans, a member holding one by an active order (members at Wix),
   * else the plans the owner defines and grants in the site's records.
   */
  plans: 'local' | 'wix';
}

export interface PlatformInput {
  source: 'local' | 'wix';
  databaseUrl: string | undefined;
  wix: { clientId?: string; apiKey?: string; siteId?: string };
}

export function platformOf({ source, databaseUrl, wix }: PlatformInput): Platform {
  const records = databaseUrl ? 'postgres' : 'embedded';
  const members = source === 'wix' && wix.clientId ? 'wix' : 'local';
  const apiKey = Boolean(wix.apiKey && wix.siteId);
  return {
    blog: source,
    data: databaseUrl ? 'postgres' : source === 'wix' && apiKey ? 'wix' : 'embedded',
    records,
    members,
    comments: members === 'wix' && apiKey ? 'wix' : 'local',
    likes: members,
    plans: members,
  };
}

/**
 * Why this combination cannot work, naming the variables to set or unset; null when it can. `env` is what was set
 * (a default is not a choice).
 */
export function refusal(
  platform: Platform,
  env: Record<string, string | undefined>,
  sessionSecret: string | undefined,
): string | null {
  const set = (name: string) => (env[name] ?? '').trim() !== '';
  if (platform.members === 'wix') {
    const local = ['MEMBERS_EMAIL_VERIFICATION', 'MEMBERS_OWNER_APPROVAL'].filter(set);
    if (local.length > 0) {
      return (
        `${local.join(' and ')} ${local.length > 1 ? 'apply' : 'applies'} to the site's own members, but members ` +
        'sign in at Wix here (BLOG_SOURCE=wix with WIX_CLIENT_ID): set sign-up rules in the Wix dashboard and unset ' +
        `${local.join(' and ')}, or unset WIX_CLIENT_ID to keep members on the site`
      );
    }
  }
  if (set('REDIS_URL') && !sessionSecret) {
    return (
      'REDIS_URL (several instances) needs SESSION_SECRET: without it each instance signs sessions and links with a ' +
      'key of its own, so a member signed in on one is signed out on the next. Set SESSION_SECRET (32 characters or ' +
      'more) to the same value on every instance'
    );
  }
  return null;
}
