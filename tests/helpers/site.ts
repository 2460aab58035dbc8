import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { resetConfig } from '@/lib/core/config';
import { writeContentDir } from './posts';
import { closeSingletons, forgetSingletons } from './singletons';

// The site a test file runs against, set up as a server would be: its environment, a fresh data folder (DATA_DIR, with
// the outbox MAIL_OUTBOX in it) and, when asked, a content folder for the local source; the configuration read anew
// and no process singleton (lib/core/process-singleton.ts) left from before. Call it at the top of the file, then
// import what reads the site with `await import(...)` (a static import would be hoisted above the call):
//
//   const { outbox } = withSite({ SESSION_SECRET: SECRET }, { content: makePosts(3), database: true });
//   const { POST: join } = await import('@/app/api/members/join/route');
//
// Each test starts from this environment again (a test may change a variable midway: vi.stubEnv, process.env). After
// the file the data clients close, the singletons go, the folders are removed and the environment is as it was.

export interface SiteOptions {
  /**
   * A content folder for the local source (BLOG_SOURCE=local, BLOG_CONTENT_DIR): `true`, an empty one; posts, a fresh
   * one holding them (writeContentDir: with its categories and tags); a path, a fresh copy of that folder (without
   * what the site generates in it: .index/, .keys/).
   */
  content?: true | readonly unknown[] | string;
  /** Opens the site's database before the first test: the first open takes seconds on a busy machine. */
  database?: boolean;
  /** Begins the temp folders' names (default: the test file's name). */
  name?: string;
}

export interface Site {
  /** The site's DATA_DIR, empty at the start. */
  dataDir: string;
  /** Where the site's mail goes (MAIL_OUTBOX, in the data folder). */
  outbox: string;
  /** The site's BLOG_CONTENT_DIR (only with the `content` option). */
  contentDir: string;
}

type Env = Record<string, string | undefined>;

function setEnv(env: Env) {
  for (const [variable, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[variable];
    else process.env[variable] = value;
  }
  resetConfig();
}

function newContentDir(content: NonNullable<SiteOptions['content']>, name: string): string {
  if (Array.isArray(content)) return writeContentDir(content);
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-content-`));
  const generated = (file: string) => file !== content && path.basename(file).startsWith('.');
  if (typeof content === 'string') cpSync(content, dir, { recursive: true, filter: (file) => !generated(file) });
  return dir;
}

/**
 * Sets up the site of this test file (or describe block): `env` (a variable given as undefined is unset) over the
 * folders' variables, a fresh data folder, and a content folder when asked.
 */
export function withSite(env: Env = {}, options: SiteOptions = {}): Site {
  const name = options.name ?? path.basename(expect.getState().testPath ?? 'site').replace(/\.test\.tsx?$/, '');
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-data-`));
  const contentDir = options.content === undefined ? undefined : newContentDir(options.content, name);
  const outbox = path.join(dataDir, 'outbox');
  const siteEnv: Env = {
    DATA_DIR: dataDir,
    MAIL_OUTBOX: outbox,
    ...(contentDir && { BLOG_SOURCE: 'local', BLOG_CONTENT_DIR: contentDir }),
    ...env,
  };
  const before = Object.fromEntries(Object.keys(siteEnv).map((variable) => [variable, process.env[variable]]));
  forgetSingletons();
  setEnv(siteEnv);

  beforeEach(() => setEnv(siteEnv));
  if (options.database) {
    beforeAll(async () => {
      const { dataClient, OWNER } = await import('@/lib/data');
      await dataClient().count('series', {}, OWNER);
    }, 60_000);
  }
  afterAll(async () => {
    try {
      await closeSingletons();
    } finally {
      setEnv(before);
      for (const dir of [dataDir, contentDir]) if (dir) rmSync(dir, { recursive: true, force: true });
    }
  });

  return {
    dataDir,
    outbox,
    get contentDir() {
      if (!contentDir) throw new Error('withSite: this site has no content folder (the `content` option)');
      return contentDir;
    },
  };
}

/** The variables under which a member who joins is signed in at once: no address to confirm, no owner to approve. */
export const OPEN_MEMBERS: Env = { MEMBERS_EMAIL_VERIFICATION: 'false', MEMBERS_OWNER_APPROVAL: 'false' };

export interface JoinedMember {
  /** Their id on the site. */
  id: string;
  /** Their session token. */
  sessionToken: string;
  /** The Cookie header a browser sends with that session. */
  cookie: string;
}

/**
 * Signs a member up on this file's site (siteMembers().register; withSite given `OPEN_MEMBERS`) and answers their
 * session; throws if they are not signed in at once.
 */
export async function joinMember(
  email: string,
  nickname: string,
  password = 'correct horse battery',
): Promise<JoinedMember> {
  const { siteMembers, LoginState, MEMBER_SESSION_COOKIE } = await import('@/lib/members');
  const joined = await siteMembers().register({ email, password, profile: { nickname } });
  if (joined.loginState !== LoginState.SUCCESS) throw new Error(`could not join: ${joined.loginState}`);
  const { sessionToken } = joined.data;
  const member = await siteMembers().memberOf(sessionToken);
  if (!member) throw new Error(`joined, but no member for the session of ${email}`);
  return { id: member.id, sessionToken, cookie: `${MEMBER_SESSION_COOKIE}=${sessionToken}` };
}
