import { randomUUID } from 'node:crypto';
import type { PostFields } from './fields';
import { type ContentFolder, isPublished, type RawPost, type TermKind } from './content-folder';
import { UsageError } from './errors';
import { planIds, type SitePlans } from './plans';
import { readBody } from './rich-text';
import { slugify, uniqueSlug } from './slug';
import { languageOf, translationGroup, writeIntoGroup } from '@/lib/blog/tools';
import { postPath } from '@/lib/core/site';
// The excerpt a post gets when created without one: the same words a paid post's public excerpt is made by.
import { excerptOf, published, scheduled, unpublished, unscheduled } from '@/lib/blog/tools';

// Post commands: each writes the folder and says what it did. A running site sees the write in its folder
// (lib/blog/local/watch.ts) and sends itself the event the platform would send for it.

export interface Change {
  summary: string;
  /** Whether the folder was written (false: nothing to do). */
  written: boolean;
  post?: RawPost;
}

const describe = (post: RawPost) => `"${post.title}" (${post.slug}, ${post.id})`;

/** The terms `refs` name (slugs or ids); a slug two languages share is the one of `language` (Wix's slugs are unique
 * within a language only). */
async function termIds(folder: ContentFolder, kind: TermKind, refs: string[], language = 'en'): Promise<string[]> {
  const terms = await folder.terms(kind);
  return refs.map((ref) => {
    const named = terms.filter((t) => t.slug === ref || t.id === ref);
    const term = named.find((t) => (t.language ?? 'en') === language) ?? named[0];
    if (!term) throw new UsageError(`no ${kind} "${ref}"; known: ${terms.map((t) => t.slug).join(', ') || 'none'}`);
    return term.id;
  });
}

/** A slug is free where no other post of the same language has it (Wix's slugs are unique within a language). */
function checkSlugFree(slug: string, posts: RawPost[], selfId?: string) {
  if (posts.some((p) => p.slug === slug && p.id !== selfId))
    throw new UsageError(`the slug "${slug}" is taken by another post`);
  return slug;
}

/** What an update checks its fields against beyond the folder: the site's plans, and its address. */
export interface SiteContext {
  siteUrl: string;
  plans: SitePlans;
}

async function applyFields(
  folder: ContentFolder,
  post: RawPost,
  fields: PostFields,
  now: string,
  site?: SiteContext,
): Promise<RawPost> {
  const next: RawPost = { ...post };
  if (fields.title !== undefined) next.title = fields.title;
  if (fields.excerpt !== undefined) next.excerpt = fields.excerpt;
  if (fields.slug !== undefined && fields.slug !== post.slug) {
    next.slug = checkSlugFree(fields.slug, await folder.posts(), post.id);
    if (typeof post.url === 'object' && post.url) next.url = { ...post.url, path: `/post/${fields.slug}` };
  }
  if (fields.categories) next.categoryIds = await termIds(folder, 'category', fields.categories);
  if (fields.tags) next.tagIds = await termIds(folder, 'tag', fields.tags);
  if (fields.hashtags) next.hashtags = fields.hashtags;
  // Each plan one the site has (an id or a name, stored as its id): a paywall naming none offers nothing to join.
  if (fields.plans?.length) {
    if (!site) throw new Error("plans are checked against the site's: give updatePost the site");
    next.pricingPlanIds = planIds(fields.plans, await site.plans(), site.siteUrl);
  } else if (fields.plans) next.pricingPlanIds = [];
  if (fields.previewBlocks !== undefined) next.previewBlocks = fields.previewBlocks;
  if (fields.plans?.length === 0) delete next.previewBlocks;
  if (fields.featured !== undefined) next.featured = fields.featured;
  if (fields.pinned !== undefined) next.pinned = fields.pinned;
  if (fields.content) {
    const body = await readBody(fields.content, post.id);
    const metadata = (post.richContent as { metadata?: object } | undefined)?.metadata;
    next.richContent = { nodes: body.nodes, metadata: { ...metadata, updatedTimestamp: now } };
    next.contentText = body.contentText;
    next.minutesToRead = body.minutesToRead;
  }
  return next;
}

