import { categories, draftPosts, posts, tags } from '@wix/blog';
import { members } from '@wix/members';
import { describe, expect, it } from 'vitest';
import { createWixSource } from '@/lib/blog/wix';
import { memoryTokenCache } from '@/lib/wix/tokens';
import { category, draftPost, lastCursorPage, member, MEMBER_ID, post, POST_ID, tag } from './fixtures';
import { API_KEY, type Reply, SITE_ID, recorder, route, sdkClient, transportOf } from './recorder';

// The Blog (lib/blog/wix): every call goes through @wix/blog's typed modules already (posts, categories, tags,
// draftPosts), so these pin that the arguments we hand the SDK are the ones a caller of the SDK would hand it for the
// same question. The authors (lib/blog/wix/authors.ts) go through @wix/members' members module, on that client.
// Fixtures: fixtures.ts (Post, Category, BlogTag, DraftPost, Member from the modules' index.typings.d.ts).

/** Both sides on one recorder that answers every request with `reply`. */
function setup(method: string, reply: Reply) {
  const rec = recorder(route(method, /./, reply));
  const source = createWixSource({ apiKey: API_KEY, siteId: SITE_ID, tokens: memoryTokenCache(), ...transportOf(rec) });
  const sdk = sdkClient({ posts, categories, tags, draftPosts, members }, rec);
  return { rec, source, sdk };
}

