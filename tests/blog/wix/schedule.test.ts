import { describe, expect, it } from 'vitest';
import { publishDue, scheduleOf, scheduledDrafts } from '@/lib/blog/schedule';
import { restPost } from '../../helpers/wix-blog';
import { json, on, withFakeWix } from './server';

// Scheduled publishing on a Wix site (issue 32): Wix publishes a scheduled draft itself. The site learns the time from
// the Draft Posts API (a draft's `status` SCHEDULED and `scheduledPublishDate`, as @wix/auto_sdk_blog_draft-posts
// types DraftPost in build/es/index.typings.d.mts) and, at that time, asks whether the post is live: waiting while Wix
// has not published it (the job asks again), live once GET /v3/posts/{id} answers it, not due when the draft was
// moved or unscheduled.

const wix = withFakeWix();
const AT = '2026-12-07T08:00:00.000Z';
const draft = (overrides: Record<string, unknown> = {}) =>
  restPost({
    id: 'draft-1',
    title: 'Monday morning',
    status: 'SCHEDULED',
    scheduledPublishDate: AT,
    firstPublishedDate: undefined,
    ...overrides,
  });
const notFound = () => json({ message: 'not found', details: {} }, { status: 404 });

describe('scheduled drafts at Wix', () => {
  it('lists the scheduled drafts with their times, and only them', async () => {
    wix.server.use(
      on.post('/blog/v3/draft-posts/query', () =>
        json({
          draftPosts: [draft(), draft({ id: 'draft-2', status: 'UNPUBLISHED', scheduledPublishDate: null })],
          pagingMetadata: { count: 2, cursors: {}, hasNext: false },
        }),
      ),
    );
    expect(await scheduledDrafts(wix.source())).toEqual([{ id: 'draft-1', title: 'Monday morning', at: AT }]);
  });

  it('at its time: waiting while Wix has not published, live once it has, not due when the time moved', async () => {
    const source = wix.source();
    let published = false;
    wix.server.use(
      on.get('/blog/v3/draft-posts/:id', () =>
        json({ draftPost: published ? draft({ status: 'PUBLISHED', scheduledPublishDate: null }) : draft() }),
      ),
      on.get('/v3/posts/:id', () => (published ? json({ post: restPost({ id: 'draft-1' }) }) : notFound())),
    );
    expect(await scheduleOf(source, 'draft-1')).toBe(AT);
    expect(await publishDue(source, 'draft-1', AT)).toBe('waiting');
    published = true;
    expect(await publishDue(source, 'draft-1', AT)).toBe('live');
    expect(await scheduleOf(source, 'draft-1')).toBeNull();

    wix.server.use(
      on.get('/blog/v3/draft-posts/:id', () =>
        json({ draftPost: draft({ scheduledPublishDate: '2026-12-08T08:00:00Z' }) }),
      ),
      on.get('/v3/posts/:id', notFound),
    );
    expect(await publishDue(source, 'draft-1', AT)).toBe('not-due');
  });
});
