import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cliProgress from 'cli-progress';
import type { categories, draftPosts, tags } from '@wix/blog';
import type { files } from '@wix/media';
import type { members, userMember } from '@wix/members';
import type { plans } from '@wix/pricing-plans';
import { ContentFolder } from '@/lib/blog/tools';
import { type Config, readConfig } from '@/lib/core/config';
import {
  createDataClient,
  createEmbeddedBackend,
  createPostgresBackend,
  DataFolderBusyError,
  subscribers,
} from '@/lib/data/tools';
import { OWNER } from '@/lib/data/types';
import { postComments } from '@/lib/comments/tools';
import { pricingPlans } from '@/lib/plans/tools';
import { memberId, members as localMembers, normaliseEmail } from '@/lib/members/tools';
import { servedBy } from '@/lib/platform';
import { reroute } from '@/lib/wix/base-url';
import { siteClient } from '@/lib/wix/sdk-clients';
import { isNotFound, toCatalogueError } from '@/lib/wix/upstream';
import type { DataIo } from '../data-io';
import { UsageError } from '../errors';
import { cliSettings } from '../settings';
import { applyBundle } from './apply';
import { exportSite } from './export';
import { formatReport } from './report';
import type { ImportRecords } from './records';
import { readSource, type SourceChoice } from './detect';

// `npm run blog -- import FILE|FOLDER [--from KIND] [--member ID] [--dry-run]` and `export FOLDER`: the commands
// around apply.ts, wix-target.ts and export.ts. The import reads the export (detect.ts says which platform wrote it)
// and writes it where the environment's blog is (servedBy('blog', readConfig(io.env))):
// - the local platform: the content folder, and the comments and subscribers into the site's records when it can
//   open them: DATABASE_URL's database, or DATA_DIR's when no running site holds it (else those are skipped, said
//   so, and a later run with the site stopped adds them);
// - a Wix site: its Blog, through applyBundleToWix with an SDK client of the site's API key (WIX_API_KEY,
//   WIX_SITE_ID; WIX_API_BASE_URL reroutes it, as every Wix client of the site). Wix takes no writer of the export's:
//   every new post is written by one member of the site, `--member ID` (checked: members.getMember), else the site's
//   owner when Wix can tell (userMember.queryUserMembers: the site's members who are Wix users; one of them is the
//   owner); else the run stops, asking for --member. Paid posts are for the site's public pricing plans
//   (plans.listPublicPlans, as lib/plans/wix.ts lists them). The old addresses' redirects go into the content folder
//   (BLOG_CONTENT_DIR), the table the site serves in front of Wix (lib/core/redirects.ts). Comments and subscribers
//   stay out (wix-target.ts says why). `--dry-run` reads the site and writes nothing, there as here.

export const IMPORT_USAGE = `import FILE|FOLDER [--from wordpress|ghost|substack|medium|markdown] [--member ID] [--dry-run]
  WordPress's export (.xml, with its wp-content/uploads beside it), Ghost's (.json or its folder), Substack's (.zip),
  Medium's (.zip or its folder), a folder of Markdown files. Run it again: it updates what it made, nothing twice.
  Into the content folder; on a Wix site (WIX_API_KEY and WIX_SITE_ID), into its Blog: the media into its Media
  Manager, new posts written by the member --member ID (default: the site's owner, when Wix can tell), paid posts
  for its pricing plans, the old addresses' redirects into the content folder; comments and subscribers stay out.
export FOLDER
  Every post as Markdown with its media, a WordPress export (wordpress.xml), and the members and subscribers as CSV.`;

const KINDS = ['wordpress', 'ghost', 'substack', 'medium', 'markdown'] as const;
/** The import's flags that take a value. */
const VALUE_FLAGS = ['--from', '--member'] as const;

interface Opened {
  records?: ImportRecords;
  missing?: string;
  plans: string[];
  close(): Promise<void>;
}

