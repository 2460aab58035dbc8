// Response fixtures for the conformance suite, each in the shape the official SDK's typings give (the file and
// interface are cited beside it). The auto_sdk typings name system fields as the SDK hands them (`_id`,
// `_createdDate`); on the wire (the REST reference, and what the SDK's response transform renames) they are `id`,
// `createdDate`, which is what these fixtures answer. Dates travel as ISO strings. Values are made up; shapes are not.

const AUTO = 'node_modules/@wix/auto_sdk_';

export const POST_ID = '8e1cd74d-0746-47d2-b69e-ab7a6a51b539';
/** A post's referenceId: 24 characters at most (`Post.referenceId` `@maxLength 24`, auto_sdk_blog_posts typings). */
export const REFERENCE_ID = '5f0c7a7e1b7c4a649d3e1f2a';
export const MEMBER_ID = 'a8c6e5c0-3c2f-4c41-8b4f-0d6c9e1f2a3b';
export const COMMENT_ID = 'c0ffee00-0000-4000-8000-000000000001';

/** `Post` (_id, title, slug, firstPublishedDate, lastPublishedDate): blog_posts/build/cjs/index.typings.d.ts. */
export const post = {
  id: POST_ID,
  title: 'Hello',
  slug: 'hello',
  firstPublishedDate: '2024-03-05T10:00:00.000Z',
  lastPublishedDate: '2024-03-06T11:30:00.000Z',
};
export const POSTS_TYPINGS = `${AUTO}blog_posts/build/cjs/index.typings.d.ts`;

/** `Category` (_id, label, slug, postCount): blog_categories/build/cjs/index.typings.d.ts. */
export const category = { id: 'cat-1', label: 'News', slug: 'news', postCount: 1 };

/** `BlogTag` (_id, label, slug, postCount, publishedPostCount): blog_tags/build/cjs/index.typings.d.ts. */
export const tag = { id: 'tag-1', label: 'Wix', slug: 'wix', postCount: 1, publishedPostCount: 1 };

/** `DraftPost` (_id, title, status, editedDate…): blog_draft-posts/build/cjs/index.typings.d.ts. */
export const draftPost = {
  id: 'draft-1',
  title: 'Draft',
  slug: 'draft',
  status: 'UNPUBLISHED',
  editedDate: '2024-03-07T09:00:00.000Z',
};

/** `PagingMetadataV2` / `CursorPagingMetadata` (count, cursors { next, prev }, hasNext): the modules' typings. */
export const lastCursorPage = { count: 1, cursors: {}, hasNext: false };

/** `Member` (_id, loginEmail, status, profile { nickname, slug }): members_members/build/cjs/index.typings.d.ts. */
export const member = {
  id: MEMBER_ID,
  loginEmail: 'ada@example.com',
  loginEmailVerified: true,
  status: 'APPROVED',
  profile: { nickname: 'Ada', slug: 'ada' },
  createdDate: '2024-01-01T00:00:00.000Z',
};

/**
 * `Comment` (_id, revision, appId, contextId, resourceId, content { richContent }, author { memberId }, status,
 * _createdDate): comments_comments/build/cjs/index.typings.d.ts.
 */
export const comment = (fields: Record<string, unknown> = {}) => ({
  id: COMMENT_ID,
  revision: '1',
  appId: '14bcded7-0066-7c35-14d7-466cb3f09103',
  contextId: REFERENCE_ID,
  resourceId: REFERENCE_ID,
  content: { richContent: { nodes: [] } },
  author: { memberId: MEMBER_ID },
  status: 'PUBLISHED',
  createdDate: '2025-01-01T00:00:00.000Z',
  updatedDate: '2025-01-01T00:00:00.000Z',
  ...fields,
});

/** `Like` (_id, _createdDate, entityId, fqdn): blog_likes/build/cjs/index.typings.d.ts. */
export const like = {
  id: 'like-1',
  createdDate: '2025-01-01T00:00:00.000Z',
  entityId: POST_ID,
  fqdn: 'wix.blog.v3.post',
};

/**
 * `TokenResponse` (access_token, expires_in, refresh_token, token_type): node_modules/@wix/sdk/build/auth/oauth2/
 * OAuthStrategy.d.ts; fetchTokens in OAuthStrategy.js reads those three names.
 */
export const tokens = (refresh = 'OauthNG.JWS.refresh-1') => ({
  access_token: 'OauthNG.JWS.access-1',
  expires_in: 14400,
  refresh_token: refresh,
  token_type: 'Bearer',
});

/**
 * `StateMachineResponse` (state: StateType, sessionToken, stateToken, identity):
 * identity_authentication/build/cjs/index.typings.d.ts (also identity_verification's).
 */
export const stateResponse = (state: 'SUCCESS' | 'REQUIRE_EMAIL_VERIFICATION' | 'REQUIRE_OWNER_APPROVAL') => ({
  state,
  ...(state === 'SUCCESS' ? { sessionToken: 'JWS.wix-session' } : {}),
  ...(state === 'REQUIRE_EMAIL_VERIFICATION' ? { stateToken: 'JWS.state-token' } : {}),
  identity: { id: 'identity-1' },
});

/**
 * `CreateRedirectSessionResponse` { redirectSession: RedirectSession (_id, fullUrl, urlDetails { endpoint,
 * searchParams }, sessionToken) }: redirects_redirects/build/cjs/index.typings.d.ts. The URL is a made-up value.
 */
export const redirectSession = (fullUrl = 'https://www.wixapis.com/oauth2/authorize?client_id=x') => ({
  redirectSession: {
    id: 'redirect-1',
    fullUrl,
    urlDetails: { endpoint: 'https://www.wixapis.com/oauth2/authorize', searchParams: {} },
  },
});

/**
 * `DataItem` (id, dataCollectionId, data):
 * node_modules/@wix/wix-data-items-common/dist/types/types/data-item-types.d.ts
 * (REST names there), as are the responses built from it below.
 */
export const dataItem = (collection: string, id: string, data: Record<string, unknown> = {}) => ({
  id,
  dataCollectionId: collection,
  data: { _id: id, ...data },
});

/** `BulkDataItemResult` { action, itemMetadata: ItemMetadata { id, originalIndex, success }, dataItem }: same file. */
export const bulkResults = (collection: string, ids: string[], action = 'INSERT') => ({
  results: ids.map((id, originalIndex) => ({
    action,
    itemMetadata: { id, originalIndex, success: true },
    dataItem: dataItem(collection, id),
  })),
  bulkActionMetadata: { totalSuccesses: ids.length, totalFailures: 0, undetailedFailures: 0 },
});

/** `BulkDataItemReferenceResult` { action, referenceMetadata: ItemMetadata, dataItemReference }: same file. */
export const referenceResults = (field: string, from: string, to: string[], action = 'INSERT') => ({
  results: to.map((id, originalIndex) => ({
    action,
    referenceMetadata: { id, originalIndex, success: true },
    dataItemReference: { referringItemFieldName: field, referringItemId: from, referencedItemId: id },
  })),
  bulkActionMetadata: { totalSuccesses: to.length, totalFailures: 0, undetailedFailures: 0 },
});

/** `PagingMetadataV2` (count, offset, total, tooManyToCount, cursors, hasNext): same file. */
export const offsetPage = (count: number) => ({
  count,
  offset: 0,
  total: count,
  tooManyToCount: false,
  hasNext: false,
});
