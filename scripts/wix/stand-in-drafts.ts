import { randomUUID } from 'node:crypto';
import { type Answer, type Call, type Json, matches, notFound, readCursor, sorted, wixError } from './stand-in-shared';
import { createInBulk } from './stand-in-drafts-bulk';

// The stand-in's Draft Posts (the Blog's /v3/draft-posts, @wix/auto_sdk_blog_draft-posts), for the site's key only
// (a visitor or member is 403: drafts are the site's). Every published post has its draft, made from the post the
// first time it is asked for; a draft's id is its post's. What each call does follows the module's typings and docs:
//
// - `createDraftPost` (POST): UNPUBLISHED, `editedDate` now. `getDraftPost` (GET /{id}).
// - `updateDraftPost` (PATCH /{id}, `draftPost` and `action`): UPDATE saves the fields; UPDATE_PUBLISH saves and
//   publishes; UPDATE_PUBLICATION keeps a published post's edits as its draft (`hasUnpublishedChanges`), readers still
//   seeing the post as it was; UPDATE_SCHEDULE (with `scheduledPublishDate`) and UPDATE_CANCEL_SCHEDULE;
//   UPDATE_REVERT_TO_DRAFT takes the post from readers; UPDATE_REJECT sends a post in review back
//   (`moderationDetails.status` REJECTED, dated).
// - `publishDraftPost` (POST /{id}/publish): published (`firstPublishedDate` kept), answered `{ postId }`; a post in
//   review is approved (`moderationDetails` APPROVED, dated).
// - `deleteDraftPost` (DELETE /{id}): to the trash bin, the post gone from readers; `listDeletedDraftPosts` (GET
//   /trash-bin), newest first; `restoreFromTrashBin` (POST /trash-bin/{id}/restore): back as it was.
// - `bulkCreateDraftPosts` (POST /v3/bulk/draft-posts/create): stand-in-drafts-bulk.ts.
// - `queryDraftPosts` (POST /query): `filter` over the draft's fields, `sort`, `cursorPaging` (a cursor carries its
//   query's filter and sort); every published post's draft is listed (as Wix lists them), not only those asked for
//   before.
// - `translateDraft` (POST /v3/multilingual/draft/{postId}): a new draft in `language`, a copy of the original's.
// Published, a draft becomes the Blog's post (stand-in-blog.ts `put`): what readers are answered.

type Draft = Json & { id: string; status: string; editedDate: string };

export interface PublishedPosts {
  /** The post as the Blog holds it (its draft made from it), or undefined. */
  post(id: string): Json | undefined;
  /** The published posts' ids. */
  ids(): string[];
  put(post: Json): void;
  remove(id: string): void;
}

const PAGE_MAX = 100;

export interface DraftOptions {
  /** Whether a member of the site has this id (a bulk-created post's writer must be one). */
  isMember?: (id: string) => boolean;
}

