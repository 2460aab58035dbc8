import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { unescape } from 'node:querystring';
import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import { languageOf, MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import { slugify } from '@/lib/blog/tools';
import { type Bundle, emptyBundle, type SourceMedia } from '../types';
import { type Asset, withAssets } from './markdown-assets';
import { linkTranslations } from './originals';

// A folder of Markdown files (a static site's sources) read into a Bundle. Which files are posts, and where the old
// site served them, follow the generator the folder shows:
//   Jekyll (`_posts/`, `_drafts/`, with `_config.yml` or dated names)  `/<categories>/YYYY/MM/DD/<slug>.html`
//   Hugo (`content/`, with `hugo.toml`, `config.toml`… or `archetypes/`) `/<section>/<slug>/` (`content/x.md`: a page)
//   Astro (`src/content/<collection>/`)                                  `/<collection>/<slug>`
//   Next.js starters (`_posts/`, `posts/`)                               `/posts/<slug>`
//   any other folder (every Markdown file in it)                         `/blog/<slug>`
// plus what a file says itself (`permalink`/`url`, Hugo's `aliases`, jekyll-redirect-from's `redirect_from`).
// Front matter is YAML (`---`), TOML (`+++`) or JSON (`{…}`). A post's id is its file's path in the folder. Images
// it names relatively (`![](cover.jpg)`, a bundle's files) are read from disk; as two posts may each have their
// own `cover.jpg`, such an address is rewritten in the body to the file's path in the folder
// (`/content/posts/a/cover.jpg`), the media item's `url`. Root addresses (`/images/x.png`) are looked up in
// `public/`, `static/` and the folder itself, and keep their address. A post's categories and tags are in its
// language; this site's own export also says a cover's alt text and size (`coverAlt`, `coverWidth`, `coverHeight`),
// when a draft went out before (`firstPublishedDate`, `lastPublishedDate`) and the slug of the post a translation
// translates (`translationOf`).

type Convention = 'jekyll' | 'hugo' | 'astro' | 'next' | 'plain';
type Data = Record<string, unknown>;

const MARKDOWN = /\.(md|markdown|mdx)$/i;
const isFile = (file: string) => existsSync(file) && statSync(file).isFile();
const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const posix = (file: string) => file.split(path.sep).join('/');
const pixels = (value: unknown) => (Number.isInteger(value) && (value as number) > 0 ? (value as number) : undefined);

/** A date as the generators write them (`2015-01-29 10:00:00 -0800`, TOML dates, `Jul 08 2022`); no zone: UTC. */
function dateOf(value: unknown): string | undefined {
  let text = value instanceof Date ? value.toISOString() : (str(value) ?? '');
  const parts = /^(\d{4}-\d\d-\d\d)(?:[ T](\d\d:\d\d(?::\d\d(?:\.\d+)?)?))?\s*(Z|[+-]\d\d:?\d\d)?$/i.exec(text);
  if (parts) text = `${parts[1]}T${parts[2] ?? '00:00:00'}${(parts[3] ?? 'Z').replace(/^([+-]\d\d)(\d\d)$/, '$1:$2')}`;
  // Free forms (`Jul 08 2022`) without a zone are read in UTC too, not in this machine's zone.
  const zoned = parts || /(\b(GMT|UTC|Z)|[+-]\d\d:?\d\d)$/i.test(text);
  const date = [zoned ? text : `${text} UTC`, text]
    .map((form) => new Date(form))
    .find((d) => !Number.isNaN(d.getTime()));
  return text && date ? date.toISOString() : undefined;
}

/** A file's front matter (YAML between `---`, TOML between `+++`, JSON up to a line `}`) and the Markdown after it. */
function frontMatter(text: string): { data: Data; body: string } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const fence = lines[0]?.trim();
  const closing = (line: string) => (fence === '{' ? line === '}' : line.trim() === fence);
  const end =
    fence === '---' || fence === '+++' || fence === '{' ? lines.findIndex((line, i) => i > 0 && closing(line)) : -1;
  if (end < 0 && fence !== '---' && fence !== '+++') return { data: {}, body: lines.join('\n') };
  if (end < 0) throw new Error(`its front matter has no closing ${fence}`);
  const source = lines.slice(fence === '{' ? 0 : 1, fence === '{' ? end + 1 : end).join('\n');
  const data = fence === '---' ? parseYaml(source) : fence === '+++' ? parseToml(source) : JSON.parse(source);
  return { data: (data ?? {}) as Data, body: lines.slice(end + 1).join('\n') };
}

/** A list field: an array, or a string of comma-separated names (of space-separated ones, in Jekyll). */
const names = (value: unknown, spaces = false): string[] =>
  (Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(value.includes(',') || !spaces ? ',' : ' ')
      : []
  )
    .map((name) => String(name).trim())
    .filter(Boolean);

