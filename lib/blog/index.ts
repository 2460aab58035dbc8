import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '@/lib/core/process-singleton';
import { config } from '@/lib/core/config';
import { errors } from '@/lib/core/errors';
import { publish, subscribe } from '@/lib/core/events/bus';
import type { EventFor } from '@/lib/core/events/registry';
import { isCommentEvent, isPostEvent } from '@/lib/core/cache/event-tags';
import { serve, servedBy } from '@/lib/platform';
import type { BlogSource } from './source';
import type { Post, PostFieldset } from './types';
import { DEFAULT_GUARD, guardSource } from './guard';
import { createLocalSource } from './local';
import { createWixSource } from './wix';
import { memberPostReads } from './wix/member-read';
import { paywallSource } from './paywall';
import * as schedule from './schedule';
import { refreshSourceOnRemoteTags } from './remote-tags';
import { type Desk, deskService } from './desk/service';
import { localDeskPort } from './desk/local';
import { localTerms, type OwnerTerms, wixTerms } from './desk/terms';
import { wixDeskPort } from './desk/wix';
import { createWixContext } from './wix/client';
import { ContentFolder } from './local/folder';
import { type FolderEvent, folderEvents } from './local/folder-events';
import { sharedMarks, siteRedis } from '@/lib/core/redis/shared';

/**
 * The backend the platform names, one per process: the store an event refreshes must be the one that renders pages,
 * and pages and route handlers load their own copies of this module. Every invalidation in the process (a webhook, a
 * local like or comment) tells it which post to read again.
 */
export function blogSource(): BlogSource {
  return sources().public;
}

/**
 * A paid post's whole text (by id or slug), for a member whom lib/plans found holding one of its plans, or the owner:
 * read from the source itself, past the paywall, on each request and cached nowhere (no `use cache`, no shared key);
 * never for the public. Only lib/plans calls it (the lint keeps routes and pages off it).
 */
export async function wholePost(by: { id: string } | { slug: string }, fieldsets: readonly PostFieldset[]) {
  const options = { fieldsets: [...fieldsets] };
  const { whole } = sources();
  return 'id' in by ? whole.getPost(by.id, options) : whole.getPostBySlug(by.slug, options);
}

/**
 * A paid post's whole text (by slug) for a member whom lib/plans found holding one of its plans; null when it is not
 * theirs to read. The site's own read is the whole post (the local source, or Wix with the site's API key); at Wix
 * without an API key the site reads as a visitor, whom Wix answers the preview, so the post is asked with the member's
 * own Wix token (`wixRefreshToken`, none when members are not at Wix: wix/member-read.ts). An answer Wix marks as a
 * preview (`preview: true`) opens nothing.
 */
export async function memberWholePost(
  slug: string,
  fieldsets: readonly PostFieldset[],
  wixRefreshToken: string | null,
): Promise<Post | null> {
  const c = config();
  const asVisitor = servedBy('blog', c) === 'wix' && !c.wix.apiKey;
  const post = !asVisitor
    ? await wholePost({ slug }, fieldsets)
    : wixRefreshToken
      ? await processSingleton('blog-member-reads', () => memberPostReads(c.wix))(wixRefreshToken, slug, fieldsets)
      : null;
  return post && post.preview !== true ? post : null;
}

/** The backend, and the public's view of it (paid posts as their previews); one of each per process. */
function sources(): { whole: BlogSource; public: BlogSource } {
  return processSingleton('blog-source', () => {
    const c = config();
    const whole = serve('blog', {
      // Only the remote platform is guarded: a cold local folder of 100k posts takes seconds to read, legitimately.
      wix: () => guardSource(createWixSource(c.wix), { name: 'Wix', ...DEFAULT_GUARD }),
      local: () => createLocalSource(c.contentDir),
    });
    // What the public reads: a paid post is its preview, whatever the platform answered (paywall.ts).
    const readers = paywallSource(whole);
    // The event bus's `blog-source` subscriber (lib/core/events/registry.ts): first of every row that names it.
    subscribe('blog-source', (event) => {
      const change = refreshOf(event);
      // Through the paywall, which drops what it judged of the post, to the source.
      if (change !== null) readers.refresh(change);
    });
    return { whole, public: readers };
  });
}

/**
 * What an event makes the source read again: the post it names (a post's or draft's own event, a comment's post), all
 * of it (a category, tag or member event, a comment event that names no post), or nothing (a data item, the site's
 * settings: no post shows them from the source; a change the source found in its folder, which it has read).
 */
