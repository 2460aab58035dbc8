import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeJsonAtomic } from '@/lib/core/files/atomic';
import type { BlogSource } from './source';
import type { ScheduledDraft } from './types';

// Scheduled publishing (issue 32): a draft with status SCHEDULED and a `scheduledPublishDate`. At Wix, Wix publishes
// it at its time (and sends its events); locally the site is the platform, and publishes it in the content folder as
// `npm run blog -- publish` would, with the scheduled time as its publication date. lib/schedule asks at the time.

type Raw = Record<string, unknown>;

const sameTime = (a: unknown, b: string) => typeof a === 'string' && Date.parse(a) === Date.parse(b);
const postFile = (contentDir: string, id: string) => path.join(contentDir, 'posts', `${id}.json`);

async function readRaw(contentDir: string, id: string): Promise<Raw | null> {
  if (!/^[\w-]{1,128}$/.test(id)) return null;
  try {
    const raw: unknown = JSON.parse(await readFile(postFile(contentDir, id), 'utf8'));
    return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Raw) : null;
  } catch {
    return null;
  }
}

/** When a draft goes live, if it is scheduled: Wix's drafts carry it; a local draft's is read from its file. */
async function scheduledAt(source: BlogSource, contentDir: string, draft: Raw): Promise<string | null> {
  if (draft.status !== 'SCHEDULED') return null;
  const at =
    source.name === 'local'
      ? (await readRaw(contentDir, String(draft.id)))?.scheduledPublishDate
      : draft.scheduledPublishDate;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : null;
}

/** Every scheduled draft, soonest first (the drafts are read page by page; at most 2,000 of them). */
export async function scheduledDrafts(source: BlogSource, contentDir: string): Promise<ScheduledDraft[]> {
  const found: ScheduledDraft[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 20; page++) {
    const { items, cursors, hasNext } = await source.listDrafts({ cursor, limit: 100 });
    for (const draft of items) {
      const at = await scheduledAt(source, contentDir, draft as unknown as Raw);
      if (at) found.push({ id: draft.id, title: draft.title, at });
    }
    if (!hasNext || !cursors.next) break;
    cursor = cursors.next;
  }
  return found.sort((a, b) => a.at.localeCompare(b.at));
}

/** When one draft is scheduled to go live, or null (not a draft, not scheduled). */
export async function scheduleOf(source: BlogSource, contentDir: string, id: string): Promise<string | null> {
  const draft = await source.getDraft(id).catch(() => null);
  return draft ? scheduledAt(source, contentDir, draft as unknown as Raw) : null;
}

/**
 * The draft's time `at` has come. `published`: the site published it (local); `live`: Wix has; `waiting`: Wix has not
 * yet (ask again shortly); `not-due`: it is not scheduled for `at` any more (published, unscheduled, moved).
 */
export async function publishDue(
  source: BlogSource,
  contentDir: string,
  id: string,
  at: string,
): Promise<'published' | 'live' | 'waiting' | 'not-due'> {
  if (source.name === 'local') {
    const raw = await readRaw(contentDir, id);
    if (!raw || raw.status !== 'SCHEDULED' || !sameTime(raw.scheduledPublishDate, at)) return 'not-due';
    const { scheduledPublishDate: _, ...rest } = raw;
    const when = new Date(at).toISOString();
    await writeJsonAtomic(postFile(contentDir, id), {
      ...rest,
      status: 'PUBLISHED',
      firstPublishedDate: typeof raw.firstPublishedDate === 'string' ? raw.firstPublishedDate : when,
      lastPublishedDate: when,
    });
    return 'published';
  }
  const draft = await source.getDraft(id).catch(() => null);
  if (draft && (await scheduledAt(source, contentDir, draft as unknown as Raw)) === new Date(at).toISOString()) {
    return 'waiting';
  }
  return (await source.getPost(id).catch(() => null)) ? 'live' : 'not-due';
}