async function conventionOf(dir: string): Promise<{ convention: Convention; roots: string[] }> {
  const has = (...names: string[]) => names.some((name) => existsSync(path.join(dir, name)));
  const dated =
    has('_posts') && (await readdir(path.join(dir, '_posts'))).some((name) => /^\d{4}-\d\d-\d\d-/.test(name));
  if (has('_posts', '_drafts') && (has('_config.yml', '_config.toml', 'Gemfile') || dated))
    return { convention: 'jekyll', roots: ['_posts', '_drafts'] };
  const hugo = ['hugo', 'config'].flatMap((name) => ['toml', 'yaml', 'yml', 'json'].map((ext) => `${name}.${ext}`));
  if (has('content') && has(...hugo, 'archetypes', 'config/_default'))
    return { convention: 'hugo', roots: ['content'] };
  if (has('src/content')) return { convention: 'astro', roots: ['src/content'] };
  if (has('_posts', 'posts')) return { convention: 'next', roots: ['_posts', 'posts'] };
  return { convention: 'plain', roots: ['.'] };
}

async function markdownFiles(dir: string, roots: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const root of roots.filter((name) => existsSync(path.join(dir, name)))) {
    const all = await readdir(path.join(dir, root), { recursive: true, encoding: 'utf8' });
    const hidden = (name: string) =>
      name.split(path.sep).some((part) => part.startsWith('.') || part === 'node_modules');
    found.push(
      ...all.filter((name) => MARKDOWN.test(name) && !hidden(name)).map((name) => posix(path.join(root, name))),
    );
  }
  return found.sort();
}

