import { draftPosts } from '@wix/blog';
import { files } from '@wix/media';
import { revalidateTag } from 'next/cache';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deskService } from '@/lib/blog/desk/service';
import { wixDeskPort } from '@/lib/blog/desk/wix';
import { createWixContext } from '@/lib/blog/wix/client';
import { memoryTokenCache } from '@/lib/wix/tokens';
import { API_KEY, type Recorded, SITE_ID, recorder, route, sdkClient, transportOf } from './recorder';

// The owner's desk on a Wix site (lib/blog/desk/wix.ts, issue 45): each of its Draft Posts calls is the request the
// SDK's own draftPosts module makes for the same operation (createDraftPost, getDraftPost, updateDraftPost with its
// `action`, publishDraftPost, deleteDraftPost, restoreFromTrashBin, listDeletedDraftPosts), and the site reads Wix's
// answer (the `DraftPost` of draft-posts/build/cjs/index.typings.d.ts, on the wire with `id` and ISO dates) into the
// editor's post. The rules run first: a stale save or a bad schedule makes no write.

/** Wix's DraftPost on the wire. */
const wired = (fields: Record<string, unknown> = {}) => ({
  id: 'draft-1',
  title: 'From the desk',
  seoSlug: 'from-the-desk',
  status: 'UNPUBLISHED',
  language: 'en',
  categoryIds: [],
  tagIds: [],
  featured: false,
  editedDate: '2026-11-29T10:00:00.000Z',
  richContent: { nodes: [{ type: 'PARAGRAPH', id: 'p1', nodes: [] }] },
  ...fields,
});
const NODES = [{ type: 'PARAGRAPH', id: 'p1', nodes: [] }];
/** Where Wix's Upload API takes a file's bytes (generateFileUploadUrl's answer). */
const UPLOAD_URL = 'https://upload.wixmp.com/upload/token-0123';
const FIELDSETS: draftPosts.FieldWithLiterals[] = ['RICH_CONTENT', 'URL'];

/** `apiKey` null: a site read with a visitor's token (WIX_CLIENT_ID), no key. */
function setup(draft: Record<string, unknown> = wired(), apiKey: string | null = API_KEY) {
  const answer = (request: Recorded) => {
    const path = request.url.pathname;
    if (path.endsWith('/publish')) return { body: { postId: 'draft-1' } };
    if (request.method === 'DELETE') return { body: {} };
    if (path.includes('/trash-bin') && request.method === 'GET') return { body: { draftPosts: [draft] } };
    if (path.endsWith('/query')) return { body: { draftPosts: [draft], pagingMetadata: { count: 1, cursors: {} } } };
    if (path.endsWith('/generate-upload-url')) return { body: { uploadUrl: UPLOAD_URL } };
    if (request.method === 'PUT')
      return { body: { file: { id: 'up~mv2.png', url: 'https://static.wixstatic.com/media/up~mv2.png' } } };
    return { body: { draftPost: draft } };
  };
  const rec = recorder(
    route('GET', /./, answer),
    route('POST', /./, answer),
    route('PATCH', /./, answer),
    route('DELETE', /./, answer),
    route('PUT', /./, answer),
  );
  const context = createWixContext({
    ...(apiKey ? { apiKey, siteId: SITE_ID } : { clientId: 'conformance-client-0001' }),
    tokens: memoryTokenCache(),
    ...transportOf(rec),
  });
  const desk = deskService(wixDeskPort(context, 'https://blog.example'));
  const sdk = sdkClient({ draftPosts }, rec);
  return { rec, desk, sdk };
}

beforeEach(() => vi.mocked(revalidateTag).mockReset());

