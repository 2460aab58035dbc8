import path from 'node:path';
import { MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { slugify, type RawPost, type RawTerm } from '@/lib/blog/tools';
import { localFileOf } from '@/lib/blog/tools';
import { ricosToHtml } from '@/lib/blog/tools';
import { coverOf, dateOf, type ExportSite, nodesOf, postUrl, seoOf, statusOf } from './export-posts';
import { type WxrItem, type WxrSite, type WxrTerm, writeWxr } from './wxr-write';

// The site as a WordPress export (wxr-write.ts): its writers, categories and tags (each term's language and own slug
// in its `_wix_language` and `_wix_slug` term meta: WordPress wants one slug per taxonomy, the site one per language),
// each post (its HTML, its dates, status, terms, sticky when pinned, and its Ricos JSON in the `_wix_ricos` meta, with
// the site's id, language, featured flag, the original it translates, the publication dates a draft keeps and its
// cover's alt text and size, for this site's importer to restore it whole), then each media file the posts use as an
// attachment, downloaded from the site by WordPress's importer, the post's cover as its featured image
// (`_thumbnail_id`).

const WP_STATUS = { published: 'publish', draft: 'draft', scheduled: 'future' } as const;

/** Terms with WordPress's ids (unique across taxonomies, as WordPress's are) and a slug unique across languages
 * (`css`, and `css-es` for its Spanish twin), their own slug and language kept in their term meta. */
function wxrTerms(terms: RawTerm[], firstId: number): { list: WxrTerm[]; slugs: Map<string, string> } {
  const slugs = new Map<string, string>();
  const taken = new Set<string>();
  const list = terms.map((term, index) => {
    const language = term.language ?? MAIN_LANGUAGE;
    let slug = taken.has(term.slug) ? `${term.slug}-${language}` : term.slug;
    for (let n = 2; taken.has(slug); n++) slug = `${term.slug}-${language}-${n}`;
    taken.add(slug);
    slugs.set(term.id, slug);
    const description = (term as { description?: unknown }).description;
    return {
      id: firstId + index,
      slug,
      name: term.label,
      description: typeof description === 'string' ? description : undefined,
      meta: [
        { key: '_wix_language', value: language },
        { key: '_wix_slug', value: term.slug },
      ],
    };
  });
  return { list, slugs };
}

/** The meta a post's dates and cover add for this site's importer: the publication dates a draft or a scheduled
 * post keeps (its WXR dates say when it was made or goes out), and the cover's alt text and size. */
function keptMeta(post: RawPost, cover: ReturnType<typeof coverOf>, withCover: boolean) {
  const live = statusOf(post) === 'published';
  const dates = [
    ['_wix_first_published', post.firstPublishedDate],
    ['_wix_last_published', post.lastPublishedDate],
  ] as const;
  const { alt, width, height } = cover ?? {};
  return [
    ...(live ? [] : dates.flatMap(([key, value]) => (value ? [{ key, value }] : []))),
    ...(withCover && (alt || width || height)
      ? [{ key: '_wix_cover', value: JSON.stringify({ alt, width, height }) }]
      : []),
  ];
}

export interface WxrInput {
  site: ExportSite;
  title: string;
  description: string;
  posts: RawPost[];
  categories: RawTerm[];
  tags: RawTerm[];
  /** The media files copied (their names in media/), each with the posts that use it. */
  media: Map<string, string[]>;
  generated: string;
}

/** The export as WXR, and how many items of each type it holds. */
export function siteWxr(input: WxrInput): { xml: string; posts: number; attachments: number } {
  const { site, posts } = input;
  const categories = wxrTerms(input.categories, 1);
  const tags = wxrTerms(input.tags, input.categories.length + 1);
  const authorIds = [...new Set(posts.map((post) => (post as { memberId?: string }).memberId ?? ''))];
  const authors = authorIds.map((memberId, index) => {
    const known = site.authors.get(memberId);
    const name = known?.name ?? 'admin';
    return { id: index + 1, login: known?.slug ?? (slugify(name, 'writer') || 'admin'), displayName: name, memberId };
  });
  const loginOf = (post: RawPost) =>
    authors.find((a) => a.memberId === ((post as { memberId?: string }).memberId ?? ''))?.login ?? 'admin';

  const postIds = new Map(posts.map((post, index) => [post.id, index + 1]));
  const mediaIds = new Map([...input.media.keys()].map((file, index) => [file, posts.length + index + 1]));
  const items: WxrItem[] = posts.map((post) => {
    const raw = post as RawPost & {
      excerpt?: string;
      pinned?: boolean;
      featured?: boolean;
      commentingEnabled?: boolean;
    };
    const seo = seoOf(post);
    const cover = coverOf(post);
    const coverFile = cover && localFileOf(cover.source);
    const thumbnail = coverFile ? mediaIds.get(coverFile) : undefined;
    const original = site.originals.get(post.id);
    const plans = (post as { pricingPlanIds?: string[] }).pricingPlanIds ?? [];
    const meta = [
      { key: '_wix_ricos', value: JSON.stringify((post as { richContent?: unknown }).richContent ?? { nodes: [] }) },
      { key: '_wix_id', value: post.id },
      { key: '_wix_language', value: post.language ?? MAIN_LANGUAGE },
      ...(raw.featured === true ? [{ key: '_wix_featured', value: '1' }] : []),
      ...(post.translationId ? [{ key: '_wix_translation_id', value: post.translationId }] : []),
      // The original by its id on the site (its `_wix_id`): its slug is unique in its language only.
      ...(original ? [{ key: '_wix_translation_of', value: original.id }] : []),
      ...(plans.length ? [{ key: '_wix_pricing_plan_ids', value: JSON.stringify(plans) }] : []),
      ...(thumbnail ? [{ key: '_thumbnail_id', value: String(thumbnail) }] : []),
      ...keptMeta(post, cover, thumbnail !== undefined),
      ...(seo.title ? [{ key: '_yoast_wpseo_title', value: seo.title }] : []),
      ...(seo.description ? [{ key: '_yoast_wpseo_metadesc', value: seo.description }] : []),
    ];
    return {
      id: postIds.get(post.id)!,
      title: post.title,
      link: postUrl(post, site.siteUrl),
      published: dateOf(post),
      modified: post.lastPublishedDate,
      creator: loginOf(post),
      guid: postUrl(post, site.siteUrl),
      content: ricosToHtml(nodesOf(post), { siteUrl: site.siteUrl }),
      excerpt: raw.excerpt ?? '',
      slug: post.slug,
      status: WP_STATUS[statusOf(post)],
      type: 'post',
      sticky: raw.pinned === true,
      commentsOpen: raw.commentingEnabled !== false,
      terms: [
        ...(post.categoryIds ?? []).flatMap((id) => {
          const term = site.categories.get(id);
          return term ? [{ domain: 'category' as const, slug: categories.slugs.get(id)!, name: term.label }] : [];
        }),
        ...(post.tagIds ?? []).flatMap((id) => {
          const term = site.tags.get(id);
          return term ? [{ domain: 'post_tag' as const, slug: tags.slugs.get(id)!, name: term.label }] : [];
        }),
      ],
      meta,
    };
  });

  const attachments: WxrItem[] = [...input.media].map(([file, users]) => {
    const parent = posts.find((post) => post.id === users[0]);
    const url = `${site.siteUrl}/media/${file.split('/').map(encodeURIComponent).join('/')}`;
    return {
      id: mediaIds.get(file)!,
      title: path.basename(file, path.extname(file)),
      link: url,
      published: parent && dateOf(parent),
      creator: parent ? loginOf(parent) : 'admin',
      guid: url,
      content: '',
      excerpt: '',
      slug: slugify(path.basename(file, path.extname(file)), 'media'),
      status: 'inherit',
      type: 'attachment',
      parent: parent ? postIds.get(parent.id) : 0,
      terms: [],
      meta: [{ key: '_wp_attached_file', value: file }],
      attachmentUrl: url,
    };
  });

  const wxr: WxrSite = {
    title: input.title,
    link: site.siteUrl,
    description: input.description,
    language: MAIN_LANGUAGE,
    generated: input.generated,
    authors: authors.map(({ id, login, displayName }) => ({ id, login, displayName })),
    categories: categories.list,
    tags: tags.list,
    items: [...items, ...attachments],
  };
  return { xml: writeWxr(wxr), posts: items.length, attachments: attachments.length };
}