export async function readMarkdownFolder(dir: string): Promise<Bundle> {
  const bundle = emptyBundle('markdown');
  const warn = (item: string, message: string) => bundle.warnings.push({ item, message });
  const { convention, roots } = await conventionOf(dir);
  const jekyll = convention === 'jekyll';
  const media = new Map<string, SourceMedia>();
  const keep = (item: SourceMedia) => media.set(item.url, media.get(item.url) ?? item);
  // A post's terms are in its language: a Spanish post's `css` is the Spanish `css` (its source id `es/css`).
  type Term = { label: string; slug: string; language?: string };
  const terms = { categories: new Map<string, Term>(), tags: new Map<string, Term>() };
  const termIds = (kind: 'categories' | 'tags', labels: string[], of: string | undefined) => {
    const language = languageOf(of) === MAIN_LANGUAGE ? undefined : languageOf(of);
    const ids = labels.map((label) => {
      const slug = slugify(label, 'term');
      const sourceId = language ? `${language}/${slug}` : slug;
      terms[kind].set(sourceId, terms[kind].get(sourceId) ?? { label, slug, ...(language && { language }) });
      return sourceId;
    });
    return [...new Set(ids)];
  };
  const translations = new Map<string, string>();

  for (const id of await markdownFiles(dir, roots)) {
    const file = path.join(dir, id);
    const [base, folder] = [path.basename(id).replace(MARKDOWN, ''), path.basename(path.dirname(id))];
    if (convention === 'hugo' && base === '_index') {
      warn(id, "a section's list page, not a post: skipped");
      continue;
    }
    let parsed: { data: Data; body: string };
    try {
      parsed = frontMatter(await readFile(file, 'utf8'));
    } catch (error) {
      warn(id, `its front matter could not be read (${(error as Error).message}): skipped`);
      continue;
    }
    const data = parsed.data;
    const field = (...keys: string[]) => keys.map((key) => data[key]).find((value) => value != null && value !== '');
    if (id.endsWith('.mdx')) warn(id, 'MDX read as Markdown: its imports and components stay as text');

    // An address it names: remote, as written; a file beside it or under the site's root, read from disk.
    const asset: Asset = (ref, alt) => {
      const fileName = path.posix.basename(ref.split(/[?#]/)[0]!) || 'file';
      if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(ref)) return void keep({ url: ref, fileName, alt });
      if (ref.startsWith('#')) return undefined;
      const clean = unescape(ref.split(/[?#]/)[0]!);
      // The folder being imported, named at run time: not a file of the build (Turbopack traced the whole project).
      const bases = clean.startsWith('/')
        ? ['public', 'static', ''].map((name) => path.join(/*turbopackIgnore: true*/ dir, name))
        : [path.dirname(/*turbopackIgnore: true*/ file)];
      const found = bases.map((name) => path.join(/*turbopackIgnore: true*/ name, clean)).find(isFile);
      if (!found) return void warn(id, `${ref} was not found beside it or in the site's folders`);
      const url = clean.startsWith('/') ? ref : `/${posix(path.relative(dir, found))}`;
      keep({ url, fileName: path.basename(found), alt, read: async () => new Uint8Array(await readFile(found)) });
      return url;
    };
    const markdown = withAssets(parsed.body.replace(/^\n+/, ''), asset);

    // Its slug and date: the front matter's, else its file's (Jekyll's dated name, a page bundle's folder).
    const jekyllName = /^(\d{4})-(\d\d)-(\d\d)-(.+)$/.exec(base);
    const permalink = str(field('permalink', 'url'));
    const fixed = permalink && !permalink.includes(':') ? `/${permalink.replace(/^\/+/, '')}` : undefined;
    const named =
      str(field('slug')) ??
      fixed
        ?.split('/')
        .findLast(Boolean)
        ?.replace(/\.html?$/, '');
    const raw = named ?? jekyllName?.[4] ?? (/^_?index$/.test(base) ? folder : base);
    const dated = jekyllName ? dateOf(jekyllName.slice(1, 4).join('-')) : undefined;
    const date = dateOf(field('date', 'pubDate', 'publishDate', 'published_at')) ?? dated;
    const draft = field('draft') === true || field('published') === false || id.startsWith('_drafts/');
    const status = draft ? 'draft' : date && date > new Date().toISOString() ? 'scheduled' : 'published';
    const title = str(field('title')) ?? raw.replace(/[-_]+/g, ' ');
    if (!str(field('title'))) warn(id, `a post without a title: titled "${title}" after its file`);
    const categories = [...names(field('category')), ...names(field('categories'), jekyll)];

    // Its author (by name), its cover.
    const authors = [field('author', 'authors')].flat().filter((value) => value != null);
    if (authors.length > 1) warn(id, `co-authors after ${String(authors[0])} not carried (a post has one author)`);
    const author = authors[0] as Data | string | undefined;
    const name = typeof author === 'string' ? str(author) : str(author?.name);
    const authorId = name && slugify(name, 'author');
    const picture = typeof author === 'object' ? str(author.picture ?? author.avatar ?? author.image) : undefined;
    const avatar = picture && (asset(picture) ?? picture);
    if (authorId && !bundle.authors.some((known) => known.sourceId === authorId))
      bundle.authors.push({ sourceId: authorId, name: name!, slug: authorId, avatar, oldPaths: [] });
    const cover = field('cover', 'image', 'featured_image', 'featuredImage', 'heroImage', 'coverImage');
    const coverRef = str(cover) ?? str((cover as Data | undefined)?.image);
    const coverAlt = str(field('coverAlt')) ?? str((cover as Data | undefined)?.alt);
    const coverImage = coverRef && (asset(coverRef, coverAlt) ?? coverRef);
    const [coverWidth, coverHeight] = [pixels(field('coverWidth')), pixels(field('coverHeight'))];
    const coverSize = coverImage && coverWidth && coverHeight ? { coverWidth, coverHeight } : {};
    const language = str(field('lang', 'language'));
    const original = str(field('translationOf'));
    if (original) translations.set(id, original);

    // Its old addresses, as its generator served it.
    const section = id.split('/')[roots[0] === '.' ? 0 : roots[0]!.split('/').length];
    // A Hugo page: a file directly under content/, or a bundle there (`content/about/index.md`).
    const page = convention === 'hugo' && id.split('/').length - (/^_?index$/.test(base) ? 1 : 0) === 2;
    const [y, m, d] = jekyllName?.slice(1, 4) ?? date?.slice(0, 10).split('-') ?? [];
    const categoryPath = categories.map((category) => `/${category.toLowerCase()}`).join('');
    const generated = {
      jekyll: y ? [`${categoryPath}/${y}/${m}/${d}/${raw}.html`, `/${y}/${m}/${d}/${raw}.html`] : [],
      hugo: [(page ? `/${raw}/` : `/${section}/${raw}/`).toLowerCase()],
      astro: [`/${section}/${raw}`],
      next: [`/posts/${raw}`],
      plain: [`/blog/${raw}`],
    }[convention];
    const aliases = [...names(field('aliases')), ...names(field('redirect_from'))].map(
      (to) => `/${to.replace(/^\/+/, '')}`,
    );
    const oldPaths = draft ? [] : [...new Set([...(fixed ? [fixed] : generated), ...aliases])];

    bundle.posts.push({
      ...{
        sourceId: id,
        kind: page ? 'page' : 'post',
        title,
        slug: slugify(raw),
        body: { format: 'markdown', markdown },
      },
      ...{ excerpt: str(field('description', 'summary', 'excerpt', 'subtitle')), status, publishedDate: date },
      updatedDate: dateOf(field('lastmod', 'updated', 'updatedDate', 'modified', 'last_modified_at')),
      // This site's export: when a draft went out before.
      firstPublishedDate: dateOf(field('firstPublishedDate')),
      lastPublishedDate: dateOf(field('lastPublishedDate')),
      categoryIds: termIds('categories', categories, language),
      tagIds: termIds('tags', names(field('tags'), jekyll), language),
      ...{ authorId, coverImage, ...(coverImage && coverAlt && { coverAlt }), ...coverSize },
      ...{ featured: field('featured') === true, oldPaths },
      ...{ pinned: [data.pin, data.pinned, data.sticky].includes(true), language },
    });
  }
  // `translationOf` names the original by its slug (this site's export, the demo's own posts).
  linkTranslations(bundle.posts, translations, (warning) => bundle.warnings.push(warning));

  const termsOf = (kind: 'categories' | 'tags') =>
    [...terms[kind]].map(([sourceId, term]) => {
      const prefix = term.language ? `/${term.language}` : '';
      const oldPaths = convention === 'hugo' ? [`${prefix}/${kind}/${term.slug}/`] : [];
      return { sourceId, ...term, oldPaths };
    });
  [bundle.categories, bundle.tags, bundle.media] = [termsOf('categories'), termsOf('tags'), [...media.values()]];
  return bundle;
}