describe('conformance: blog posts (@wix/blog posts)', () => {
  it('getPost: as posts.getPost', async () => {
    const { rec, source, sdk } = setup('GET', { body: { post } });
    const ours = await rec.one(() => source.getPost(POST_ID, { fieldsets: ['URL', 'METRICS'] }));
    const theirs = await rec.one(() => sdk.posts.getPost(POST_ID, { fieldsets: ['URL', 'METRICS'] }));
    expect(ours).toEqual(theirs);
  });

  it('getPostBySlug: as posts.getPostBySlug', async () => {
    const { rec, source, sdk } = setup('GET', { body: { post } });
    const options = { fieldsets: ['URL' as const], language: 'en' };
    const ours = await rec.one(() => source.getPostBySlug('hello', options));
    const theirs = await rec.one(() => sdk.posts.getPostBySlug('hello', options));
    expect(ours).toEqual(theirs);
  });

  // A slug that needs escaping: pathSegment (lib/blog/wix/segments.ts) escapes it for the path, and the SDK copies it
  // into the query as `slug`; that copy went out escaped twice, mended only when WIX_API_BASE_URL was set (never in
  // production). The transport now mends it for every Wix request (lib/wix/base-url.ts): the same request as the SDK's.
  it('getPostBySlug, a slug with letters the URL escapes: as posts.getPostBySlug', async () => {
    const { rec, source, sdk } = setup('GET', { body: { post } });
    const ours = await rec.one(() => source.getPostBySlug('héllo wörld'));
    const theirs = await rec.one(() => sdk.posts.getPostBySlug('héllo wörld'));
    expect(ours).toEqual(theirs);
  });

  // The difference, named: the SDK puts a path parameter into the path as it is, so a slug holding `%`
  // would name another path (or none). Ours escapes it there; the query copy is the SDK's.
  it.each(['100%', '50% off'])('getPostBySlug(%j): the path escaped where the SDK leaves it raw', async (slug) => {
    const { rec, source, sdk } = setup('GET', { body: { post } });
    const ours = await rec.one(() => source.getPostBySlug(slug));
    const theirs = await rec.one(() => sdk.posts.getPostBySlug(slug));
    expect(ours).toEqual({ ...theirs, path: `/v3/posts/slugs/${encodeURIComponent(slug)}` });
  });

  it('listPosts: as posts.listPosts', async () => {
    const { rec, source, sdk } = setup('GET', {
      body: { posts: [post], metaData: { count: 1, offset: 20, total: 21 } },
    });
    const options = {
      featured: true,
      categoryIds: ['cat-1'],
      tagIds: ['tag-1'],
      hashtags: ['wix'],
      memberId: MEMBER_ID,
      language: 'en',
      sort: 'VIEW_COUNT' as const,
      fieldsets: ['URL' as const],
    };
    const ours = await rec.one(() => source.listPosts({ ...options, paging: { offset: 20, limit: 10 } }));
    const theirs = await rec.one(() => sdk.posts.listPosts({ ...options, paging: { offset: 20, limit: 10 } }));
    expect(ours).toEqual(theirs);
  });

  it('searchPosts (reads the newest posts with their text): as posts.listPosts', async () => {
    const { rec, source, sdk } = setup('GET', { body: { posts: [post], metaData: { count: 1, offset: 0, total: 1 } } });
    const ours = await rec.one(() => source.searchPosts('hello'));
    const theirs = await rec.one(() =>
      sdk.posts.listPosts({ paging: { offset: 0, limit: 100 }, fieldsets: ['CONTENT_TEXT'] }),
    );
    expect(ours).toEqual(theirs);
  });

  it('queryPosts, first page: as posts.queryPosts', async () => {
    const { rec, source, sdk } = setup('POST', { body: { posts: [post], pagingMetadata: lastCursorPage } });
    const sort = [{ fieldName: 'firstPublishedDate' as const, order: 'DESC' as const }];
    const ours = await rec.one(() =>
      source.queryPosts(
        { filter: { featured: { $eq: true }, categoryIds: { $hasSome: ['cat-1'] } }, sort, cursorPaging: { limit: 5 } },
        { fieldsets: ['URL'] },
      ),
    );
    const theirs = await rec.one(() =>
      sdk.posts.queryPosts(
        { filter: { featured: { $eq: true }, categoryIds: { $hasSome: ['cat-1'] } }, sort, cursorPaging: { limit: 5 } },
        { fieldsets: ['URL'] },
      ),
    );
    expect(ours).toEqual(theirs);
  });

  it('queryPosts, a later page (the cursor alone): as posts.queryPosts', async () => {
    const { rec, source, sdk } = setup('POST', { body: { posts: [post], pagingMetadata: lastCursorPage } });
    const ours = await rec.one(() => source.queryPosts({ cursorPaging: { cursor: 'cursor-2', limit: 5 } }));
    const theirs = await rec.one(() => sdk.posts.queryPosts({ cursorPaging: { cursor: 'cursor-2', limit: 5 } }));
    expect(ours).toEqual(theirs);
  });

  it('getPostMetrics: as posts.getPostMetrics', async () => {
    // GetPostMetricsResponse { metrics: Metrics { comments, likes, views } }: blog_posts index.typings.d.ts.
    const { rec, source, sdk } = setup('GET', { body: { metrics: { comments: 1, likes: 2, views: 3 } } });
    const ours = await rec.one(() => source.getPostMetrics(POST_ID));
    const theirs = await rec.one(() => sdk.posts.getPostMetrics(POST_ID));
    expect(ours).toEqual(theirs);
  });

  it('queryPostCountStats: as posts.queryPostCountStats', async () => {
    // QueryPostCountStatsResponse { stats: PeriodPostCount[] { periodStart, postCount } }: blog_posts typings.
    const { rec, source, sdk } = setup('GET', {
      body: { stats: [{ periodStart: '2024-01-01T00:00:00Z', postCount: 2 }] },
    });
    const ours = await rec.one(() =>
      source.queryPostCountStats({ rangeStart: '2024-01-01T00:00:00Z', months: 3, order: 'NEWEST', language: 'en' }),
    );
    const theirs = await rec.one(() =>
      sdk.posts.queryPostCountStats({
        rangeStart: new Date('2024-01-01T00:00:00Z'),
        months: 3,
        order: 'NEWEST',
        language: 'en',
        timeZone: '+00',
      }),
    );
    expect(ours).toEqual(theirs);
  });

  it('getTotalPosts: as posts.getTotalPosts', async () => {
    // GetTotalPostsResponse { total }: blog_posts index.typings.d.ts.
    const { rec, source, sdk } = setup('GET', { body: { total: 7 } });
    const ours = await rec.one(() => source.getTotalPosts({ language: 'en' }));
    const theirs = await rec.one(() => sdk.posts.getTotalPosts({ language: 'en' }));
    expect(ours).toEqual(theirs);
  });
});

