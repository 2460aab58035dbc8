import { describe, expect, it, vi } from 'vitest';
import { withSite } from '../../helpers/site';
import { standInSiteEnv, withWixStandIn } from '../../helpers/wix-stand-in';

// The owner's desk on a Wix site, its whole lifecycle against the Wix stand-in's Draft Posts
// (scripts/wix/stand-in-drafts.ts, as @wix/auto_sdk_blog_draft-posts documents each call): what the desk asks is the
// SDK's own request (tests/wix/conformance/desk.test.ts); here, what Wix does with it is what readers then get. A new
// post is a draft readers cannot see; published, the Blog answers it; an edit kept for a published post changes
// nothing for readers until "Update"; unpublished, scheduled, unscheduled, trashed and restored, each as Wix keeps it;
// a translation made by translateDraft; a writer's post in review approved, another sent back.

const site = standInSiteEnv('desk-wix-stand-in-secret-long-enough-0123456789');
withSite(site.env);
const inReview = (id: string, title: string) => ({
  id,
  title,
  seoSlug: id,
  status: 'IN_REVIEW',
  language: 'en',
  memberId: 'member-wren',
  categoryIds: [],
  tagIds: [],
  richContent: { nodes: [] },
  editedDate: '2026-11-29T09:00:00.000Z',
  moderationDetails: { submittedBy: 'member-wren', submittedDate: '2026-11-29T09:00:00.000Z', status: 'UNKNOWN' },
});
await withWixStandIn({
  apiKey: site.apiKey,
  drafts: [inReview('wren-1', 'Wren’s first'), inReview('wren-2', 'Wren’s second')],
});
const { blogSource, desk } = await import('@/lib/blog');

vi.setConfig({ testTimeout: 30_000 });

const paragraph = (text: string) => ({
  type: 'PARAGRAPH',
  id: 'p1',
  nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
  paragraphData: {},
});
const publicText = async (slug: string) =>
  (await blogSource().getPostBySlug(slug, { fieldsets: ['CONTENT_TEXT'] }))?.contentText ?? null;

describe('the desk on a Wix site, against the stand-in', () => {
  it('create, publish, keep an edit, update, unpublish, schedule, trash and restore: readers see what Wix keeps', async () => {
    const draft = await desk().create({ title: 'From the desk', slug: 'from-the-desk', nodes: [paragraph('First.')] });
    expect(draft).toMatchObject({ status: 'UNPUBLISHED', slug: 'from-the-desk', url: null });
    expect(await publicText('from-the-desk')).toBeNull();

    const live = await desk().act(draft.id, 'publish');
    expect(live).toMatchObject({ status: 'PUBLISHED', url: 'https://blog.example/post/from-the-desk' });
    expect(await publicText('from-the-desk')).toBe('First.');

    // An edit of a published post is kept as its draft (UPDATE_PUBLICATION); readers see it once updated.
    const kept = await desk().save(draft.id, {
      title: 'From the desk',
      nodes: [paragraph('Second.')],
      editedDate: live.editedDate,
    });
    expect(kept.hasUnpublishedChanges).toBe(true);
    expect(await publicText('from-the-desk')).toBe('First.');
    const updated = await desk().save(draft.id, {
      title: 'From the desk',
      nodes: [paragraph('Second.')],
      editedDate: kept.editedDate,
      publish: true,
    });
    expect(updated.hasUnpublishedChanges).toBe(false);
    expect(await publicText('from-the-desk')).toBe('Second.');

    // A stale save (another tab) is refused, and nothing changes.
    await expect(
      desk().save(draft.id, { title: 'From the desk', nodes: [paragraph('Stale.')], editedDate: live.editedDate }),
    ).rejects.toMatchObject({ status: 409 });

    expect((await desk().act(draft.id, 'unpublish')).status).toBe('UNPUBLISHED');
    expect(await publicText('from-the-desk')).toBeNull();
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect(await desk().act(draft.id, 'schedule', at)).toMatchObject({ status: 'SCHEDULED', scheduledPublishDate: at });
    expect((await desk().act(draft.id, 'unschedule')).status).toBe('UNPUBLISHED');

    await desk().act(draft.id, 'publish');
    await desk().act(draft.id, 'trash');
    expect(await publicText('from-the-desk')).toBeNull();
    expect((await desk().trash()).map((t) => t.id)).toContain(draft.id);
    expect((await desk().act(draft.id, 'restore')).status).toBe('PUBLISHED');
    expect(await publicText('from-the-desk')).toBe('Second.');
    expect((await desk().trash()).map((t) => t.id)).not.toContain(draft.id);
  });

  it('a translation made by translateDraft, and a writer’s posts in review approved and sent back', async () => {
    const original = await desk().create({ title: 'Caching', slug: 'caching', nodes: [paragraph('In English.')] });
    const es = await desk().create({
      title: 'Caché',
      nodes: [paragraph('En español.')],
      language: 'es',
      translationOf: original.id,
    });
    expect(es).toMatchObject({ language: 'es', title: 'Caché', nodes: [paragraph('En español.')] });
    expect(es.id).not.toBe(original.id);

    const queue = await desk().reviewQueue();
    expect(queue.map((p) => [p.id, p.review?.submittedBy])).toEqual(
      expect.arrayContaining([
        ['wren-1', 'member-wren'],
        ['wren-2', 'member-wren'],
      ]),
    );
    const approved = await desk().review('wren-1', 'approve', undefined, null);
    expect(approved).toMatchObject({ status: 'PUBLISHED', review: { status: 'APPROVED' } });
    expect(approved.review!.moderationDate).toEqual(expect.any(String));
    expect(await blogSource().getPostBySlug('wren-1')).toMatchObject({ title: 'Wren’s first' });
    const back = await desk().review('wren-2', 'reject', 'Shorter, please.', null);
    expect(back).toMatchObject({ status: 'UNPUBLISHED', review: { status: 'REJECTED' } });
    expect((await desk().reviewQueue()).map((p) => p.id)).toEqual([]);
    // Answered already: a 409, nothing changes.
    await expect(desk().review('wren-2', 'approve', undefined, null)).rejects.toMatchObject({ status: 409 });
  });
});
