import type { ContentFolder, RawPost, RawTerm } from '@/lib/blog/tools';
import { uniqueSlug } from '@/lib/blog/tools';
import { languageOf as siteLanguage } from '@/lib/core/i18n/languages';
import { authorPath, categoryPath, postPath, tagPath } from '@/lib/core/site';
import type { Redirect } from '@/lib/core/redirects';
import { convertBody } from './convert';
import { importId, origin } from './ids';
import { copyMedia, rewriteMedia } from './media';
import { postRecord, sameRecord, wantedSlug } from './post-record';
import { type PlannedPost, translationGroups, translationsOf } from './post-translations';
import { importPeople, importComments, type ImportRecords } from './records';
import { writeRedirects } from './redirects';
import { type ImportReport, newReport, noteCoverage } from './report';
import { importAuthors, importTerms } from './terms';
import type { Bundle, Warning } from './types';

// An export, read into a `Bundle` by its platform's reader (sources/), written into the local source: media first,
// then the terms and writers the posts name, the posts (each translation in its original's group), their comments,
// the subscribers, and last the redirects from the old addresses. Each item's id derives from its source id (ids.ts),
// so a second run finds what the first made and updates it, or leaves it when nothing changed; a run that failed
// midway is finished by the next. `dryRun` reads and converts everything and writes nothing: the report says what
// would be created, updated and left.

export interface ImportOptions {
  folder: ContentFolder;
  siteUrl: string;
  dryRun?: boolean;
  now?: Date;
  /** The site's records, for comments and subscribers; absent: those are skipped, and the report says why. */
  records?: ImportRecords;
  recordsMissing?: string;
  /** The plans a paid post is for (the site's offered plans); none: paid posts are imported free, and reported. */
  paidPlanIds?: string[];
  /** Told after each post: how many of the export's posts are done (the CLI's progress). */
  onProgress?: (done: number, total: number) => void;
}