describe('conformance: categories and tags (@wix/blog categories, tags)', () => {
  it('getCategory: as categories.getCategory', async () => {
    const { rec, source, sdk } = setup('GET', { body: { category } });
    const ours = await rec.one(() => source.getCategory('cat-1'));
    const theirs = await rec.one(() => sdk.categories.getCategory('cat-1', { fieldsets: ['URL', 'SEO'] }));
    expect(ours).toEqual(theirs);
  });

  it('getCategoryBySlug: as categories.getCategoryBySlug', async () => {
    const { rec, source, sdk } = setup('GET', { body: { category } });
    const ours = await rec.one(() => source.getCategoryBySlug('news'));
    const theirs = await rec.one(() => sdk.categories.getCategoryBySlug('news', { fieldsets: ['URL', 'SEO'] }));
    expect(ours).toEqual(theirs);
  });

  it('listCategories: as categories.listCategories', async () => {
    // ListCategoriesResponse { categories, metaData { count, offset, total } }: blog_categories typings.
    const { rec, source, sdk } = setup('GET', { body: { categories: [category], metaData: { count: 1, total: 1 } } });
    const ours = await rec.one(() => source.listCategories({ language: 'en' }));
    const theirs = await rec.one(() =>
      sdk.categories.listCategories({ paging: { offset: 0, limit: 100 }, fieldsets: ['URL', 'SEO'], language: 'en' }),
    );
    expect(ours).toEqual(theirs);
  });

  it('getTag: as tags.getTag', async () => {
    const { rec, source, sdk } = setup('GET', { body: { tag } });
    const ours = await rec.one(() => source.getTag('tag-1'));
    const theirs = await rec.one(() => sdk.tags.getTag('tag-1', { fieldsets: ['URL'] }));
    expect(ours).toEqual(theirs);
  });

  it('getTagBySlug: as tags.getTagBySlug', async () => {
    const { rec, source, sdk } = setup('GET', { body: { tag } });
    const ours = await rec.one(() => source.getTagBySlug('wix'));
    const theirs = await rec.one(() => sdk.tags.getTagBySlug('wix', { fieldsets: ['URL'] }));
    expect(ours).toEqual(theirs);
  });

  it('listTags: as tags.queryTags', async () => {
    // QueryTagsResponse { tags: BlogTag[], pagingMetadata }: blog_tags typings.
    const { rec, source, sdk } = setup('POST', { body: { tags: [tag], pagingMetadata: { count: 1, total: 1 } } });
    const ours = await rec.one(() => source.listTags({ language: 'en' }));
    const theirs = await rec.one(() =>
      sdk.tags.queryTags(
        { paging: { offset: 0, limit: 100 }, filter: { language: { $eq: 'en' } } },
        { fieldsets: ['URL'] },
      ),
    );
    expect(ours).toEqual(theirs);
  });
});

describe('conformance: drafts (@wix/blog draftPosts)', () => {
  it('listDrafts: as draftPosts.queryDraftPosts', async () => {
    // QueryDraftPostsResponse { draftPosts, pagingMetadata }: blog_draft-posts typings.
    const { rec, source, sdk } = setup('POST', { body: { draftPosts: [draftPost], pagingMetadata: lastCursorPage } });
    const ours = await rec.one(() => source.listDrafts({ limit: 5 }));
    const theirs = await rec.one(() =>
      sdk.draftPosts.queryDraftPosts({
        filter: { status: { $nin: ['PUBLISHED', 'DELETED'] } },
        sort: [{ fieldName: 'editedDate', order: 'DESC' }],
        cursorPaging: { limit: 5 },
      }),
    );
    expect(ours).toEqual(theirs);
  });

  it('getDraft: as draftPosts.getDraftPost', async () => {
    // GetDraftPostResponse { draftPost }: blog_draft-posts typings.
    const { rec, source, sdk } = setup('GET', { body: { draftPost } });
    const ours = await rec.one(() => source.getDraft('draft-1'));
    const theirs = await rec.one(() => sdk.draftPosts.getDraftPost('draft-1', { fieldsets: ['RICH_CONTENT', 'URL'] }));
    expect(ours).toEqual(theirs);
  });
});

describe('conformance: a post’s author (@wix/members members, on the blog’s client)', () => {
  it('getAuthor: as members.getMember', async () => {
    // GetMemberResponse { member }: members_members typings.
    const { rec, source, sdk } = setup('GET', { body: { member } });
    const ours = await rec.one(() => source.getAuthor(MEMBER_ID));
    const theirs = await rec.one(() => sdk.members.getMember(MEMBER_ID, { fieldsets: ['PUBLIC'] }));
    expect(ours).toEqual(theirs);
  });

  it('getAuthorBySlug: as members.queryMembers', async () => {
    // QueryMembersResponse { members, metadata }: members_members typings.
    const { rec, source, sdk } = setup('POST', { body: { members: [member], metadata: { count: 1 } } });
    const ours = await rec.one(() => source.getAuthorBySlug('ada'));
    const theirs = await rec.one(() =>
      sdk.members.queryMembers(
        { filter: { 'profile.slug': { $eq: 'ada' } }, paging: { limit: 1 } },
        { fieldsets: ['PUBLIC'] },
      ),
    );
    expect(ours).toEqual(theirs);
  });
});
