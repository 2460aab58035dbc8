import type { BlogSource } from './source';
import type { Draft, ScheduledDraft } from './types';

// Scheduled publishing (issue 32): a draft with status SCHEDULED and a time to go live. At Wix, the draft carries the
// time (`scheduledPublishDate`) and Wix publishes it (and sends its events); where the site is the platform, the
// source keeps the time and publishes the draft itself (its `sitePublishes`: the content folder, as `npm run blog --
// publish` would, with the scheduled time as its publication date). lib/schedule asks at the time.

const isoTime = (at: unknown) =>
  typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : null;

/** When a draft goes live, if it is scheduled: as its source keeps it, else as the draft carries it. */
async function scheduledAt(source: BlogSource, draft: Draft): Promise<string | null> {
  if (draft.status !== 'SCHEDULED') return null;
  const kept = source.sitePublishes;
  return isoTime(kept ? await kept.scheduledAt(draft.id) : draft.scheduledPublishDate);
}

/** Every scheduled draft, soonest first (the drafts are read page by page; at most 2,000 of them). */
export async function scheduledDrafts(source: BlogSource): Promise<ScheduledDraft[]> {
  const found: ScheduledDraft[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const { items, cursors, hasNext } = await source.listDrafts({ cursor, limit: 100 });
    for (const draft of items) {
      const at = await scheduledAt(source, draft);
      if (at) found.push({ id: draft.id, title: draft.title, at });
    }
    if (!hasNext || !cursors.next) break;
    cursor = cursors.next;
  }
  return found.sort((a, b) => a.at.localeCompare(b.at));
}

/** When one draft is scheduled to go live, or null (not a draft, not scheduled). */
export async function scheduleOf(source: BlogSource, id: string): Promise<string | null> {
  const draft = await source.getDraft(id).catch(() => null);
  return draft ? scheduledAt(source, draft) : null;
}

/**
 * The draft's time `at` has come. `published`: the site published it (its source keeps the schedule); `live`: the
 * platform has; `waiting`: the platform has not yet (ask again shortly); `not-due`: it is not scheduled for `at` any
 * more (published, unscheduled, moved).
 */
export async function publishDue(
  source: BlogSource,
  id: string,
  at: string,
): Promise<'published' | 'live' | 'waiting' | 'not-due'> {
  if (source.sitePublishes) return source.sitePublishes.publishScheduled(id, at);
  const draft = await source.getDraft(id).catch(() => null);
  if (draft && (await scheduledAt(source, draft)) === new Date(at).toISOString()) return 'waiting';
  return (await source.getPost(id).catch(() => null)) ? 'live' : 'not-due';
}
