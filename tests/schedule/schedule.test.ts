import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '@/scripts/blog/cli';
import { parseWhen } from '@/scripts/blog/args';
import { makePosts } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { captureLogs } from '../helpers/webhooks';

// Scheduled publishing on the local source (issue 32): `npm run blog -- schedule <post> <when>` makes a draft
// SCHEDULED with its time; the site, watching its folder, publishes draft_updated for it; the site's job queue
// (pg-boss on the embedded database) publishes it at its time as `publish` would, with the scheduled time as its
// publication date, and clears its pages with the event `publish` sends. A draft unscheduled or moved before its time
// is not published by the old job.

const { contentDir: dir } = withSite({ WIX_WEBHOOK_PUBLIC_KEY: '' }, { content: makePosts(5), database: true });
const { observeEvents } = await import('@/lib/core/events/bus');
const { startScheduling, runDue } = await import('@/lib/schedule');
const { blogSource, scheduledDrafts, watchContent } = await import('@/lib/blog');
const { OWNER, recordsClient, siteJobs } = await import('@/lib/data');
const { newsletterSends, startNewsletter } = await import('@/lib/newsletter');
const sendOf = (postId: string) => recordsClient(newsletterSends).get(newsletterSends.id, postId, OWNER);

vi.setConfig({ testTimeout: 60_000 });
const events: { type: string; entityId: string }[] = [];
observeEvents((event) => events.push({ type: event.type, entityId: event.entityId }));
// Graceful: a job at its time may be running (the unscheduled draft's, finding nothing due); it ends before the
// database closes, rather than failing against a closed one (an unhandled rejection in pg-boss, seen in CI).
afterAll(async () => (await siteJobs()).stop({ graceful: true, wait: true, timeout: 20_000 }), 30_000);
// The site watches its folder from its start, as instrumentation.ts starts it.
await blogSource().preload?.();
afterAll(watchContent()!);

async function blog(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    env: { BLOG_CONTENT_DIR: dir, SITE_URL: 'http://127.0.0.1:3999' },
    fetch,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const readPost = (id: string) =>
  JSON.parse(readFileSync(path.join(dir, 'posts', `${id}.json`), 'utf8')) as Record<string, unknown>;

describe('when a post goes live', () => {
  it('reads +90s, +15m, +2h, +1d and ISO date-times with an offset; refuses the past and anything else', () => {
    const now = new Date('2026-12-01T08:00:00.000Z');
    expect(parseWhen('+90s', now)).toBe('2026-12-01T08:01:30.000Z');
    expect(parseWhen('+2h', now)).toBe('2026-12-01T10:00:00.000Z');
    expect(parseWhen('+1d', now)).toBe('2026-12-02T08:00:00.000Z');
    expect(parseWhen('2026-12-07T09:00:00+01:00', now)).toBe('2026-12-07T08:00:00.000Z');
    for (const bad of ['2026-12-07T09:00:00', 'monday', '+5y', '2026-11-30T09:00:00Z']) {
      expect(() => parseWhen(bad, now), bad).toThrow();
    }
  });
});

describe('scheduled publishing, local', () => {
  captureLogs();

  it('refuses to schedule a published post', async () => {
    const { code, err } = await blog('schedule', 'post-1', '+1h');
    expect(code).not.toBe(0);
    expect(err).toMatch(/is published: unpublish it first/);
  });

  it('publishes a scheduled draft at its time, once, dated then, and refreshes its pages', async () => {
    await startScheduling();
    expect((await blog('unpublish', 'post-2')).code).toBe(0);
    expect((await blog('schedule', 'post-2', '+3s')).code).toBe(0);
    const scheduled = readPost('post-0002');
    expect(scheduled).toMatchObject({ status: 'SCHEDULED', scheduledPublishDate: expect.any(String) });
    const at = scheduled.scheduledPublishDate as string;
    expect(await scheduledDrafts()).toEqual([{ id: 'post-0002', title: 'Post number 2', at }]);
    expect(await blogSource().getPost('post-0002')).toBeNull();

    await expect.poll(() => readPost('post-0002').status, { timeout: 30_000, interval: 250 }).toBe('PUBLISHED');
    const published = readPost('post-0002');
    expect(published).toMatchObject({ lastPublishedDate: at });
    expect(published.scheduledPublishDate).toBeUndefined();
    // The post's first publication stays the first (it was published before); the event `publish` sends went out.
    expect(published.firstPublishedDate).toBe(scheduled.firstPublishedDate);
    await expect
      .poll(() => events.some((e) => e.type === 'wix.blog.v3.post_created' && e.entityId === 'post-0002'))
      .toBe(true);
    expect(await blogSource().getPost('post-0002')).toMatchObject({ id: 'post-0002', status: 'PUBLISHED' });
    expect(await scheduledDrafts()).toEqual([]);
    // The job of a time that has passed finds nothing due: it publishes nothing twice.
    expect(await runDue({ postId: 'post-0002', at })).toBe('not-due');
  });

  it('a never-published draft goes live dated at its scheduled time, and the newsletter mails it then', async () => {
    await startNewsletter();
    expect((await blog('create', 'Monday morning', '--draft', '--slug', 'monday-morning')).code).toBe(0);
    const draft = readdirSync(path.join(dir, 'posts'))
      .map((name) => readPost(name.replace(/\.json$/, '')))
      .find((p) => p.slug === 'monday-morning')!;
    const id = String(draft.id);
    expect((await blog('schedule', 'monday-morning', '+2s')).code).toBe(0);
    const at = readPost(id).scheduledPublishDate as string;
    // Scheduled is not published: the newsletter has nothing to send yet.
    expect(await sendOf(id)).toBeNull();
    await expect.poll(() => readPost(id).status, { timeout: 30_000, interval: 250 }).toBe('PUBLISHED');
    expect(readPost(id)).toMatchObject({ firstPublishedDate: at, lastPublishedDate: at });
    await expect.poll(async () => (await sendOf(id))?.postId, { timeout: 10_000 }).toBe(id);
  });

  it('a draft unscheduled or moved before its time is not published by the old time’s job', async () => {
    expect((await blog('unpublish', 'post-3')).code).toBe(0);
    expect((await blog('schedule', 'post-3', '+2s')).code).toBe(0);
    const first = readPost('post-0003').scheduledPublishDate as string;
    expect((await blog('unschedule', 'post-3')).code).toBe(0);
    expect(readPost('post-0003')).toMatchObject({ status: 'UNPUBLISHED' });
    expect(readPost('post-0003').scheduledPublishDate).toBeUndefined();
    expect(await runDue({ postId: 'post-0003', at: first })).toBe('not-due');

    expect((await blog('schedule', 'post-3', '+1h')).code).toBe(0);
    expect(await runDue({ postId: 'post-0003', at: first })).toBe('not-due');
    expect(readPost('post-0003')).toMatchObject({ status: 'SCHEDULED' });
  });
});