export async function applyBundle(bundle: Bundle, options: ImportOptions): Promise<ImportReport> {
  const { folder, siteUrl } = options;
  const dryRun = options.dryRun ?? false;
  const now = options.now ?? new Date();
  const { report, tally } = newReport(bundle.source, dryRun);
  report.warnings.push(...bundle.warnings);

  const media = await copyMedia(folder.dir, bundle.source, bundle.media, dryRun);
  tally('media', 'created', media.copied);
  tally('media', 'unchanged', media.unchanged);
  const categories = await importTerms(folder, bundle, 'category', tally, dryRun);
  const tags = await importTerms(folder, bundle, 'tag', tally, dryRun);
  const authors = await importAuthors(
    folder,
    bundle,
    tally,
    dryRun,
    (a) => a.avatar && media.moved.get(a.avatar),
    options.records?.memberOf,
  );

  // What the folder holds, kept as ids and slugs only: a post made before is read again when its turn comes, so a
  // second run over a big blog does not hold every post at once (5,000 posts: 472 MiB at peak when it did).
  const known = new Map<string, string>();
  const taken = new Map<string, Set<string>>();
  for (const post of await folder.postKeys()) {
    known.set(post.id, post.slug);
    const language = post.language ?? 'en';
    if (!taken.has(language)) taken.set(language, new Set());
    taken.get(language)!.add(post.slug);
  }
  // Every post's id, slug and address first: a translation lists its original, and the original it, whichever
  // comes first.
  const plans = bundle.posts.map((post): PlannedPost => {
    const id = importId(bundle.source, 'post', post.sourceId);
    const language = siteLanguage(post.language);
    const slugs = taken.get(language) ?? new Set<string>();
    taken.set(language, slugs);
    // Its slug again on a second run; a new post's own, or a free one near it (another post of the site has it).
    const slug = known.get(id) ?? uniqueSlug(wantedSlug(post), slugs);
    slugs.add(slug);
    return { id, slug, language, url: { base: siteUrl, path: postPath(slug, language) } };
  });
  const planned = new Map(bundle.posts.map((post, index) => [post.sourceId, plans[index]!]));
  const existing = async (id: string) =>
    known.has(id) ? ((await folder.rawPost(id))?.translationId as string | undefined) : undefined;
  const warn = (warning: Warning) => void report.warnings.push(warning);
  const groups = await translationGroups(bundle.source, bundle.posts, planned, existing, warn);
  const postIds = new Map<string, string>();
  const redirects: Redirect[] = [];
  const remote = new Set<string>();
  let covered = 0;
  for (const [index, post] of bundle.posts.entries()) {
    const plan = plans[index]!;
    const { id, slug, language } = plan;
    postIds.set(post.sourceId, id);
    const before = known.has(id) ? ((await folder.rawPost(id)) as RawPost | null) : null;
    const group = groups.get(post.sourceId);

    const converted = convertBody(post.body, { baseUrl: bundle.siteUrl });
    const { nodes, remote: unfetched } = rewriteMedia(converted.nodes, media.moved);
    for (const url of unfetched) remote.add(url);
    for (const element of new Set(converted.keptAsHtml)) {
      report.warnings.push({ item: post.sourceId, message: `kept as an HTML block: ${element}` });
    }
    covered += noteCoverage(report, post, nodes);
    if (post.status === 'private' || post.status === 'password' || post.status === 'pending') {
      report.warnings.push({ item: post.sourceId, message: `${post.status} on the old site: imported as a draft` });
    }
    if (post.paid && !options.paidPlanIds?.length) {
      report.warnings.push({
        item: post.sourceId,
        message: 'paid on the old site, but this site offers no plan: free here',
      });
    }
    const cover = post.coverImage ? (media.moved.get(post.coverImage) ?? post.coverImage) : undefined;
    if (cover && !cover.startsWith('/media/')) remote.add(cover);
    const record = postRecord(
      post,
      {
        id,
        slug,
        language,
        nodes,
        categoryIds: post.categoryIds.flatMap((s) => categories.get(s) ?? []),
        tagIds: post.tagIds.flatMap((s) => tags.get(s) ?? []),
        memberId: post.authorId ? authors.get(post.authorId) : undefined,
        cover: cover?.startsWith('/media/')
          ? { url: cover, alt: post.coverAlt, width: post.coverWidth, height: post.coverHeight }
          : undefined,
        translation: group && {
          translationId: group.translationId,
          translations: translationsOf(plan, group, before),
        },
        pricingPlanIds: post.paid ? options.paidPlanIds : undefined,
        siteUrl,
        now,
      },
      before,
    );
    if (before && sameRecord(before, record)) tally(post.kind, 'unchanged');
    else {
      tally(post.kind, before ? 'updated' : 'created');
      if (!dryRun) await folder.writePost(record);
    }
    for (const from of post.oldPaths) {
      redirects.push({ from, to: postPath(slug, language), source: origin(bundle.source, 'post', post.sourceId) });
    }
    options.onProgress?.(index + 1, bundle.posts.length);
  }
  const pages = bundle.posts.filter((p) => p.kind === 'page').map((p) => p.sourceId);
  if (pages.length) {
    report.warnings.push({
      item: pages.join(', '),
      message: `${pages.length} page(s), imported as posts (this site has no pages)`,
    });
  }
  report.coverage.mean = bundle.posts.length ? covered / bundle.posts.length : 1;
  report.remoteMedia = [...remote].sort();

  // A term's old addresses lead to its page in its language (`/es/tags/css` for the Spanish `css`).
  const terms = await Promise.all([folder.terms('category'), folder.terms('tag')]);
  const pageOf = (list: RawTerm[], id: string | undefined, page: typeof categoryPath) => {
    const term = list.find((t) => t.id === id);
    return term && page(term.slug, 1, siteLanguage(term.language));
  };
  for (const term of bundle.categories) {
    const to = pageOf(terms[0], categories.get(term.sourceId), categoryPath);
    for (const from of term.oldPaths)
      if (to) redirects.push({ from, to, source: origin(bundle.source, 'category', term.sourceId) });
  }
  for (const term of bundle.tags) {
    const to = pageOf(terms[1], tags.get(term.sourceId), tagPath);
    for (const from of term.oldPaths)
      if (to) redirects.push({ from, to, source: origin(bundle.source, 'tag', term.sourceId) });
  }
  for (const author of bundle.authors) {
    const slug = author.slug;
    for (const from of author.oldPaths)
      if (slug)
        redirects.push({ from, to: authorPath(slug), source: origin(bundle.source, 'author', author.sourceId) });
  }

  if (options.records) {
    await importComments(options.records, bundle, postIds, tally, report, dryRun);
    await importPeople(options.records, bundle, tally, dryRun, now);
  } else if (bundle.comments.length || bundle.people.length) {
    tally('comment', 'skipped', bundle.comments.length);
    tally('subscriber', 'skipped', bundle.people.length);
    report.warnings.push({ item: 'records', message: options.recordsMissing ?? "the site's records are not open" });
  }
  const written = await writeRedirects(folder.dir, bundle.source, redirects, dryRun);
  tally('redirect', 'created', written.created);
  tally('redirect', 'updated', written.updated);
  tally('redirect', 'unchanged', written.unchanged);
  return report;
}
