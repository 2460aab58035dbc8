import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { NAMED_SORTS, type SortSpec } from '@/lib/blog/tools';
import type { Members } from './stand-in-members';
import { termWriters } from './stand-in-terms';
import {
  type Answer,
  type Call,
  type Caller,
  type Json,
  matches,
  notFound,
  type SortOrder,
  sorted,
  wixError,
} from './stand-in-shared';

// The stand-in's Blog: the Wix Blog REST calls the site makes (the paths and shapes of tests/helpers/wix-blog.ts and
// lib/blog/wix/*), answered from a content folder's published posts (and any `posts` given), its categories and tags.
//
// As @wix/auto_sdk_blog_posts documents a Post:
// - the heavy fields come only with their fieldset (PostFieldset: RICH_CONTENT, CONTENT_TEXT, METRICS, SEO, URL), and
//   `referenceId` ("Post ID as used in the Comments API", at most 24 characters) only with REFERENCE_ID;
// - a paid post (`pricingPlanIds`) is answered whole to the site's API key and to a member holding an ACTIVE order of
//   one of its plans; to anyone else as its preview: `preview: true` ("Whether the returned content is a preview of
//   premium content ... A preview displays a limited number of paragraphs of paid content to non-subscribed users"),
//   its rich content cut to the post's first `previewBlocks` nodes (3 unless the post says), its text to theirs.
//
// The site's key also creates terms (stand-in-terms.ts), kept with the folder's and listed with them from then on.

type Raw = Json & { id: string; slug: string; status?: string; firstPublishedDate?: string };

const PAGE_MAX = 100;

const isPublished = (p: Raw) => (p.status ?? 'PUBLISHED') === 'PUBLISHED';

// The platform's named sorts are the ones the local source implements.
const SORTS: Record<string, SortSpec[]> = NAMED_SORTS;

/** The post's referenceId: 24 hexadecimal characters, made from its id once and kept. */
const referenceIdOf = (post: Raw) =>
  typeof post.referenceId === 'string'
    ? post.referenceId
    : createHash('sha1').update(post.id).digest('hex').slice(0, 24);

const PREVIEW_BLOCKS = 3;

/** The post as the caller may read it: whole, or its preview. */
function asReadBy(post: Raw, caller: Caller, members?: Members): Raw {
  const plans = (post.pricingPlanIds as string[] | undefined) ?? [];
  if (plans.length === 0) return post;
  const holds =
    caller.kind === 'site' ||
    (caller.kind === 'member' &&
      (members?.member(caller.memberId)?.orders ?? []).some((o) => o.status === 'ACTIVE' && plans.includes(o.planId)));
  if (holds) return { ...post, preview: false };
  const cut = typeof post.previewBlocks === 'number' ? post.previewBlocks : PREVIEW_BLOCKS;
  const rich = post.richContent as { nodes?: Json[] } | undefined;
  const nodes = (rich?.nodes ?? []).slice(0, cut);
  const text = (node: Json): string =>
    typeof (node.textData as Json | undefined)?.text === 'string'
      ? String((node.textData as Json).text)
      : ((node.nodes as Json[] | undefined) ?? []).map(text).join('');
  return {
    ...post,
    preview: true,
    ...(rich && { richContent: { ...rich, nodes } }),
    contentText: nodes.map(text).join('\n'),
  };
}

/** A post as Wix sends it: the heavy fields only with their fieldset. */
function shapeOf(post: Raw, fieldsets: string[]): Json {
  const { richContent, contentText, metrics, seoData, url, previewBlocks: _cut, referenceId: _ref, ...rest } = post;
  return {
    ...rest,
    ...(fieldsets.includes('RICH_CONTENT') && { richContent }),
    ...(fieldsets.includes('CONTENT_TEXT') && { contentText }),
    ...(fieldsets.includes('METRICS') && { metrics }),
    ...(fieldsets.includes('SEO') && { seoData }),
    ...(fieldsets.includes('URL') && { url }),
    ...(fieldsets.includes('REFERENCE_ID') && { referenceId: referenceIdOf(post) }),
  };
}

const ok = (body: unknown): Answer => ({ status: 200, body });

/**
 * The Blog of the content folder at `contentDir`, read once: a call's answer, by its route (the path without its
 * `/blog` or `/_api` prefix), or undefined for a route the Blog does not have.
 */
