import { uniqueSlug } from '@/lib/blog/tools';
import { languageOf as siteLanguage } from '@/lib/core/i18n/languages';
import type { Redirect } from '@/lib/core/redirects';
import { categoryPath, postPath, tagPath } from '@/lib/core/site';
import { convertBody } from './convert';
import { origin } from './ids';
import { wantedSlug } from './post-record';
import { writeRedirects } from './redirects';
import { type ImportReport, newReport, noteCoverage } from './report';
import type { Bundle, SourcePost } from './types';
import { type ImportClient, type RetrySettings, wixCalls } from './wix-calls';
import { cut, LIMITS, type PlannedPost, richContentOf, seoDataOf } from './wix-draft';
import { fileFor, rewriteWixMedia, uploadWixMedia, type WixFile, wixImage } from './wix-media';
import { createPosts, draftsWithContent, existingDrafts, updatePost } from './wix-posts';
import { importWixTerms, type WixTerm } from './wix-terms';

// The import's Wix target: the same Bundle apply.ts writes into the content folder, written into a Wix site's Blog
// through the official SDK (a client the caller makes with the site's API key). Media first (wix-media.ts), then the
// terms (wix-terms.ts), then the posts (wix-posts.ts): each found by its slug, so a second run updates what the first
// made, or leaves it when nothing changed, and a run that failed midway is finished by the next. Comments and
// subscribers are not written (Wix Comments takes a comment from a member of the site, and the export's commenters
// are not), nor the writers (a Wix post's writer is a member: `memberId` names the one every post is written by).
// `dryRun` reads the site and converts everything, and writes nothing: the report says what would be made.

export interface WixImportOptions {
  /** A @wix/sdk client with the blog and media modules (`categories`, `tags`, `draftPosts`, `files`). */
  client: ImportClient;
  /** This site's address (the redirects' targets are its paths). */
  siteUrl: string;
  dryRun?: boolean;
  now?: Date;
  /** The site member the new posts are written by (Wix requires one when the calls come from an app). */
  memberId?: string;
  /** The Wix pricing plans a paid post is for; none: paid posts are imported free, and reported. */
  paidPlanIds?: string[];
  /** The content folder whose redirects.json takes the old addresses; absent: they are listed as skipped. */
  contentDir?: string;
  /** The fetch the media uploads' bytes go through (default: the global one). */
  fetch?: typeof fetch;
  retry?: RetrySettings;
  /** Told as each post is written (or left): how many of the export's posts are done. */
  onProgress?: (done: number, total: number) => void;
}

const NOT_PUBLISHED = new Set(['private', 'password', 'pending']);

export async function applyBundleToWix(bundle: Bundle, options: WixImportOptions): Promise<ImportReport> {
  const { client } = options;
  const dryRun = options.dryRun ?? false;
  const now = options.now ?? new Date();
  const calls = wixCalls(options.retry);
  const { report, tally: count } = newReport(bundle.source, dryRun);
  // Each post's outcome is its progress (created, updated, left or skipped: done).
  let done = 0;
  const tally: typeof count = (kind, outcome, by = 1) => {
    count(kind, outcome, by);
    if (kind !== 'post' && kind !== 'page') return;
    done += by;
    options.onProgress?.(done, bundle.posts.length);
  };
  const warn = (item: string, message: string) => report.warnings.push({ item, message });
  report.warnings.push(...bundle.warnings);

  const media = await uploadWixMedia(client, calls, bundle, tally, warn, { dryRun, fetch: options.fetch ?? fetch });
  const categories = await importWixTerms(client, calls, bundle, 'category', tally, report, dryRun);
  const tags = await importWixTerms(client, calls, bundle, 'tag', tally, report, dryRun);
  if (bundle.authors.length) {
    tally('author', 'skipped', bundle.authors.length);
    const by = options.memberId ? `written by member ${options.memberId}` : 'given no writer (no memberId)';
    warn(
      'authors',
      `a Wix post's writer is a member of the site: the export's writers are not imported, every post is ${by}`,
    );
  }

  const existing = await existingDrafts(client, calls);
  const used = new Set<string>();
  const remote = new Set<string>();
  const planned: PlannedPost[] = [];
  const redirects: Redirect[] = [];
  let covered = 0;
  for (const post of bundle.posts) {
    const slug = uniqueSlug(wantedSlug(post).slice(0, LIMITS.slug), used);
    used.add(slug);
    const converted = convertBody(post.body, { baseUrl: bundle.siteUrl });
    const { nodes, remote: unfetched } = rewriteWixMedia(converted.nodes, media, bundle.siteUrl);
    for (const url of unfetched) remote.add(url);
    for (const element of new Set(converted.keptAsHtml)) warn(post.sourceId, `kept as an HTML block: ${element}`);
    covered += noteCoverage(report, post, nodes);
    if (post.kind === 'page') warn(post.sourceId, 'a page, imported as a post');
    if (NOT_PUBLISHED.has(post.status)) warn(post.sourceId, `${post.status} on the old site: imported as a draft`);
    if (post.paid && !options.paidPlanIds?.length)
      warn(post.sourceId, 'paid on the old site, but no plan was given: free here');
    if (post.pinned)
      warn(post.sourceId, 'pinned on the old site: Wix pins a post in its own dashboard only (no API sets it)');
    const cover = post.coverImage ? fileFor(media, post.coverImage, bundle.siteUrl) : undefined;
    if (post.coverImage && !cover) {
      remote.add(post.coverImage);
      warn(post.sourceId, 'its cover image is not in the export: no cover on Wix');
    } else if (cover && !cover.image) warn(post.sourceId, 'its cover is not an image: no cover on Wix');
    const plan = planPost(post, slug, nodes, cover, { categories, tags, options, now, warn });
    planned.push(plan);
    const language = siteLanguage(post.language);
    for (const from of post.oldPaths) {
      redirects.push({ from, to: postPath(slug, language), source: origin(bundle.source, 'post', post.sourceId) });
    }
  }
  report.coverage.mean = bundle.posts.length ? covered / bundle.posts.length : 1;
  report.remoteMedia = [...remote].sort();

  const writes = { client, calls, tally, warn, dryRun };
  // An earlier run's post: the draft of its slug (of its language, when the site has it in more than one).
  const found = new Map(
    planned.flatMap((p) => {
      const drafts = existing.get(p.slug) ?? [];
      const draft = drafts.find((d) => !p.fields.language || d.language === p.fields.language) ?? drafts[0];
      return draft?._id ? [[p, draft] as const] : [];
    }),
  );
  const withContent = await draftsWithContent(
    client,
    calls,
    [...found.values()].map((d) => d._id!),
  );
  for (const [p, draft] of found) await updatePost(writes, withContent.get(draft._id!) ?? draft, p);
  const fresh = planned.filter((p) => !found.has(p));
  if (fresh.length && !options.memberId) {
    warn(
      'memberId',
      'new posts are created without a member: Wix refuses that from an app (pass memberId: a member of the site)',
    );
  }
  await createPosts(writes, fresh);

  for (const [terms, list, path, kind] of [
    [categories, bundle.categories, categoryPath, 'category'],
    [tags, bundle.tags, tagPath, 'tag'],
  ] as const) {
    for (const term of list) {
      const slug = terms.get(term.sourceId)?.slug;
      for (const from of term.oldPaths)
        if (slug) redirects.push({ from, to: path(slug), source: origin(bundle.source, kind, term.sourceId) });
    }
  }
  if (options.contentDir) {
    const written = await writeRedirects(options.contentDir, bundle.source, redirects, dryRun);
    tally('redirect', 'created', written.created);
    tally('redirect', 'updated', written.updated);
    tally('redirect', 'unchanged', written.unchanged);
  } else if (redirects.length) {
    tally('redirect', 'skipped', redirects.length);
    warn('redirects', "no content folder was given: the old addresses' redirects were not written");
  }
  if (bundle.comments.length || bundle.people.length) {
    tally('comment', 'skipped', bundle.comments.length);
    tally('subscriber', 'skipped', bundle.people.length);
    warn(
      'records',
      "comments and subscribers are not imported into Wix (Wix Comments takes a site member's comment): import them into a local site",
    );
  }
  return report;
}