/** The site's records, for comments, subscribers and plans; what they could not be opened for, otherwise. */
async function openRecords(io: DataIo): Promise<Opened> {
  const c = readConfig(io.env);
  const dataDir = path.resolve(c.dataDir);
  if (!c.databaseUrl && !existsSync(path.join(dataDir, 'PG_VERSION')) && !io.openBackend) {
    return {
      missing: `${dataDir} (DATA_DIR) holds no database yet: start the site once, then import again`,
      plans: [],
      close: async () => {},
    };
  }
  let at = new Date();
  const backend = c.databaseUrl
    ? createPostgresBackend(c.databaseUrl)
    : (io.openBackend?.(dataDir) ?? createEmbeddedBackend(dataDir, { waitMs: 0, log: () => {} }));
  const client = createDataClient({
    backend,
    collections: [postComments, subscribers, pricingPlans, localMembers],
    now: () => at,
  });
  try {
    const { items } = await client.query(pricingPlans.id, { limit: 100 }, OWNER);
    return {
      records: {
        client,
        stampWith: (date) => (at = date),
        async memberOf(email) {
          const address = normaliseEmail(email);
          if (!address) return null;
          return (await client.get(localMembers.id, memberId(address), OWNER)) ? memberId(address) : null;
        },
      },
      plans: items.map((item) => item._id),
      close: () => client.close(),
    };
  } catch (error) {
    await client.close().catch(() => undefined);
    if (!(error instanceof DataFolderBusyError)) throw error;
    return {
      missing: `the running site (${error.holder}) holds ${dataDir}: comments and subscribers were not imported; stop it (or use DATABASE_URL) and run the import again`,
      plans: [],
      close: async () => {},
    };
  }
}

interface ImportArgs {
  target?: string;
  from?: SourceChoice;
  member?: string;
  dryRun: boolean;
}

function parseImport(argv: string[]): ImportArgs {
  const values = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if ((VALUE_FLAGS as readonly string[]).includes(arg)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`${arg} needs a value: ${IMPORT_USAGE}`);
      values.set(arg, value);
    } else if (!arg.startsWith('--')) positional.push(arg);
  }
  const from = values.get('--from');
  if (from !== undefined && !KINDS.includes(from as SourceChoice)) {
    throw new UsageError(`--from takes one of ${KINDS.join(', ')}`);
  }
  const member = values.get('--member')?.trim();
  if (values.has('--member') && !member) throw new UsageError('--member takes the id of a member of the Wix site');
  return { target: positional[0], from: from as SourceChoice | undefined, member, dryRun: argv.includes('--dry-run') };
}

/** How far the posts are: a bar on a terminal; else a line every PROGRESS_EVERY posts (none for a small export). */
const PROGRESS_EVERY = 500;