export async function blogApi(contentDir: string, options: { posts?: Json[]; members?: Members } = {}) {
  const names = (await readdir(path.join(contentDir, 'posts'))).filter((n) => n.endsWith('.json'));
  const all = await Promise.all(
    names.map(async (n) => JSON.parse(await readFile(path.join(contentDir, 'posts', n), 'utf8')) as Raw),
  );
  const posts = [...all, ...((options.posts ?? []) as Raw[])].filter(isPublished);
  const categories = JSON.parse(await readFile(path.join(contentDir, 'categories.json'), 'utf8')) as Raw[];
  const tags = JSON.parse(await readFile(path.join(contentDir, 'tags.json'), 'utf8')) as Raw[];
  const countIn = (field: string, id: string) =>
    posts.filter((p) => (p[field] as string[] | undefined)?.includes(id)).length;
  const category = (c: Raw) => ({ ...c, postCount: countIn('categoryIds', c.id) });
  const tag = (t: Raw) => ({ ...t, postCount: countIn('tagIds', t.id), publishedPostCount: countIn('tagIds', t.id) });

  /** Whether a post has this referenceId (the Comments API's resource). */
  const hasReference = (referenceId: string) => posts.some((p) => referenceIdOf(p) === referenceId);

  function answer(call: Call): Answer | undefined {
    const { method, route, query: q, body } = call;
    const shape = (post: Raw, fieldsets: string[]) => shapeOf(asReadBy(post, call.caller, options.members), fieldsets);
    const fieldsets = [
      ...q.getAll('fieldsets'),
      ...((body.fieldsets as string[] | undefined) ?? []),
      ...(((body.query as Json | undefined)?.fieldsets as string[] | undefined) ?? []),
    ];
    let m: RegExpExecArray | null;

    if (method === 'GET' && route === '/v3/posts') {
      const offset = Number(q.get('paging.offset') ?? 0);
      const limit = Math.min(PAGE_MAX, Number(q.get('paging.limit') ?? 50));
      let list = posts;
      for (const field of ['categoryIds', 'tagIds', 'hashtags'] as const) {
        const wanted = q.getAll(field);
        if (wanted.length)
          list = list.filter((p) => (p[field] as string[] | undefined)?.some((v) => wanted.includes(v)));
      }
      if (q.get('featured') === 'true') list = list.filter((p) => p.featured === true);
      if (q.get('language')) list = list.filter((p) => p.language === q.get('language'));
      if (q.get('memberId')) list = list.filter((p) => p.memberId === q.get('memberId'));
      list = sorted(list, SORTS[q.get('sort') ?? 'FEED'] ?? SORTS.FEED!);
      const page = list.slice(offset, offset + limit);
      return ok({
        posts: page.map((p) => shape(p, fieldsets)),
        metaData: { count: page.length, offset, total: list.length },
      });
    }
    if (method === 'POST' && route === '/v3/posts/query') {
      const query = (body.query ?? {}) as Json;
      const paging = (query.cursorPaging ?? {}) as { limit?: number; cursor?: string };
      const limit = Math.min(PAGE_MAX, paging.limit ?? 50);
      let filter = query.filter;
      let sort = (query.sort as SortOrder[] | undefined) ?? SORTS.PUBLISHED_DATE_DESC!;
      let offset = 0;
      if (paging.cursor) {
        const state = JSON.parse(Buffer.from(paging.cursor, 'base64url').toString('utf8')) as {
          filter: unknown;
          sort: typeof sort;
          offset: number;
        };
        ({ filter, sort, offset } = state);
      }
      const list = sorted(
        posts.filter((p) => matches(p, filter)),
        sort,
      );
      const page = list.slice(offset, offset + limit);
      const hasNext = offset + limit < list.length;
      const next = hasNext
        ? Buffer.from(JSON.stringify({ filter, sort, offset: offset + limit })).toString('base64url')
        : null;
      return ok({
        posts: page.map((p) => shape(p, fieldsets)),
        pagingMetadata: { count: page.length, cursors: next ? { next } : {}, hasNext },
      });
    }
    if (method === 'GET' && (m = /^\/v3\/posts\/slugs\/([^/]+)$/.exec(route))) {
      const slug = decodeURIComponent(m[1]!);
      const post = posts.find((p) => p.slug === slug);
      return post ? ok({ post: shape(post, fieldsets) }) : notFound('post');
    }
    if (method === 'GET' && (m = /^\/v3\/posts\/([^/]+)\/metrics$/.exec(route))) {
      const post = posts.find((p) => p.id === m![1]);
      return post ? ok({ metrics: post.metrics ?? { views: 0, likes: 0, comments: 0 } }) : notFound('post');
    }
    if (method === 'POST' && (m = /^\/v3\/posts\/([^/]+)\/view$/.exec(route))) {
      // View Post: "The response returns the post's updated total number of views" (the Blog's REST reference).
      const post = posts.find((p) => p.id === decodeURIComponent(m![1]!));
      if (!post) return notFound('post');
      const metrics = (post.metrics ?? { views: 0, likes: 0, comments: 0 }) as { views: number };
      post.metrics = { ...metrics, views: metrics.views + 1 };
      return ok({ views: metrics.views + 1 });
    }
    if (method === 'GET' && (m = /^\/v3\/posts\/([^/]+)$/.exec(route))) {
      const post = posts.find((p) => p.id === m![1]);
      return post ? ok({ post: shape(post, fieldsets) }) : notFound('post');
    }
    if (method === 'GET' && route === '/v2/stats/posts/total') return ok({ total: posts.length });
    if (method === 'GET' && route === '/v2/stats/post/count') {
      const byMonth = new Map<string, number>();
      for (const p of posts) {
        const month = `${String(p.firstPublishedDate ?? '').slice(0, 7)}-01T00:00:00.000Z`;
        byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
      }
      const months = Math.min(Number(q.get('months') ?? 12), 1200);
      const start = q.get('rangeStart')
        ? new Date(q.get('rangeStart')!)
        : new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - months + 1, 1));
      const stats = Array.from({ length: months }, (_, i) => {
        const d = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)).toISOString();
        return { periodStart: d, postCount: byMonth.get(d) ?? 0 };
      });
      return ok({ stats: q.get('order') === 'NEWEST' ? stats.reverse() : stats });
    }
    if (method === 'GET' && route === '/v3/categories') {
      const offset = Number(q.get('paging.offset') ?? 0);
      const limit = Math.min(PAGE_MAX, Number(q.get('paging.limit') ?? 50));
      const page = categories.slice(offset, offset + limit).map(category);
      return ok({ categories: page, metaData: { count: page.length, offset, total: categories.length } });
    }
    if (method === 'POST' && (route === '/v3/categories' || route === '/v3/tags')) {
      if (call.caller.kind !== 'site') return wixError(403, 'FORBIDDEN', 'terms are created by the site');
      return route === '/v3/categories' ? createCategory(body) : createTag(body);
    }
    if (method === 'GET' && (m = /^\/v3\/categories\/slugs\/([^/]+)$/.exec(route))) {
      const c = categories.find((x) => x.slug === decodeURIComponent(m![1]!));
      return c ? ok({ category: category(c) }) : notFound('category');
    }
    if (method === 'GET' && (m = /^\/v3\/categories\/([^/]+)$/.exec(route))) {
      const c = categories.find((x) => x.id === m![1]);
      return c ? ok({ category: category(c) }) : notFound('category');
    }
    if (method === 'POST' && route === '/v3/tags/query') {
      const query = (body.query ?? {}) as Json;
      const paging = (query.paging ?? {}) as { offset?: number; limit?: number };
      const offset = paging.offset ?? 0;
      const limit = Math.min(PAGE_MAX, paging.limit ?? 50);
      const list = tags.filter((t) => matches(t, query.filter));
      const page = list.slice(offset, offset + limit).map(tag);
      return ok({ tags: page, pagingMetadata: { count: page.length, offset, total: list.length } });
    }
    if (method === 'GET' && (m = /^\/v3\/tags\/slugs\/([^/]+)$/.exec(route))) {
      const t = tags.find((x) => x.slug === decodeURIComponent(m![1]!));
      return t ? ok({ tag: tag(t) }) : notFound('tag');
    }
    // getTagByLabel (@wix/auto_sdk_blog_tags: GET /v3/tags/labels/{label}): Wix keeps one tag per label.
    if (method === 'GET' && (m = /^\/v3\/tags\/labels\/([^/]+)$/.exec(route))) {
      const t = tags.find((x) => x.label === decodeURIComponent(m![1]!));
      return t ? ok({ tag: tag(t) }) : notFound('tag');
    }
    if (method === 'GET' && (m = /^\/v3\/tags\/([^/]+)$/.exec(route))) {
      const t = tags.find((x) => x.id === m![1]);
      return t ? ok({ tag: tag(t) }) : notFound('tag');
    }
    return undefined;
  }

  const { createCategory, createTag } = termWriters(categories, tags, category, tag);

  return {
    answer,
    hasReference,
    /** The ids of the published posts (each has its draft: stand-in-drafts.ts lists them). */
    ids: () => posts.map((p) => p.id),
    /** The published post with this id, as the content has it (stand-in-drafts.ts makes its draft from it). */
    post: (id: string): Json | undefined => posts.find((p) => p.id === id),
    /** A post published (a draft's), or published again: what readers are answered from now on. */
    put(post: Json) {
      const at = posts.findIndex((p) => p.id === post.id);
      if (at >= 0) posts[at] = post as Raw;
      else posts.push(post as Raw);
    },
    /** A post taken from readers (unpublished, trashed). */
    remove(id: string) {
      const at = posts.findIndex((p) => p.id === id);
      if (at >= 0) posts.splice(at, 1);
    },
  };
}