function refreshOf(event: EventFor<'blog-source'>): { postId: string } | undefined | null {
  const { type, entityId } = event;
  // The source found it in its folder, and has read it.
  if ('fromFolder' in event && event.fromFolder) return null;
  if (isPostEvent(type)) return { postId: entityId };
  if (isCommentEvent(type)) return 'resourceId' in event && event.resourceId ? { postId: event.resourceId } : undefined;
  return type.startsWith('wix.data.') || type.startsWith('site.') ? null : undefined;
}

/**
 * At the server's start: on the local platform, the content folder watched, and each change found there that no event
 * named (the CLI's, an editor's, `git pull`'s) published as the event the platform sends for it: its pages' tags are
 * cleared, a first publication makes its newsletter send, a scheduled draft is planned. Every instance sharing the
 * folder finds the change; one claims it (by its key, in Redis with REDIS_URL) and publishes, and the others hear its
 * tags as they hear a webhook's. Answers the stop, or null (Wix).
 */
export function watchContent(): (() => void) | null {
  return processSingleton('blog-content-watch', () => {
    const claims = sharedMarks('content-changes', siteRedis(config().redisUrl), 10_000);
    // A change is often found by a request's read, inside its render or a cached function, where Next refuses to clear
    // tags: it is published in the context of the server's start instead, as a job's event is.
    const outsideRequests = AsyncLocalStorage.snapshot();
    const claimAndPublish = async ({ event, key }: FolderEvent) => {
      if (await claims.mark(key, CLAIM_SECONDS)) publish(event);
    };
    return (
      sources().whole.watch?.((changes) => {
        for (const found of folderEvents(changes))
          outsideRequests(() =>
            claimAndPublish(found).catch((error: unknown) =>
              console.error(JSON.stringify({ msg: 'content folder: an event failed', error: String(error) })),
            ),
          );
      }) ?? null
    );
  });
}

/** How long a claimed folder change stays claimed: every instance has found it long before (the poll is 10 s). */
const CLAIM_SECONDS = 120;

/** Every scheduled draft, soonest first (the dashboard's list; lib/schedule plans a job for each). */
export const scheduledDrafts = () => schedule.scheduledDrafts(sources().whole);

/** When the draft `id` is scheduled to go live, or null. */
export const scheduleOf = (id: string) => schedule.scheduleOf(sources().whole, id);

/** The draft `id`'s time `at` has come: published by the site (local), live at Wix, waiting for Wix, or not due. */
export const publishDue = (id: string, at: string) => schedule.publishDue(sources().whole, id, at);

/**
 * The owner's desk (lib/blog/desk): write, save, publish, schedule, trash, over the platform's port: the content
 * folder through its one writer, or the Wix site's Draft Posts API. One per process.
 */
export function desk(): Desk {
  return processSingleton('blog-desk', () => {
    const c = config();
    return deskService(
      serve('blog', {
        // Bad input the folder refuses (a translation's language taken, no such original) is the catalogue's 400.
        local: () => localDeskPort(new ContentFolder(c.contentDir, (message) => errors.badValue(message)), c.siteUrl),
        wix: () => wixDeskPort(createWixContext(c.wix), c.siteUrl),
      }),
    );
  });
}
export { type Desk } from './desk/service';

/** The owner's categories and tags (lib/blog/desk/terms.ts): the content folder's, or at Wix a 422 saying where. */
export function ownerTerms(): OwnerTerms {
  const c = config();
  return serve('blog', {
    local: () => localTerms(new ContentFolder(c.contentDir), c.siteUrl),
    wix: wixTerms,
  });
}
export type { OwnerTerm, TermInput } from './desk/terms';
export { deskErrors, type DeskAction, type DeskInput, type DeskPost } from './desk/types';

export type { Author } from './authors';
export { checkCursorQuery } from './query/cursor';
export { parseFilter } from './query/filter';
export { parseSort } from './query/sort';
export type { ListPostsOptions, PostCountStatsOptions, PostQuery } from './source';
export { canonicalTimeZone, monthIndex, statsDate } from './time';

/** At server start: another instance's invalidation (Redis) refreshes this instance's source too. */
export const refreshOnRemoteTags = () => refreshSourceOnRemoteTags(blogSource);

/** A post's Ricos as plain HTML (the export's WXR, the fediverse's Article). */
export { ricosToHtml } from './ricos-html';
