import type { SourceAuthor, SourceTerm, Warning } from '../types';
import { plainText } from './wordpress-html';
import { attr, decodeSlug, field, list, postMeta, text, uniquePaths, type XmlNode } from './wordpress-xml';

// The export's terms and writers, as its channel lists them. A term's source id is its slug (`nicename`): the one
// name a post's `<category domain=… nicename=…>` and a child's `category_parent` give it. This site's own export
// keeps a term's language and its slug there in its term meta (`_wix_language`, `_wix_slug`: WordPress has one slug
// per taxonomy, so a Spanish `css` is `css-es` there). A writer's source id is the login, as a post's `dc:creator`
// names it.

export interface Terms {
  categories: Map<string, SourceTerm>;
  tags: Map<string, SourceTerm>;
}

interface TermFields {
  termId: string;
  slug: string;
  name: string;
  parent: string;
  description: string;
  /** The term's meta (`wp:termmeta`). */
  meta?: Map<string, string[]>;
}

const oldPaths = (base: string, taxonomy: 'category' | 'post_tag', t: TermFields) =>
  taxonomy === 'category'
    ? [`${base}/category/${t.slug}/`, ...(t.termId ? [`${base}/?cat=${t.termId}`] : [])]
    : [`${base}/tag/${t.slug}/`, `${base}/?tag=${t.slug}`];

const term = (base: string, taxonomy: 'category' | 'post_tag', t: TermFields): SourceTerm => {
  const own = (key: string) => t.meta?.get(key)?.[0]?.trim() || undefined;
  const language = own('_wix_language');
  return {
    sourceId: t.slug,
    label: plainText(t.name) || decodeSlug(t.slug),
    slug: own('_wix_slug') ?? decodeSlug(t.slug),
    ...(t.description ? { description: t.description } : {}),
    ...(taxonomy === 'category' && t.parent ? { parentId: t.parent } : {}),
    ...(language ? { language } : {}),
    oldPaths: oldPaths(base, taxonomy, t),
  };
};

/** The categories and tags the channel defines (`wp:category`, `wp:tag`, and `wp:term` of those taxonomies). */
export function readTerms(channel: XmlNode, base: string, warn: (w: Warning) => void): Terms {
  const terms: Terms = { categories: new Map(), tags: new Map() };
  const add = (taxonomy: 'category' | 'post_tag', fields: TermFields) => {
    const into = taxonomy === 'category' ? terms.categories : terms.tags;
    if (fields.slug && !into.has(fields.slug)) into.set(fields.slug, term(base, taxonomy, fields));
  };
  for (const c of list(channel['wp:category']))
    add('category', {
      termId: field(c, 'wp:term_id'),
      slug: field(c, 'wp:category_nicename'),
      name: field(c, 'wp:cat_name'),
      parent: field(c, 'wp:category_parent'),
      description: field(c, 'wp:category_description'),
      meta: postMeta(c, 'wp:termmeta'),
    });
  for (const t of list(channel['wp:tag']))
    add('post_tag', {
      termId: field(t, 'wp:term_id'),
      slug: field(t, 'wp:tag_slug'),
      name: field(t, 'wp:tag_name'),
      parent: '',
      description: field(t, 'wp:tag_description'),
      meta: postMeta(t, 'wp:termmeta'),
    });
  for (const t of list(channel['wp:term'])) {
    const taxonomy = field(t, 'wp:term_taxonomy');
    if (taxonomy !== 'category' && taxonomy !== 'post_tag') continue;
    add(taxonomy, {
      termId: field(t, 'wp:term_id'),
      slug: field(t, 'wp:term_slug'),
      name: field(t, 'wp:term_name'),
      parent: taxonomy === 'category' ? field(t, 'wp:term_parent') : '',
      description: field(t, 'wp:term_description'),
      meta: postMeta(t, 'wp:termmeta'),
    });
  }
  // A child's path holds its parents' (`/category/parent/child/`); WordPress answers the short one too.
  for (const category of terms.categories.values()) {
    const chain: string[] = [];
    const seen = new Set<string>();
    for (
      let at: SourceTerm | undefined = category;
      at && !seen.has(at.sourceId);
      at = terms.categories.get(at.parentId ?? '')
    ) {
      seen.add(at.sourceId);
      chain.unshift(at.sourceId);
    }
    if (category.parentId && !terms.categories.has(category.parentId)) {
      warn({
        item: category.sourceId,
        message: `category's parent "${category.parentId}" is not in the export: imported without it`,
      });
      delete category.parentId;
    }
    if (chain.length > 1) category.oldPaths.unshift(`${base}/category/${chain.join('/')}/`);
  }
  return terms;
}

/** A term a post names that the channel does not define (exports of a selection of posts leave some out). */
export function postTerm(
  terms: Terms,
  base: string,
  domain: 'category' | 'post_tag',
  node: XmlNode,
): string | undefined {
  const slug = attr(node, 'nicename');
  if (!slug) return undefined;
  const into = domain === 'category' ? terms.categories : terms.tags;
  if (!into.has(slug))
    into.set(slug, term(base, domain, { termId: '', slug, name: text(node).trim(), parent: '', description: '' }));
  return slug;
}

/** WordPress's `user_nicename` from a login (its `sanitize_title`, for a login's ASCII): the author page's slug. */
const nicename = (login: string) =>
  login
    .toLowerCase()
    .replace(/@/g, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '') || login;

export function author(
  base: string,
  login: string,
  fields: Partial<Record<'id' | 'email' | 'display' | 'first' | 'last', string>> = {},
): SourceAuthor {
  const full = [fields.first, fields.last].filter(Boolean).join(' ');
  return {
    sourceId: login,
    name: plainText(fields.display ?? '') || plainText(full) || login,
    ...(fields.email ? { email: fields.email } : {}),
    slug: login,
    oldPaths: uniquePaths([
      `${base}/author/${nicename(login)}/`,
      fields.id ? `${base}/?author=${fields.id}` : undefined,
    ]),
  };
}

/** The writers the channel lists (`wp:author`), by login. */
export function readAuthors(channel: XmlNode, base: string): Map<string, SourceAuthor> {
  const authors = new Map<string, SourceAuthor>();
  for (const a of list(channel['wp:author'])) {
    const login = field(a, 'wp:author_login');
    if (!login || authors.has(login)) continue;
    authors.set(
      login,
      author(base, login, {
        id: field(a, 'wp:author_id'),
        email: field(a, 'wp:author_email'),
        display: field(a, 'wp:author_display_name'),
        first: field(a, 'wp:author_first_name'),
        last: field(a, 'wp:author_last_name'),
      }),
    );
  }
  return authors;
}
