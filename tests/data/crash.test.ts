import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import {
  type Ack,
  commentWrite,
  countsOf,
  itemWrite,
  joinWrite,
  likeWrite,
  missingAfterRestart,
  sendAndKill,
  startCrashServer,
  stopCrashServer,
  isUnavailable,
  type Load,
  type LoadShape,
  type Write,
} from '../helpers/crash-load';
import { makePost } from '../helpers/posts';
import { PostgresServer, postgresServerMissing, skipWithoutPostgres } from '../helpers/postgres-server';
import { type Site, withSite } from '../helpers/site';

// Crash safety (issue 42, item 8): the site killed with SIGKILL while hundreds of writes are in flight (members
// joining, comments, likes, data items), then started again on the same data: every write it answered as done is
// there, and the new start opens the data by itself (the embedded database's folder lock and Postgres' own state
// left by the dead process, taken over with no hand step). The server is the app's own route handlers in a child
// process (tests/helpers/crash-server.ts), so each write takes the code path it takes under `next start`. Only writes
// whose answer arrived count; the server is frozen (SIGSTOP) before the kill, so they are known exactly, and killed
// only with hundreds of writes unanswered (tests/helpers/crash-load.ts `sendAndKill`). Run once on the embedded
// database (PGlite in DATA_DIR) and once on a Postgres server (DATABASE_URL) this file starts on loopback, which is
// also stopped as a crash would (immediate: recovery from its WAL at the next start).

const SECRET = 'crash-test-secret-that-is-long-enough-0123456789';
const OWNER_COOKIE = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
const POSTS = [1, 2, 3].map((i) => makePost(i, { metrics: { views: 0, likes: 0, comments: 0 } }));
const POST_IDS = POSTS.map((post) => post.id);

/** Members joined before the load, who write its comments. */
const COMMENTERS = 4;
/**
 * The load: 250 writes kept in flight (members joining, comments, likes and data items in turn), the kill once 150 are
 * acknowledged with at least 10 of each kind, with at least 200 unanswered.
 */
const LOAD: LoadShape = { window: 250, killAfter: 150, each: 10, inFlight: 200, limit: 5_000 };

function siteEnv(site: Site, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: site.dataDir,
    MAIL_OUTBOX: site.outbox,
    BLOG_SOURCE: 'local',
    BLOG_CONTENT_DIR: site.contentDir,
    SESSION_SECRET: SECRET,
    OWNER_PASSWORD: 'owner-password',
    SITE_URL: 'http://127.0.0.1:3000',
    TRUST_PROXY_HOPS: '1',
    MEMBERS_EMAIL_VERIFICATION: 'false',
    MEMBERS_OWNER_APPROVAL: 'false',
    ...extra,
  };
}

/** The load's `n`th write: the kinds in turn, so the kill finds each of them in flight. */
function writeAt(run: string, commenters: string[]) {
  return (n: number): Write => {
    const i = Math.floor(n / 4);
    const postId = POST_IDS[i % POST_IDS.length]!;
    switch (n % 4) {
      case 0:
        return joinWrite(`${run}-joiner-${i}@example.com`);
      case 1:
        return commentWrite(commenters[i % commenters.length]!, postId, `[${run} comment ${i}]`);
      case 2:
        return likeWrite(postId);
      default:
        return itemWrite(OWNER_COOKIE, `${run}-item-${i}`);
    }
  };
}

interface Run {
  /**
   * Whether the site may refuse some of the burst as unavailable (503 WDE0053): on Postgres a call waits at most 3 s
   * for one of the pool's connections (lib/data/postgres.ts), and hundreds of writes at once on a busy machine can
   * wait longer. A refused write is not acknowledged; any other refusal fails the test.
   */
  mayShed: boolean;
  /** While the site is down. */
  afterKill: () => Promise<void>;
}

/**
 * Starts the site, joins the commenters, sends the load and kills the site mid-load; `afterKill` runs while it is
 * down; then starts it again on the same data and looks every acknowledged write up.
 */