interface PlanContext {
  categories: Map<string, WixTerm>;
  tags: Map<string, WixTerm>;
  options: WixImportOptions;
  now: Date;
  warn: (item: string, message: string) => void;
}

/** The draft a source post becomes, and where it should stand (published, scheduled or a draft). */
function planPost(
  post: SourcePost,
  slug: string,
  nodes: Parameters<typeof richContentOf>[0],
  cover: WixFile | undefined,
  { categories, tags, options, now, warn }: PlanContext,
): PlannedPost {
  const ids = (list: string[], terms: Map<string, WixTerm>, max: number, what: string) => {
    const found = [...new Set(list.flatMap((s) => terms.get(s)?.id ?? []))];
    if (found.length > max) warn(post.sourceId, `${found.length} ${what}: Wix takes ${max}, the first ${max} kept`);
    return found.slice(0, max);
  };
  const title = cut(post.title.trim() || slug, LIMITS.title);
  if (title.cut) warn(post.sourceId, `title cut to Wix's ${LIMITS.title} characters`);
  const excerpt = post.excerpt?.trim() ? cut(post.excerpt.trim(), LIMITS.excerpt) : undefined;
  if (excerpt?.cut) warn(post.sourceId, `excerpt cut to Wix's ${LIMITS.excerpt} characters`);
  const date = post.publishedDate ?? post.updatedDate;
  const at = date ? new Date(date) : undefined;
  const valid = at && !Number.isNaN(at.getTime()) ? at : undefined;
  const scheduled = post.status === 'scheduled' && valid && valid.getTime() > now.getTime();
  const published = post.status === 'published' || (post.status === 'scheduled' && !scheduled);
  const seoData = seoDataOf(post);
  return {
    source: post,
    slug,
    wanted: scheduled ? 'SCHEDULED' : published ? 'PUBLISHED' : 'UNPUBLISHED',
    ...(scheduled && { scheduledAt: valid }),
    fields: {
      title: title.text,
      seoSlug: slug,
      richContent: richContentOf(nodes),
      ...(excerpt && { excerpt: excerpt.text }),
      featured: post.featured ?? false,
      commentingEnabled: post.commentingEnabled ?? true,
      categoryIds: ids(post.categoryIds, categories, LIMITS.categories, 'categories'),
      tagIds: ids(post.tagIds, tags, LIMITS.tags, 'tags'),
      ...(options.memberId && { memberId: options.memberId }),
      ...(post.language && { language: siteLanguage(post.language) }),
      ...(published && valid && { firstPublishedDate: valid }),
      ...(post.paid && options.paidPlanIds?.length && { pricingPlanIds: options.paidPlanIds }),
      ...(cover?.image && { media: { wixMedia: { image: wixImage(cover) }, displayed: true, custom: true } }),
      ...(seoData && { seoData }),
    },
  };
}
