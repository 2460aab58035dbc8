import { ConfigError, readConfig } from '@/lib/core/config';
import { UsageError } from './errors';

// What the CLI takes of the site's environment: the content folder, the site's public origin (SITE_URL, read by the
// site's own lib/core/config: the same check, default and trimming, so a post the CLI makes has the address the site
// gives the posts its dashboard makes), and where the running site answers, for the commands that ask it.

export interface CliSettings {
  contentDir: string;
  /** The site's public origin, without a trailing slash: the addresses written into new posts and terms. */
  siteUrl: string;
}

type Env = Record<string, string | undefined>;

const blank = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

export function cliSettings(env: Env): CliSettings {
  try {
    // PORT too: should the site come to derive its default origin from it, the CLI's follows.
    const { contentDir, siteUrl } = readConfig({
      BLOG_CONTENT_DIR: env.BLOG_CONTENT_DIR,
      SITE_URL: env.SITE_URL,
      PORT: env.PORT,
    });
    return { contentDir, siteUrl };
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Where the running site answers the CLI (a data job, a backup of the database the site holds): SITE_URL when it is
 * set; else on this machine at PORT, where `next start` and `next dev` listen when given it (without SITE_URL the site
 * still names itself http://localhost:3000 in its links, but listens at PORT); else the site's default,
 * http://localhost:3000.
 */
export function siteAddress(env: Env): string {
  const { siteUrl } = cliSettings(env);
  const port = blank(env.PORT);
  if (blank(env.SITE_URL) || port === undefined) return siteUrl;
  if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535)
    throw new UsageError(`PORT is invalid: must be a port number from 1 to 65535 (got ${JSON.stringify(port)})`);
  return `http://localhost:${Number(port)}`;
}