describe('conformance: the desk on Wix (@wix/blog draftPosts)', () => {
  it('create: as draftPosts.createDraftPost; the answer read into the editor’s post', async () => {
    const { rec, desk, sdk } = setup();
    let made: unknown;
    const ours = await rec.one(
      async () => (made = await desk.create({ title: 'From the desk', slug: 'from-the-desk', nodes: NODES })),
    );
    const theirs = await rec.one(() =>
      sdk.draftPosts.createDraftPost(
        { title: 'From the desk', seoSlug: 'from-the-desk', richContent: { nodes: NODES } as draftPosts.RichContent },
        { fieldsets: FIELDSETS },
      ),
    );
    expect(ours).toEqual(theirs);
    expect(made).toEqual({
      id: 'draft-1',
      title: 'From the desk',
      slug: 'from-the-desk',
      excerpt: '',
      status: 'UNPUBLISHED',
      language: 'en',
      nodes: NODES,
      categoryIds: [],
      tagIds: [],
      featured: false,
      pinned: false,
      coverImage: null,
      memberId: null,
      hashtags: [],
      seoTitle: '',
      seoDescription: '',
      pricingPlanIds: [],
      previewBlocks: null,
      scheduledPublishDate: null,
      firstPublishedDate: null,
      editedDate: '2026-11-29T10:00:00.000Z',
      hasUnpublishedChanges: false,
      url: null,
      review: null,
    });
    // The draft's pages refreshed at once (the webhook Wix sends later clears them again).
    expect(vi.mocked(revalidateTag).mock.calls.map(([tag]) => tag)).toEqual(['drafts', 'draft:draft-1']);
  });

  it('save: getDraftPost, then updateDraftPost with UPDATE (a draft), UPDATE_PUBLICATION (a published post’s kept edits) or UPDATE_PUBLISH (“Update”)', async () => {
    for (const [status, publish, action] of [
      ['UNPUBLISHED', false, 'UPDATE'],
      ['PUBLISHED', false, 'UPDATE_PUBLICATION'],
      ['PUBLISHED', true, 'UPDATE_PUBLISH'],
    ] as const) {
      const { rec, desk, sdk } = setup(wired({ status, hasUnpublishedChanges: !publish }));
      const input = {
        title: 'Edited',
        nodes: NODES,
        excerpt: 'Short',
        editedDate: '2026-11-29T10:00:00.000Z',
        publish,
      };
      let saved: { hasUnpublishedChanges: boolean } | undefined;
      const ours = await rec.calls(async () => (saved = await desk.save('draft-1', input)));
      const theirs = await rec.calls(async () => {
        await sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
        await sdk.draftPosts.updateDraftPost(
          'draft-1',
          { title: 'Edited', excerpt: 'Short', richContent: { nodes: NODES } as draftPosts.RichContent },
          { action, fieldsets: FIELDSETS },
        );
      });
      expect(ours, action).toEqual(theirs);
      // Wix's answer says whether readers see the edits yet.
      expect(saved!.hasUnpublishedChanges, action).toBe(!publish);
    }
  });

  it('save: hashtags and plans go to the draft as the SDK sends them; what Wix’s own editor keeps is a 422, unsent', async () => {
    const PLAN = '9a3e1c52-7d2b-4b8e-9f5a-1c2d3e4f5a6b';
    const { rec, desk, sdk } = setup(wired({ hashtags: ['old'], pricingPlanIds: [] }));
    const input = { title: 'Paid', nodes: NODES, hashtags: ['css', 'http'], pricingPlanIds: [PLAN] };
    let saved: { hashtags: string[]; pricingPlanIds: string[] } | undefined;
    const ours = await rec.calls(async () => (saved = await desk.save('draft-1', input)));
    const theirs = await rec.calls(async () => {
      await sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
      await sdk.draftPosts.updateDraftPost(
        'draft-1',
        {
          title: 'Paid',
          richContent: { nodes: NODES } as draftPosts.RichContent,
          hashtags: ['css', 'http'],
          pricingPlanIds: [PLAN],
        },
        { action: 'UPDATE', fieldsets: FIELDSETS },
      );
    });
    expect(ours).toEqual(theirs);
    // The editor's post is read from Wix's answer (here the stand-in's fixed draft).
    expect(saved).toMatchObject({ hashtags: ['old'], pricingPlanIds: [] });
    for (const kept of [
      { seoTitle: 'Search title' },
      { previewBlocks: 2 },
      { coverImage: { url: '/media/a.png', width: 10, height: 10, altText: '' } },
      { memberId: 'someone-else' },
    ]) {
      const writes = await rec.calls(() =>
        desk.save('draft-1', { title: 'Paid', nodes: NODES, ...kept }).then(
          () => expect.fail(`${JSON.stringify(kept)} was taken`),
          (error: { status: number }) => expect(error.status, JSON.stringify(kept)).toBe(422),
        ),
      );
      expect(writes.map((r) => r.method)).not.toContain('PATCH');
    }
  });

  it('a save over a newer one (another tab) is refused after the read, with no write', async () => {
    const { rec, desk } = setup();
    const made = await rec.calls(() =>
      desk.save('draft-1', { title: 'Stale', nodes: NODES, editedDate: '2026-11-29T09:00:00.000Z' }).catch((e) => {
        expect(e.status).toBe(409);
      }),
    );
    expect(made.map((r) => r.method)).toEqual(['GET']);
  });

  it('publish: publishDraftPost, the draft read again; the post’s address on this site', async () => {
    const { rec, desk, sdk } = setup();
    const ours = await rec.calls(() => desk.act('draft-1', 'publish'));
    const theirs = await rec.calls(async () => {
      await sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
      await sdk.draftPosts.publishDraftPost('draft-1');
      await sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
    });
    expect(ours).toEqual(theirs);
    const live = setup(wired({ status: 'PUBLISHED' }));
    expect((await live.desk.open('draft-1')).url).toBe('https://blog.example/post/from-the-desk');
  });

  it('unpublish, schedule, unschedule: updateDraftPost with Wix’s action for each', async () => {
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const cases = [
      ['PUBLISHED', 'unpublish', 'UPDATE_REVERT_TO_DRAFT', {}],
      ['UNPUBLISHED', 'schedule', 'UPDATE_SCHEDULE', { scheduledPublishDate: new Date(at) }],
      ['SCHEDULED', 'unschedule', 'UPDATE_CANCEL_SCHEDULE', {}],
    ] as const;
    for (const [status, action, wixAction, extra] of cases) {
      const { rec, desk, sdk } = setup(wired({ status }));
      const ours = await rec.calls(() => desk.act('draft-1', action, at));
      const theirs = await rec.calls(async () => {
        await sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
        await sdk.draftPosts.updateDraftPost('draft-1', {}, { action: wixAction, fieldsets: FIELDSETS, ...extra });
      });
      expect(ours, action).toEqual(theirs);
    }
  });

  it('trash, restore and the trash bin: deleteDraftPost, restoreFromTrashBin, listDeletedDraftPosts', async () => {
    const { rec, desk, sdk } = setup();
    expect(await rec.calls(() => desk.act('draft-1', 'trash'))).toEqual(
      await rec.calls(async () => {
        await sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
        await sdk.draftPosts.deleteDraftPost('draft-1');
      }),
    );
    expect(await rec.one(() => desk.act('draft-1', 'restore'))).toEqual(
      await rec.one(() => sdk.draftPosts.restoreFromTrashBin('draft-1')),
    );
    let listed: unknown;
    expect(await rec.one(async () => (listed = await desk.trash()))).toEqual(
      await rec.one(() => sdk.draftPosts.listDeletedDraftPosts({ paging: { limit: 100 } })),
    );
    expect(listed).toEqual([{ id: 'draft-1', title: 'From the desk', deletedDate: '2026-11-29T10:00:00.000Z' }]);
  });

  it('a translation: translateDraft into the language, then the editor’s text saved into the draft Wix made', async () => {
    // The original is read first (its id and language): the recorder's draft, in English here.
    const made = setup(wired());
    const ours = await made.rec.calls(() =>
      made.desk.create({ title: 'Desde el escritorio', nodes: NODES, language: 'es', translationOf: 'draft-1' }),
    );
    const theirs = await made.rec.calls(async () => {
      await made.sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
      await made.sdk.draftPosts.translateDraft('draft-1', 'es', { fieldsets: FIELDSETS });
      await made.sdk.draftPosts.updateDraftPost(
        'draft-1',
        { title: 'Desde el escritorio', richContent: { nodes: NODES } as draftPosts.RichContent },
        { action: 'UPDATE', fieldsets: FIELDSETS },
      );
    });
    expect(ours).toEqual(theirs);
    // Into its own language only, and an original Wix has no draft of: a 400, nothing made.
    await expect(
      made.desk.create({ title: 'Same', nodes: NODES, language: 'en', translationOf: 'draft-1' }),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('the review of a writer’s draft: the queue (queryDraftPosts IN_REVIEW), approve (publishDraftPost), reject (UPDATE_REJECT)', async () => {
    const inReview = wired({
      status: 'IN_REVIEW',
      memberId: 'member-ada',
      moderationDetails: { submittedBy: 'member-ada', submittedDate: '2026-11-29T09:00:00.000Z', status: 'UNKNOWN' },
    });
    const queue = setup(inReview);
    queue.rec.requests.length = 0;
    let listed: unknown;
    const ours = await queue.rec.one(async () => (listed = await queue.desk.reviewQueue()));
    const theirs = await queue.rec.one(() =>
      queue.sdk.draftPosts.queryDraftPosts({
        filter: { status: 'IN_REVIEW' },
        sort: [{ fieldName: 'editedDate', order: 'DESC' }],
        cursorPaging: { limit: 100 },
      } as draftPosts.DraftPostQuery),
    );
    expect(ours).toEqual(theirs);
    // Wix's answer read: the writer and the review's dates (ModerationDetails).
    expect(listed).toEqual([
      expect.objectContaining({
        id: 'draft-1',
        status: 'IN_REVIEW',
        memberId: 'member-ada',
        review: expect.objectContaining({ submittedBy: 'member-ada', submittedDate: '2026-11-29T09:00:00.000Z' }),
      }),
    ]);

    const approve = setup(inReview);
    expect(await approve.rec.calls(() => approve.desk.review('draft-1', 'approve', undefined, null))).toEqual(
      await approve.rec.calls(async () => {
        await approve.sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
        await approve.sdk.draftPosts.publishDraftPost('draft-1');
        await approve.sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
      }),
    );
    const reject = setup(inReview);
    expect(await reject.rec.calls(() => reject.desk.review('draft-1', 'reject', 'More numbers.', null))).toEqual(
      await reject.rec.calls(async () => {
        await reject.sdk.draftPosts.getDraftPost('draft-1', { fieldsets: FIELDSETS });
        await reject.sdk.draftPosts.updateDraftPost('draft-1', {}, { action: 'UPDATE_REJECT', fieldsets: FIELDSETS });
      }),
    );
    // A writer submits in Wix's editor, not here: said, nothing sent.
    const writer = setup(wired({ memberId: 'member-ada' }));
    writer.rec.requests.length = 0;
    await expect(writer.desk.writer({ id: 'member-ada', name: 'Ada' }).submit('draft-1')).rejects.toMatchObject({
      status: 422,
    });
    expect(writer.rec.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('an image upload: generateFileUploadUrl as @wix/media’s files module sends it, then the bytes PUT to the address', async () => {
    const { rec, desk } = setup();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    let stored: unknown;
    const ours = await rec.calls(async () => (stored = await desk.upload(png)));
    const name = (ours[0]!.body as { fileName: string }).fileName;
    expect(name).toMatch(/^upload-[0-9a-f]{8}\.png$/);
    const sdk = sdkClient({ files }, rec);
    const theirs = await rec.one(() =>
      sdk.files.generateFileUploadUrl('image/png', { fileName: name, sizeInBytes: String(png.length) }),
    );
    expect(ours[0]).toEqual(theirs);
    // Then the bytes, once, to the address Wix gave, with the file's name (Wix's Upload API).
    expect(ours[1]).toMatchObject({ method: 'PUT', path: '/upload/token-0123', query: { filename: [name] } });
    expect(rec.requests.at(-2)!.headers.get('content-type')).toBe('image/png');
    expect(ours).toHaveLength(2);
    // Wix's answer is what the editor's IMAGE node names.
    expect(stored).toEqual({
      id: 'up~mv2.png',
      url: 'https://static.wixstatic.com/media/up~mv2.png',
      width: 1,
      height: 1,
    });
  });

  it('a schedule in the past, or any write without an API key, makes no request', async () => {
    const { rec, desk } = setup();
    const past = new Date(Date.now() - 60_000).toISOString();
    await expect(desk.act('draft-1', 'schedule', past)).rejects.toMatchObject({ status: 400 });
    expect(rec.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const visitor = setup(wired(), null);
    await expect(visitor.desk.create({ title: 'No key', nodes: NODES })).rejects.toMatchObject({ status: 422 });
    await expect(visitor.desk.upload(Buffer.from('x'))).rejects.toMatchObject({ status: 400 });
    expect(visitor.rec.requests.filter((r) => r.url.pathname !== '/oauth2/token')).toEqual([]);
  });
});