export function createDrafts(blog: PublishedPosts, seeded: Json[] = [], options: DraftOptions = {}) {
  const drafts = new Map<string, Draft>(seeded.map((d) => [String(d.id), { ...d } as Draft]));
  const trash = new Map<string, Draft>();
  const now = () => new Date().toISOString();

  /** The draft of `id`: kept, or made from the published post. */
  function draftOf(id: string): Draft | undefined {
    const kept = drafts.get(id);
    if (kept) return kept;
    const post = blog.post(id);
    if (!post) return undefined;
    const draft: Draft = {
      ...post,
      id,
      seoSlug: post.slug,
      status: 'PUBLISHED',
      hasUnpublishedChanges: false,
      editedDate: String(post.lastPublishedDate ?? post.firstPublishedDate ?? now()),
    };
    drafts.set(id, draft);
    return draft;
  }

  const text = (nodes: unknown): string =>
    Array.isArray(nodes)
      ? nodes
          .map((n) => {
            const node = n as Json;
            const own =
              typeof (node.textData as Json | undefined)?.text === 'string' ? (node.textData as Json).text : '';
            return `${String(own)}${text(node.nodes)}`;
          })
          .join('')
      : '';

  /** Readers see the draft as a post. */
  function publish(draft: Draft) {
    const at = now();
    Object.assign(draft, {
      status: 'PUBLISHED',
      firstPublishedDate: draft.firstPublishedDate ?? at,
      lastPublishedDate: at,
      hasUnpublishedChanges: false,
      editedDate: at,
    });
    delete draft.scheduledPublishDate;
    const { seoSlug, hasUnpublishedChanges: _, editedDate: __, ...post } = draft;
    const nodes = ((draft.richContent as Json | undefined)?.nodes ?? []) as Json[];
    blog.put({
      ...post,
      slug: seoSlug ?? draft.id,
      contentText: nodes.map((n) => text([n])).join('\n'),
      minutesToRead: 1,
    });
  }

  /** A draft as Wix answers it: the rich content and URL only with their fieldsets. */
  function shaped(draft: Draft, call: Call) {
    const fieldsets = [...call.query.getAll('fieldsets'), ...((call.body.fieldsets as string[] | undefined) ?? [])];
    const { richContent, url, contentText: _, ...rest } = draft;
    return {
      ...rest,
      ...(fieldsets.includes('RICH_CONTENT') && { richContent }),
      ...(fieldsets.includes('URL') && url !== undefined && { url }),
    };
  }

  /** A new draft of the fields `given` (UNPUBLISHED, `editedDate` now), kept. */
  function created(given: Json): Draft {
    const id = randomUUID();
    const draft: Draft = {
      categoryIds: [],
      tagIds: [],
      hashtags: [],
      pricingPlanIds: [],
      featured: false,
      language: 'en',
      ...given,
      id,
      seoSlug: typeof given.seoSlug === 'string' ? given.seoSlug : id,
      status: 'UNPUBLISHED',
      hasUnpublishedChanges: false,
      editedDate: now(),
    };
    drafts.set(id, draft);
    return draft;
  }

  return function answer(call: Call): Answer | undefined {
    const { method, route, body } = call;
    const translate = /^\/v3\/multilingual\/draft\/([^/]+)$/.exec(route);
    const bulkCreate = route === '/v3/bulk/draft-posts/create';
    if (!route.startsWith('/v3/draft-posts') && !translate && !bulkCreate) return undefined;
    if (call.caller.kind !== 'site') return wixError(403, 'FORBIDDEN', 'draft posts are read and written by the site');
    const ok = (draft: Draft) => ({ status: 200, body: { draftPost: shaped(draft, call) } });
    let m: RegExpExecArray | null;

    if (bulkCreate) {
      if (method !== 'POST') return undefined;
      return createInBulk(body, {
        made: (post) => {
          const draft = created(post);
          if (body.publish === true) publish(draft);
          return { id: draft.id, item: () => shaped(draft, call) };
        },
        isMember: options.isMember,
      });
    }

    if (translate && method === 'POST') {
      const original = draftOf(decodeURIComponent(translate[1]!));
      if (!original) return notFound('draft post');
      const language = String(body.language ?? '');
      if (!language) return wixError(400, 'INVALID_ARGUMENT', 'language is required');
      const { url: _, firstPublishedDate: __, lastPublishedDate: ___, ...copy } = original;
      const draft: Draft = {
        ...copy,
        id: randomUUID(),
        language,
        status: 'UNPUBLISHED',
        seoSlug: `${String(original.seoSlug ?? original.id)}-${language}`,
        hasUnpublishedChanges: false,
        editedDate: now(),
      };
      drafts.set(draft.id, draft);
      return ok(draft);
    }
    const rest = route.slice('/v3/draft-posts'.length);

    if (method === 'POST' && rest === '') {
      const given = (body.draftPost ?? {}) as Json;
      if (typeof given.title !== 'string' || !given.title)
        return wixError(400, 'INVALID_ARGUMENT', 'title is required');
      return ok(created(given));
    }
    if (method === 'POST' && rest === '/query') {
      // Wix lists every post's draft: those of the published posts no call has asked for yet are made now.
      for (const id of blog.ids()) draftOf(id);
      const query = (body.query ?? {}) as {
        filter?: unknown;
        sort?: [];
        cursorPaging?: { limit?: number; cursor?: string };
      };
      const limit = Math.min(query.cursorPaging?.limit ?? 50, PAGE_MAX);
      // A cursor stands for its query: a next page's request sends it alone, and Wix reads filter and sort from it.
      const cursor = query.cursorPaging?.cursor;
      const read = cursor ? readCursor<{ filter: unknown; sort: []; offset: number }>(cursor) : undefined;
      if (cursor && !read) return wixError(400, 'INVALID_ARGUMENT', 'cursorPaging.cursor is not a cursor');
      const { filter, sort, offset } = read ?? { filter: query.filter, sort: query.sort ?? [], offset: 0 };
      const list = sorted(
        [...drafts.values()].filter((d) => matches(d, filter)),
        sort,
      );
      const page = list.slice(offset, offset + limit);
      const hasNext = offset + limit < list.length;
      const next = Buffer.from(JSON.stringify({ filter, sort, offset: offset + limit })).toString('base64url');
      return {
        status: 200,
        body: {
          draftPosts: page.map((d) => shaped(d, call)),
          pagingMetadata: { count: page.length, cursors: hasNext ? { next } : {}, hasNext },
        },
      };
    }
    if (method === 'GET' && rest === '/trash-bin') {
      const list = [...trash.values()].sort((a, b) => b.editedDate.localeCompare(a.editedDate));
      return { status: 200, body: { draftPosts: list.map((d) => shaped(d, call)) } };
    }
    if (method === 'POST' && (m = /^\/trash-bin\/([^/]+)\/restore$/.exec(rest))) {
      const id = decodeURIComponent(m[1]!);
      const draft = trash.get(id);
      if (!draft) return notFound('draft post');
      trash.delete(id);
      drafts.set(id, draft);
      if (draft.status === 'PUBLISHED') publish(draft);
      return ok(draft);
    }
    if ((m = /^\/([^/]+)(\/publish)?$/.exec(rest))) {
      const id = decodeURIComponent(m[1]!);
      const draft = draftOf(id);
      if (!draft) return notFound('draft post');
      if (method === 'GET' && !m[2]) return ok(draft);
      if (method === 'POST' && m[2]) {
        const details = draft.moderationDetails as Json | undefined;
        if (draft.status === 'IN_REVIEW' && details)
          draft.moderationDetails = { ...details, status: 'APPROVED', moderationDate: now() };
        publish(draft);
        return { status: 200, body: { postId: id } };
      }
      if (method === 'DELETE' && !m[2]) {
        drafts.delete(id);
        blog.remove(id);
        trash.set(id, { ...draft, editedDate: now() });
        return { status: 200, body: {} };
      }
      if (method === 'PATCH' && !m[2]) {
        const { id: _, ...fields } = (body.draftPost ?? {}) as Json;
        const action = String(body.action ?? 'UPDATE');
        const edited = { ...fields, editedDate: now() };
        switch (action) {
          case 'UPDATE':
            Object.assign(draft, edited);
            break;
          case 'UPDATE_PUBLISH':
            Object.assign(draft, edited);
            publish(draft);
            break;
          case 'UPDATE_PUBLICATION':
            if (draft.status !== 'PUBLISHED') return wixError(400, 'INVALID_ARGUMENT', 'the post is not published');
            Object.assign(draft, edited, { hasUnpublishedChanges: true });
            break;
          case 'UPDATE_SCHEDULE': {
            const at = String(body.scheduledPublishDate ?? '');
            if (!Number.isFinite(Date.parse(at))) return wixError(400, 'INVALID_ARGUMENT', 'scheduledPublishDate');
            Object.assign(draft, edited, { status: 'SCHEDULED', scheduledPublishDate: new Date(at).toISOString() });
            break;
          }
          case 'UPDATE_CANCEL_SCHEDULE':
            Object.assign(draft, edited, { status: 'UNPUBLISHED' });
            delete draft.scheduledPublishDate;
            break;
          case 'UPDATE_REVERT_TO_DRAFT':
            Object.assign(draft, edited, { status: 'UNPUBLISHED', hasUnpublishedChanges: false });
            blog.remove(id);
            break;
          case 'UPDATE_REJECT': {
            if (draft.status !== 'IN_REVIEW') return wixError(400, 'INVALID_ARGUMENT', 'the post is not in review');
            const details = (draft.moderationDetails ?? {}) as Json;
            Object.assign(draft, edited, {
              status: 'UNPUBLISHED',
              moderationDetails: { ...details, status: 'REJECTED', moderationDate: now() },
            });
            break;
          }
          default:
            return wixError(400, 'INVALID_ARGUMENT', `no action ${action}`);
        }
        return ok(draft);
      }
    }
    return undefined;
  };
}
