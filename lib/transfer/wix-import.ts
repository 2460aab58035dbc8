import type { categories, draftPosts, tags } from '@wix/blog';
import type { files } from '@wix/media';
import type { members, userMember } from '@wix/members';
import type { plans } from '@wix/pricing-plans';
import { mkdir } from 'node:fs/promises';
import { reroute } from '@/lib/wix/base-url';
import { siteClient } from '@/lib/wix/sdk-clients';
import { isNotFound, toCatalogueError } from '@/lib/wix/upstream';
import type { ImportReport } from './report';
import { type Bundle, ImportError } from './types';

// The import into a Wix site's Blog (the CLI's, when the environment names one, and the dashboard's on a Wix site):
// applyBundleToWix with an SDK client of the site's API key, the writer of its new posts, and the public plans its
// paid posts are for.

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

export interface WixSiteImport {
  wix: { apiKey?: string; siteId?: string; apiBaseUrl?: string };
  /** This site's address, and its content folder (the redirects' table). */
  siteUrl: string;
  contentDir: string;
  dryRun: boolean;
  /** The member every new post is written by (the CLI's --member); else the site's owner, when Wix can tell. */
  member?: string;
  /** How the owner names a writer where they import (`pass --member ID`). */
  memberHint: string;
  fetch?: typeof fetch;
  onProgress?: (done: number, total: number) => void;
  /** Told what the import could not read of the site, and went on without (its plans). */
  warn: (message: string) => void;
}

export async function importIntoWixSite(bundle: Bundle, options: WixSiteImport): Promise<ImportReport> {
  const { apiKey, siteId, apiBaseUrl } = options.wix;
  if (!apiKey || !siteId) {
    throw new ImportError(
      "the import writes into the Wix site's Blog with the site's API key: set WIX_API_KEY (Wix dashboard, " +
        '"API Keys", with the Wix Blog, Media Manager, Members and Pricing Plans permissions) and WIX_SITE_ID',
    );
  }
  // Loaded here: the local import needs none of them.
  const [{ applyBundleToWix }, blog, media, wixMembers, pricing] = await Promise.all([
    import('./wix-target'),
    import('@wix/blog'),
    import('@wix/media'),
    import('@wix/members'),
    import('@wix/pricing-plans'),
  ]);
  const fetcher = options.fetch ?? fetch;
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
  const memberId = bundle.posts.length ? await writerOf(client, options.member, options.memberHint) : options.member;
  const paidPlanIds = bundle.posts.some((post) => post.paid) ? await publicPlanIds(client, options.warn) : [];
  // The redirects' table is the content folder's, which a Wix site may not have made yet.
  if (!options.dryRun) await mkdir(options.contentDir, { recursive: true });
  return applyBundleToWix(bundle, {
    client,
    siteUrl: options.siteUrl,
    dryRun: options.dryRun,
    memberId,
    paidPlanIds,
    contentDir: options.contentDir,
    fetch: fetcher,
    onProgress: options.onProgress,
  });
}

type WixImportClient = ReturnType<typeof siteClient<WixImportModules>>;

/**
 * The member new posts are written by: `given`, once Wix knows it; else the site's owner, when Wix can tell: the
 * site's members who are Wix users (its owner, and collaborators who joined) are one.
 */
async function writerOf(client: WixImportClient, given: string | undefined, ask: string): Promise<string> {
  if (given) {
    try {
      await client.members.getMember(given);
      return given;
    } catch (error) {
      if (isNotFound(error)) throw new ImportError(`member ${given}: the Wix site has no member with that id`);
      throw toCatalogueError(error, `the member ${given}`);
    }
  }
  let users: userMember.UserMember[] = [];
  try {
    const answer = await client.userMember.queryUserMembers().limit(USER_MEMBERS_SHOWN).find();
    users = answer.items.filter((user) => user.memberId && user.status !== 'BLOCKED');
  } catch (error) {
    const why = toCatalogueError(error, 'the query of its Wix users').message;
    throw new ImportError(
      `Wix takes a new post only with its writer, and could not tell the site's owner (${why}): ${ask}`,
    );
  }
  if (users.length === 1) return users[0]!.memberId!;
  if (users.length === 0) {
    throw new ImportError(
      `Wix takes a new post only with its writer, and the site's owner is not a member of it: ${ask}`,
    );
  }
  const listed = users.map((user) => `${user.memberId}${user.nickname ? ` (${user.nickname})` : ''}`).join(', ');
  throw new ImportError(
    `Wix takes a new post only with its writer, and the site has more than one Wix user among its members ` +
      `(${listed}${users.length >= USER_MEMBERS_SHOWN ? ', …' : ''}): ${ask}`,
  );
}

/** The ids of the site's public pricing plans; none, said so, when Wix does not answer them. */
async function publicPlanIds(client: WixImportClient, warn: (message: string) => void): Promise<string[]> {
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
    warn(`the site's pricing plans could not be read (${why}): its paid posts are imported free`);
    return [];
  }
  return ids;
}