export async function createPost(
  folder: ContentFolder,
  fields: PostFields & { title: string },
  options: { draft: boolean; siteUrl: string },
): Promise<Change> {
  const language = fields.language ?? 'en';
  const group = fields.translationOf ? await translationGroup(folder, fields.translationOf, language) : null;
  // Slugs are unique within a language: a translation may keep its original's.
  const posts = (await folder.posts()).filter((p) => languageOf(p) === language);
  const id = randomUUID();
  const now = new Date().toISOString();
  const slug = fields.slug
    ? checkSlugFree(fields.slug, posts)
    : uniqueSlug(slugify(fields.title), new Set(posts.map((p) => p.slug)));
  const body = fields.content ? await readBody(fields.content, id) : { nodes: [], contentText: '', minutesToRead: 1 };
  const post: RawPost = {
    id,
    title: fields.title,
    slug,
    excerpt: fields.excerpt ?? excerptOf(body.contentText),
    status: options.draft ? 'UNPUBLISHED' : 'PUBLISHED',
    language,
    ...(!options.draft && { firstPublishedDate: now, lastPublishedDate: now }),
    featured: fields.featured ?? false,
    pinned: fields.pinned ?? false,
    categoryIds: fields.categories
      ? await termIds(folder, 'category', fields.categories, language)
      : (group?.categoryIds ?? []),
    tagIds: fields.tags ? await termIds(folder, 'tag', fields.tags, language) : (group?.tagIds ?? []),
    hashtags: fields.hashtags ?? [],
    ...(fields.memberId && { memberId: fields.memberId }),
    commentingEnabled: true,
    minutesToRead: body.minutesToRead,
    relatedPostIds: [],
    url: { base: options.siteUrl, path: postPath(slug, language) },
    metrics: { views: 0, likes: 0, comments: 0 },
    contentText: body.contentText,
    richContent: {
      nodes: body.nodes,
      metadata: { version: 1, createdTimestamp: now, updatedTimestamp: now, id: randomUUID() },
    },
  };
  // Every member of a translation group lists every other, as Wix Multilingual's `translations` do.
  if (group) Object.assign(post, await writeIntoGroup(folder, post, group));
  else await folder.writePost(post);
  return {
    summary: `created ${options.draft ? 'draft' : 'post'} ${describe(post)}${
      group ? `, a ${language} translation of ${group.members.map((m) => m.slug).join(', ')}` : ''
    }`,
    written: true,
    post,
  };
}

export async function updatePost(
  folder: ContentFolder,
  ref: string,
  fields: PostFields,
  /** The site's plans and address: needed only when `fields` names plans (the CLI always gives them). */
  site?: SiteContext,
): Promise<Change> {
  const post = await folder.post(ref);
  const now = new Date().toISOString();
  const next = await applyFields(folder, post, fields, now, site);
  // Publishing an edit re-publishes the post, as the platform does.
  if (isPublished(next)) next.lastPublishedDate = now;
  await folder.writePost(next);
  return {
    summary: `updated ${isPublished(next) ? 'post' : 'draft'} ${describe(next)}`,
    written: true,
    post: next,
  };
}

export async function publishPost(folder: ContentFolder, ref: string): Promise<Change> {
  const post = await folder.post(ref);
  if (isPublished(post))
    return { summary: `${describe(post)} is already published: nothing to do`, written: false, post };
  const next = published(post, new Date().toISOString());
  await folder.writePost(next);
  return {
    summary: `published ${describe(next)}`,
    written: true,
    post: next,
  };
}

/**
 * A draft scheduled to go live at `at` (ISO): its status SCHEDULED, its `scheduledPublishDate` the time, as Wix keeps a
 * scheduled draft; the site publishes it then (lib/schedule). A draft_updated event, as Wix sends for a schedule.
 */
export async function schedulePost(folder: ContentFolder, ref: string, at: string): Promise<Change> {
  const post = await folder.post(ref);
  if (isPublished(post)) throw new UsageError(`${describe(post)} is published: unpublish it first to schedule it`);
  const next = scheduled(post, at);
  await folder.writePost(next);
  return {
    summary: `scheduled ${describe(next)} to go live at ${at}`,
    written: true,
    post: next,
  };
}

/** A scheduled draft back to a draft that waits: its job at the time finds nothing due. */
export async function unschedulePost(folder: ContentFolder, ref: string): Promise<Change> {
  const post = await folder.post(ref);
  if (post.status !== 'SCHEDULED')
    return { summary: `${describe(post)} is not scheduled: nothing to do`, written: false, post };
  const next = unscheduled(post);
  await folder.writePost(next);
  return {
    summary: `unscheduled ${describe(next)} (a draft again)`,
    written: true,
    post: next,
  };
}

// To readers an unpublished post no longer exists, so the event is post_deleted.
export async function unpublishPost(folder: ContentFolder, ref: string): Promise<Change> {
  const post = await folder.post(ref);
  if (!isPublished(post)) return { summary: `${describe(post)} is not published: nothing to do`, written: false, post };
  const next = unpublished(post);
  await folder.writePost(next);
  return {
    summary: `unpublished ${describe(next)} (now a draft)`,
    written: true,
    post: next,
  };
}

export async function deletePost(folder: ContentFolder, ref: string): Promise<Change> {
  const post = await folder.post(ref);
  await folder.removePost(post.id);
  return {
    summary: `deleted ${describe(post)}`,
    written: true,
    post,
  };
}

export async function likePost(folder: ContentFolder, ref: string, change: 'liked' | 'unliked'): Promise<Change> {
  const post = await folder.post(ref);
  if (!isPublished(post)) throw new UsageError(`${describe(post)} is not published: only published posts can be liked`);
  const likes = Math.max(0, (post.metrics?.likes ?? 0) + (change === 'liked' ? 1 : -1));
  const next: RawPost = { ...post, metrics: { views: 0, comments: 0, ...post.metrics, likes } };
  await folder.writePost(next);
  return {
    summary: `${change === 'liked' ? 'liked' : 'unliked'} ${describe(next)}: ${likes} like${likes === 1 ? '' : 's'}`,
    written: true,
    post: next,
  };
}
