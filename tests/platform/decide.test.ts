import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '@/lib/core/config';
import type { Platform } from '@/lib/platform';

// Which platform serves each feature, for every configuration docs/deploy.md lists (one row each, in its order), and
// the combinations the site refuses at start, each naming the variables to set.

const CLIENT = { WIX_CLIENT_ID: 'client-1' };
const API_KEY = { WIX_API_KEY: 'IST.key', WIX_SITE_ID: 'site-1' };
const POSTGRES = { DATABASE_URL: 'postgres://blog:secret@127.0.0.1:5432/blog' };

const ROWS: [string, Record<string, string>, Platform][] = [
  [
    'nothing set (the demo)',
    {},
    {
      blog: 'local',
      data: 'embedded',
      records: 'embedded',
      members: 'local',
      comments: 'local',
      likes: 'local',
      plans: 'local',
    },
  ],
  [
    'DATABASE_URL (several instances)',
    { ...POSTGRES, REDIS_URL: 'redis://127.0.0.1:6379', SESSION_SECRET: 'x'.repeat(32) },
    {
      blog: 'local',
      data: 'postgres',
      records: 'postgres',
      members: 'local',
      comments: 'local',
      likes: 'local',
      plans: 'local',
    },
  ],
  [
    'a Wix blog with WIX_CLIENT_ID only',
    { BLOG_SOURCE: 'wix', ...CLIENT },
    {
      blog: 'wix',
      data: 'embedded',
      records: 'embedded',
      members: 'wix',
      comments: 'local',
      likes: 'wix',
      plans: 'wix',
    },
  ],
  [
    'a Wix blog with an API key only',
    API_KEY,
    {
      blog: 'wix',
      data: 'wix',
      records: 'embedded',
      members: 'local',
      comments: 'local',
      likes: 'local',
      plans: 'local',
    },
  ],
  [
    'a Wix blog with WIX_CLIENT_ID and an API key',
    { ...CLIENT, ...API_KEY },
    { blog: 'wix', data: 'wix', records: 'embedded', members: 'wix', comments: 'wix', likes: 'wix', plans: 'wix' },
  ],
  [
    'a Wix blog with WIX_CLIENT_ID, an API key and DATABASE_URL',
    { ...CLIENT, ...API_KEY, ...POSTGRES },
    {
      blog: 'wix',
      data: 'postgres',
      records: 'postgres',
      members: 'wix',
      comments: 'wix',
      likes: 'wix',
      plans: 'wix',
    },
  ],
  [
    'BLOG_SOURCE=local beside Wix credentials',
    { BLOG_SOURCE: 'local', ...CLIENT, ...API_KEY },
    {
      blog: 'local',
      data: 'embedded',
      records: 'embedded',
      members: 'local',
      comments: 'local',
      likes: 'local',
      plans: 'local',
    },
  ],
];

describe('the platform of each feature', () => {
  it.each(ROWS)('%s', (_, env, platform) => {
    expect(readConfig(env).platform).toEqual(platform);
  });

  it('never keeps the site’s own records (members’ password hashes) in a Wix site’s CMS', () => {
    for (const [, env] of ROWS) expect(readConfig(env).platform.records).not.toBe('wix');
  });
});

describe('combinations that cannot work are refused, naming the variables to set', () => {
  const refused = (env: Record<string, string>) => {
    try {
      readConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`accepted: ${JSON.stringify(env)}`);
  };

  it('the local members’ sign-up rules with members at Wix', () => {
    expect(refused({ BLOG_SOURCE: 'wix', ...CLIENT, MEMBERS_OWNER_APPROVAL: 'true' })).toMatch(
      /^MEMBERS_OWNER_APPROVAL applies to the site's own members.*WIX_CLIENT_ID/,
    );
    expect(refused({ ...CLIENT, MEMBERS_EMAIL_VERIFICATION: 'false', MEMBERS_OWNER_APPROVAL: 'false' })).toMatch(
      /^MEMBERS_EMAIL_VERIFICATION and MEMBERS_OWNER_APPROVAL apply/,
    );
    // With members on the site they are what they say.
    expect(readConfig({ ...API_KEY, MEMBERS_OWNER_APPROVAL: 'true' }).members.ownerApproval).toBe(true);
  });

  it('several instances without a shared SESSION_SECRET', () => {
    expect(refused({ REDIS_URL: 'redis://127.0.0.1:6379' })).toMatch(
      /^REDIS_URL \(several instances\) needs SESSION_SECRET/,
    );
  });

  it('half the Wix credentials, or a Wix blog without any', () => {
    expect(refused({ WIX_API_KEY: 'k' })).toMatch(/WIX_SITE_ID/);
    expect(refused({ WIX_SITE_ID: 's' })).toMatch(/WIX_API_KEY/);
    expect(refused({ BLOG_SOURCE: 'wix' })).toMatch(/WIX_CLIENT_ID, or WIX_API_KEY with WIX_SITE_ID/);
  });
});