function progress(io: DataIo, total: number) {
  if (io.errStream?.isTTY && total > 0) {
    const bar = new cliProgress.SingleBar(
      { stream: io.errStream, format: 'posts [{bar}] {value}/{total}, {percentage}%, ETA {eta}s' },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { step: (done: number) => bar.update(done), stop: () => bar.stop() };
  }
  return {
    step: (done: number, of: number) => {
      if (of > PROGRESS_EVERY && (done % PROGRESS_EVERY === 0 || done === of)) io.err(`posts: ${done}/${of}`);
    },
    stop: () => {},
  };
}

export async function runImport(argv: string[], io: DataIo): Promise<number> {
  const { target, from, member, dryRun } = parseImport(argv);
  if (!target) throw new UsageError(`import needs a file or folder: ${IMPORT_USAGE}`);
  if (!existsSync(target)) throw new UsageError(`no file or folder ${target}`);
  const c = readConfig(io.env);
  if (servedBy('blog', c) === 'wix') return await importIntoWix(target, from, c, io, { member, dryRun });
  if (member) {
    throw new UsageError(
      '--member names the writer of the posts imported into a Wix site: here the import writes the content folder ' +
        "(with the export's own writers)",
    );
  }
  const bundle = await readSource(target, from);
  const { contentDir: configured, siteUrl } = cliSettings(io.env);
  // A new site's folder is made for it; a dry run into one reads an empty folder instead, and writes nothing.
  let contentDir = configured;
  if (!existsSync(path.join(configured, 'posts'))) {
    if (dryRun) contentDir = await mkdtemp(path.join(tmpdir(), 'blog-import-dry-'));
    await mkdir(path.join(contentDir, 'posts'), { recursive: true });
  }
  const opened = await openRecords(io);
  try {
    const bar = progress(io, bundle.posts.length);
    const report = await applyBundle(bundle, {
      folder: new ContentFolder(contentDir),
      siteUrl,
      dryRun,
      records: opened.records,
      recordsMissing: opened.missing,
      paidPlanIds: opened.plans,
      onProgress: bar.step,
    });
    bar.stop();
    io.out(formatReport(report));
    return 0;
  } finally {
    await opened.close();
  }
}

/** The SDK modules the Wix import calls: wix-target.ts's, and those that find its writer and its plans. */
interface WixImportModules {
  categories: typeof categories;
  tags: typeof tags;
  draftPosts: typeof draftPosts;
  files: typeof files;
  members: typeof members;
  userMember: typeof userMember;
  plans: typeof plans;
}

/** One Wix request's longest wait for its answer (an upload's included). */
const WIX_REQUEST_MS = 60_000;
/** Public plans a listPublicPlans call answers (ListPublicPlansRequest `limit`, max 100). */
const PLANS_PER_CALL = 100;
const MAX_PLAN_PAGES = 10;
/** Wix users who are members of the site, listed when the owner cannot be told apart. */
const USER_MEMBERS_SHOWN = 10;

/**
 * Wix's API through the CLI's fetch: Wix's hosts sent to WIX_API_BASE_URL when it is set (base-url.ts, as every Wix
 * client of the site), each request bounded in time. No retries here: wix-calls.ts retries each call by its own
 * policy (a 429 with a longer backoff than the site's transport, a write never on a 5xx).
 */
function wixTransport(base: typeof fetch, apiBaseUrl: string | undefined): typeof fetch {
  return (input, init) => {
    const url = reroute(input instanceof Request ? input.url : String(input), apiBaseUrl);
    const signal = AbortSignal.any([AbortSignal.timeout(WIX_REQUEST_MS), ...(init?.signal ? [init.signal] : [])]);
    return base(input instanceof Request ? new Request(url, input) : url, { ...init, signal });
  };
}

async function importIntoWix(
  target: string,
  from: SourceChoice | undefined,
  c: Config,
  io: DataIo,
  { member, dryRun }: { member?: string; dryRun: boolean },
): Promise<number> {
  const { apiKey, siteId, apiBaseUrl } = c.wix;
  if (!apiKey || !siteId) {
    throw new UsageError(
      "the import writes into the Wix site's Blog with the site's API key: set WIX_API_KEY (Wix dashboard, " +
        '"API Keys", with the Wix Blog, Media Manager, Members and Pricing Plans permissions) and WIX_SITE_ID',
    );
  }
  // Loaded here: the local commands need none of them.
  const [{ applyBundleToWix }, blog, media, wixMembers, pricing] = await Promise.all([
    import('./wix-target'),
    import('@wix/blog'),
    import('@wix/media'),
    import('@wix/members'),
    import('@wix/pricing-plans'),
  ]);
  const bundle = await readSource(target, from);
  const fetcher = io.fetch ?? fetch;
  const modules: WixImportModules = {
    categories: blog.categories,
    tags: blog.tags,
    draftPosts: blog.draftPosts,
    files: media.files,
    members: wixMembers.members,
    userMember: wixMembers.userMember,
    plans: pricing.plans,
  };
  const client = siteClient(modules, wixTransport(fetcher, apiBaseUrl), apiKey, siteId);
  const memberId = bundle.posts.length ? await writerOf(client, member) : member;
  const paidPlanIds = bundle.posts.some((post) => post.paid) ? await publicPlanIds(client, io) : [];
  const { contentDir, siteUrl } = cliSettings(io.env);
  // The redirects' table is the content folder's, which a Wix site may not have made yet.
  if (!dryRun) await mkdir(contentDir, { recursive: true });
  const report = await applyBundleToWix(bundle, {
    client,
    siteUrl,
    dryRun,
    memberId,
    paidPlanIds,
    contentDir,
    fetch: fetcher,
  });
  io.out(formatReport(report));
  return 0;
}

type WixImportClient = ReturnType<typeof siteClient<WixImportModules>>;

/**
 * The member new posts are written by: `given`, once Wix knows it; else the site's owner, when Wix can tell: the
 * site's members who are Wix users (its owner, and collaborators who joined) are one.
 */
async function writerOf(client: WixImportClient, given: string | undefined): Promise<string> {
  if (given) {
    try {
      await client.members.getMember(given);
      return given;
    } catch (error) {
      if (isNotFound(error)) throw new UsageError(`--member ${given}: the Wix site has no member with that id`);
      throw toCatalogueError(error, `the member ${given}`);
    }
  }
  const ask = 'pass --member ID (a member of the site: the writer of every new post)';
  let users: userMember.UserMember[] = [];
  try {
    const answer = await client.userMember.queryUserMembers().limit(USER_MEMBERS_SHOWN).find();
    users = answer.items.filter((user) => user.memberId && user.status !== 'BLOCKED');
  } catch (error) {
    const why = toCatalogueError(error, 'the query of its Wix users').message;
    throw new UsageError(
      `Wix takes a new post only with its writer, and could not tell the site's owner (${why}): ${ask}`,
    );
  }
  if (users.length === 1) return users[0]!.memberId!;
  if (users.length === 0) {
    throw new UsageError(
      `Wix takes a new post only with its writer, and the site's owner is not a member of it: ${ask}`,
    );
  }
  const listed = users.map((user) => `${user.memberId}${user.nickname ? ` (${user.nickname})` : ''}`).join(', ');
  throw new UsageError(
    `Wix takes a new post only with its writer, and the site has more than one Wix user among its members ` +
      `(${listed}${users.length >= USER_MEMBERS_SHOWN ? ', …' : ''}): ${ask}`,
  );
}

/** The ids of the site's public pricing plans; none, said so, when Wix does not answer them. */
async function publicPlanIds(client: WixImportClient, io: DataIo): Promise<string[]> {
  const ids: string[] = [];
  try {
    for (let page = 0; page < MAX_PLAN_PAGES; page++) {
      const answer = await client.plans.listPublicPlans({ limit: PLANS_PER_CALL, offset: page * PLANS_PER_CALL });
      const list = answer.plans ?? [];
      for (const plan of list) if (plan._id) ids.push(plan._id);
      if (list.length < PLANS_PER_CALL) break;
    }
  } catch (error) {
    const why = toCatalogueError(error, 'the pricing plans').message;
    io.err(`blog: the site's pricing plans could not be read (${why}): its paid posts are imported free`);
    return [];
  }
  return ids;
}

export async function runExport(argv: string[], io: DataIo): Promise<number> {
  const out = argv.find((arg) => !arg.startsWith('--'));
  if (!out) throw new UsageError(`export needs a folder: ${IMPORT_USAGE}`);
  if (existsSync(out) && (!statSync(out).isDirectory() || (await readdir(out)).length)) {
    throw new UsageError(`${out} is not an empty folder: export into a new one`);
  }
  const { contentDir, siteUrl } = cliSettings(io.env);
  const opened = await openRecords(io);
  try {
    const report = await exportSite({
      folder: new ContentFolder(contentDir),
      out,
      records: opened.records?.client,
      siteUrl,
    });
    io.out(JSON.stringify(report, null, 2));
    if (opened.missing)
      io.err(
        `blog: ${opened.missing.replace('comments and subscribers were not imported', 'members and subscribers were not exported')}`,
      );
    return 0;
  } finally {
    await opened.close();
  }
}