async function crashAndRestart(run: string, env: Record<string, string>, { mayShed, afterKill }: Run) {
  const started = Date.now();
  const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const first = await startCrashServer(env);
  const times = [`started ${seconds()}`];
  const acks: Ack[] = [];
  const commenters: string[] = [];
  let load: Load;
  try {
    for (let n = 0; n < COMMENTERS; n += 1) {
      const joined = await joinWrite(`${run}-commenter-${n}@example.com`)(first.base);
      if ('answer' in joined || joined.kind !== 'join')
        throw new Error(`a commenter could not join: ${first.stderr()}`);
      acks.push(joined);
      commenters.push(joined.cookie);
    }
    load = await sendAndKill(first, writeAt(run, commenters), LOAD);
  } finally {
    first.child.kill('SIGKILL'); // a failure before the load's kill leaves no server behind
  }
  expect(first.child.signalCode).toBe('SIGKILL');
  const shed = load.refused.filter(isUnavailable);
  expect(mayShed ? load.refused.filter((refusal) => !isUnavailable(refusal)) : load.refused, first.stderr()).toEqual(
    [],
  );
  expect(load.droppedBeforeKill).toBe(0);
  // Killed mid-load: hundreds of writes sent were never answered.
  expect(load.inFlightAtKill).toBeGreaterThanOrEqual(LOAD.inFlight);
  expect(load.unanswered).toBe(load.inFlightAtKill);
  acks.push(...load.acks);
  times.push(`killed ${seconds()}`);
  await afterKill();

  const second = await startCrashServer(env);
  times.push(`restarted ${seconds()}`);
  try {
    const missing = await missingAfterRestart(second.base, acks, OWNER_COOKIE);
    const found = acks.length - missing.length;
    console.log(
      `crash safety (${run}): ${load.sent} writes sent, SIGKILL with ${load.inFlightAtKill} in flight; ` +
        `${acks.length} acknowledged (${countsOf(acks)}; ${COMMENTERS} joins before the load), ` +
        `${shed.length} refused as unavailable (${countsOf(shed)}), ${load.unanswered} never answered; ` +
        `after restart ${found} of ${acks.length} found (${times.join(', ')})`,
    );
    expect(missing, second.stderr()).toEqual([]);
    expect(found).toBe(acks.length);
  } finally {
    await stopCrashServer(second);
  }
}

describe('the embedded database, SIGKILLed under writes', () => {
  const site = withSite({}, { content: POSTS, name: 'crash-embedded' });

  it('has every acknowledged write after a restart on the same folder, which opens by itself', async () => {
    await crashAndRestart('embedded', siteEnv(site), {
      mayShed: false,
      // The dead process's lock is still on the folder: the next start takes it over (lib/data/folder-lock.ts).
      afterKill: async () => expect(existsSync(path.join(site.dataDir, '.lock'))).toBe(true),
    });
  }, 120_000);
});

if (postgresServerMissing) console.warn(`tests/data/crash.test.ts (Postgres) skipped: ${postgresServerMissing}`);

describe.skipIf(skipWithoutPostgres('the Postgres crash test', it))('a Postgres server, under a SIGKILLed site', () => {
  const site = withSite({}, { content: POSTS, name: 'crash-postgres' });
  const server = new PostgresServer();

  beforeAll(async () => {
    process.on('exit', server.stopNow);
    await server.init();
    await server.start();
  }, 120_000);
  afterAll(() => server.dispose(), 60_000);

  it('has every acknowledged write after the site and its server restart', async () => {
    await crashAndRestart('postgres', siteEnv(site, { DATABASE_URL: server.url }), {
      mayShed: true,
      // The database server goes down as a crash would (no checkpoint) and recovers from its WAL.
      afterKill: async () => {
        await server.stop('immediate');
        await server.start();
      },
    });
  }, 120_000);
});
