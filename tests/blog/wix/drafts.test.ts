import { describe, expect, it } from 'vitest';
import { CatalogueError } from '@/lib/core/errors';
import { restPost, richContent } from '../../helpers/wix-blog';
import { json, on, withFakeWix } from './server';

const wix = withFakeWix();

const restDraft = (overrides: Record<string, unknown> = {}) =>
  restPost({
    id: 'draft-1',
    status: 'UNPUBLISHED',
    editedDate: '2024-04-01T10:00:00.000Z',
    scheduledPublishDate: null,
    firstPublishedDate: undefined,
    ...overrides,
  });

describe('wix source: drafts (Draft Posts API, API key)', () => {
  it('queries drafts that are not public, most recently edited first', async () => {
    wix.server.use(
      on.post('/blog/v3/draft-posts/query', () =>
        json({
          draftPosts: [restDraft(), restDraft({ id: 'draft-2', slug: '' })],
          pagingMetadata: { count: 2, cursors: { next: 'next-cursor' }, hasNext: true },
        }),
      ),
    );
    const page = await wix.source().listDrafts({ limit: 2 });

    const [request] = wix.to('/blog/v3/draft-posts/query');
    expect(request!.body).toEqual({
      query: {
        filter: { status: { $nin: ['PUBLISHED', 'DELETED'] } },
        sort: [{ fieldName: 'editedDate', order: 'DESC' }],
        cursorPaging: { limit: 2 },
      },
    });
    expect(request!.headers.get('authorization')).toBe('IST.test-api-key-0123456789');
    expect(page.items.map((d) => [d.id, d.slug, d.status])).toEqual([
      ['draft-1', 'hello-wix', 'UNPUBLISHED'],
      ['draft-2', 'draft-2', 'UNPUBLISHED'],
    ]);
    expect(page.items[0]!.editedDate).toBe('2024-04-01T10:00:00.000Z');
    expect(page).toMatchObject({ cursors: { next: 'next-cursor', prev: null }, hasNext: true });
  });

  it('sends only the cursor for the next page', async () => {
    wix.server.use(
      on.post('/blog/v3/draft-posts/query', () => json({ draftPosts: [], pagingMetadata: { cursors: {} } })),
    );
    const page = await wix.source().listDrafts({ cursor: 'next-cursor', limit: 2 });
    expect(wix.to('/blog/v3/draft-posts/query')[0]!.body).toEqual({
      query: { cursorPaging: { cursor: 'next-cursor', limit: 2 } },
    });
    expect(page).toEqual({ items: [], cursors: { next: null, prev: null }, hasNext: false });
  });

  it('gets one draft with its rich content; a missing one is null', async () => {
    wix.server.use(
      on.get('/blog/v3/draft-posts/:id', ({ params }) =>
        params.id === 'draft-1'
          ? json({ draftPost: restDraft({ richContent }) })
          : json({ message: 'not found' }, { status: 404 }),
      ),
    );
    const source = wix.source();
    const draft = await source.getDraft('draft-1');
    expect(wix.to('/blog/v3/draft-posts/draft-1')[0]!.url.searchParams.getAll('fieldsets')).toEqual([
      'RICH_CONTENT',
      'URL',
    ]);
    expect(draft?.richContent?.nodes).toEqual(richContent.nodes);
    expect(draft?.heroImage?.url).toBe('https://static.wixstatic.com/media/abc~mv2.jpg');
    await expect(source.getDraft('gone')).resolves.toBeNull();
  });

  it('a rejected cursor is WDE0165, other failures go through the catalogue', async () => {
    wix.server.use(on.post('/blog/v3/draft-posts/query', () => json({ message: 'bad cursor' }, { status: 400 })));
    await expect(wix.source().listDrafts({ cursor: 'stale' })).rejects.toMatchObject({ status: 400, wde: 'WDE0165' });
    await expect(wix.source().listDrafts({ cursor: 'x'.repeat(2001) })).rejects.toMatchObject({ wde: 'WDE0165' });
  });

  it('without an API key, says drafts need WIX_API_KEY and asks Wix nothing', async () => {
    const visitor = wix.source({ apiKey: undefined, siteId: undefined, clientId: 'client-1' });
    const error = await visitor.listDrafts().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as CatalogueError).message).toMatch(/WIX_API_KEY/);
    await expect(visitor.getDraft('draft-1')).rejects.toThrow(/WIX_API_KEY/);
    expect(wix.seen).toEqual([]);
  });
});
