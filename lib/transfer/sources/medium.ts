import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { type DefaultTreeAdapterTypes as T, parse, serialize } from 'parse5';
import { type Bundle, emptyBundle, type SourceAuthor, type SourceMedia } from '../types';

// A Medium export (Settings → Security and apps → Download your information: a zip) read into a Bundle. Its `posts/`
// folder holds one HTML page per story and draft (drafts' names start with `draft_`), and `profile/profile.html` the
// account. A page is microformats: `<article class="h-entry">` with the title (`h1.p-name`), the subtitle
// (`section[data-field=subtitle].p-summary`), the body (`section[data-field=body].e-content`, Medium's own markup:
// `section`s of `graf`s) and a footer with the date (`time.dt-published`), the author (`a.p-author`), the tags
// (`a.p-tag`), the short link (`medium.com/p/<id>`) and the canonical one (`a.p-canonical`). The body is kept as
// Medium wrote it, less what repeats the page's own fields: the title heading (`graf--title`), the subtitle heading
// (`graf--subtitle`), the first section's divider and the featured image (`data-is-featured`), which is the cover.
// The export carries no image files: images are Medium's CDN addresses, listed as remote media.

type Node = T.ChildNode | T.ParentNode;
type Element = T.Element;

const isElement = (node: Node): node is Element => 'tagName' in node;
const attr = (node: Element, name: string) => node.attrs.find((item) => item.name === name)?.value;
const classes = (node: Element) => (attr(node, 'class') ?? '').split(/\s+/);
const all = (node: Node, test: (element: Element) => boolean): Element[] =>
  'childNodes' in node
    ? node.childNodes.flatMap((child) =>
        isElement(child) ? [...(test(child) ? [child] : []), ...all(child, test)] : [],
      )
    : [];
const first = (node: Node, test: (element: Element) => boolean) => all(node, test)[0];
const byClass = (name: string) => (element: Element) => classes(element).includes(name);
const textOf = (node: Node): string =>
  'value' in node ? node.value : 'childNodes' in node ? node.childNodes.map(textOf).join('') : '';
const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const remove = (node: Element) => node.parentNode?.childNodes.splice(node.parentNode.childNodes.indexOf(node), 1);
const slugify = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
const iso = (value: string | undefined) => {
  const date = value ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
};
/** A Medium address's `@user`: `https://medium.com/@JoeBloggs` → `JoeBloggs` (an author's id: `joebloggs`). */
const userOf = (href: string | undefined) => /\/@([^/?#]+)/.exec(href ?? '')?.[1];

/** The export's HTML files by their path inside it: from a zip's bytes, a folder, or already read. */
function filesOf(input: Map<string, Uint8Array> | Uint8Array | string): Map<string, string> {
  if (typeof input === 'string') {
    const names = readdirSync(input, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.html'));
    return new Map(names.map((name) => [name.split(path.sep).join('/'), readFileSync(path.join(input, name), 'utf8')]));
  }
  const html = (name: string) => name.endsWith('.html');
  const entries =
    input instanceof Map ? [...input] : Object.entries(unzipSync(input, { filter: (file) => html(file.name) }));
  return new Map(entries.filter(([name]) => html(name)).map(([name, data]) => [name, strFromU8(data)]));
}

/** The images under a node, with their alt text and their figure's caption. */
function images(node: Node, caption?: string): SourceMedia[] {
  const figcaption = isElement(node) && node.tagName === 'figure' && first(node, (e) => e.tagName === 'figcaption');
  const own = figcaption ? clean(textOf(figcaption)) : caption;
  const url = isElement(node) && node.tagName === 'img' ? attr(node, 'src') : undefined;
  const fileName = url?.split(/[?#]/)[0]!.split('/').pop() || 'image';
  const alt = isElement(node) ? attr(node, 'alt') || undefined : undefined;
  const here: SourceMedia[] = url ? [{ url, fileName, alt, caption: own || undefined }] : [];
  return [...here, ...('childNodes' in node ? node.childNodes.flatMap((child) => images(child, own)) : [])];
}

/** The account (`profile/profile.html`): its name, photo, address and e-mail, as the posts' author by default. */
function profileOf(html: string): SourceAuthor | undefined {
  const card = first(parse(html), byClass('h-card'));
  const url = card && first(card, byClass('u-url'));
  const user = userOf(url && attr(url, 'href'));
  const sourceId = user?.toLowerCase();
  if (!card || !sourceId) return undefined;
  const photo = first(card, byClass('u-photo'));
  const email = all(card, (element) => element.tagName === 'li')
    .map((item) => clean(textOf(item)))
    .find((line) => /^email address:/i.test(line))
    ?.replace(/^email address:\s*/i, '');
  const name = clean(textOf(first(card, byClass('p-name')) ?? card)) || sourceId;
  return { sourceId, name, email, slug: sourceId, avatar: photo && attr(photo, 'src'), oldPaths: [`/@${user}`] };
}

/** The body less what repeats the page's own fields (title and subtitle headings, first divider); its cover. */
function trim(body: Element, title: string, subtitle: string): string | undefined {
  const headings = all(body, (element) => /^h[1-6]$/.test(element.tagName));
  const titled = headings.find(
    (heading) => classes(heading).includes('graf--title') || clean(textOf(heading)) === title,
  );
  if (titled) remove(titled);
  const repeated = (heading: Element) =>
    classes(heading).includes('graf--subtitle') && clean(textOf(heading)) === subtitle;
  headings.filter(repeated).forEach(remove);
  const divider = first(body, byClass('section-divider'));
  if (divider && divider.parentNode === first(body, byClass('section'))) remove(divider);
  const featured = first(
    body,
    (element) => element.tagName === 'img' && attr(element, 'data-is-featured') !== undefined,
  );
  let figure = featured;
  while (figure && figure.tagName !== 'figure' && figure.parentNode && isElement(figure.parentNode))
    figure = figure.parentNode;
  if (featured) remove(figure?.tagName === 'figure' ? figure : featured);
  return featured && attr(featured, 'src');
}

export function readMedium(input: Map<string, Uint8Array> | Uint8Array | string): Bundle {
  const files = filesOf(input);
  const bundle = emptyBundle('medium');
  const warn = (item: string, message: string) => bundle.warnings.push({ item, message });
  const media = new Map<string, SourceMedia>();
  const profilePath = [...files.keys()].find((name) => /(^|\/)profile\/profile\.html$/.test(name));
  const profile = profilePath ? profileOf(files.get(profilePath)!) : undefined;
  if (profile) bundle.authors.push(profile);

  const stories = [...files.keys()].filter((name) => /(^|\/)posts\/[^/]+\.html$/.test(name)).sort();
  if (stories.length === 0) warn('posts/', 'no stories found (a Medium export keeps them in posts/)');
  for (const name of stories) {
    const document = parse(files.get(name)!);
    const article = first(document, (element) => element.tagName === 'article') ?? document;
    const field = (key: string) => first(article, (element) => attr(element, 'data-field') === key);
    const fileName = name.split('/').pop()!;
    const draft = fileName.startsWith('draft_');
    const canonical = first(article, byClass('p-canonical'));
    const href = canonical && attr(canonical, 'href');
    const address = href && URL.canParse(href) ? new URL(href) : undefined;
    // Medium's id ends the canonical address (`…/@user/the-title-1a2b3c4d5e6f`) and the file's name
    // (`2018-08-11_The-Title-1a2b3c4d5e6f.html`, `draft_The-Title-1a2b3c4d5e6f.html`), after the words of the slug.
    const byFile = /^(?:draft_|\d{4}-\d\d-\d\d_)?(.*?)(?:-([0-9a-f]{8,}))?\.html$/.exec(fileName)!;
    const byAddress = /^(?:(.*)-)?([0-9a-f]{8,})$/.exec(address?.pathname.split('/').pop() ?? '');
    const sourceId = byAddress?.[2] ?? byFile[2] ?? name;
    const heading = first(article, byClass('p-name')) ?? first(document, (element) => element.tagName === 'title');
    const title = clean(heading ? textOf(heading) : '');
    if (!title) warn(sourceId, 'a story without a title: titled by its file name');
    const summary = field('subtitle');
    const subtitle = summary ? clean(textOf(summary)) : '';
    const body = field('body');
    if (!body) warn(sourceId, 'a story without a body: read as empty');
    if (body) images(body).forEach((image) => media.set(image.url, media.get(image.url) ?? image));
    const coverImage = body && trim(body, title, subtitle);

    const author = first(article, byClass('p-author'));
    const user = userOf(author && attr(author, 'href'));
    const authorId = user?.toLowerCase() ?? profile?.sourceId;
    const known = bundle.authors.some((found) => found.sourceId === authorId);
    if (author && authorId && !known)
      bundle.authors.push({
        sourceId: authorId,
        name: clean(textOf(author)),
        slug: authorId,
        oldPaths: [`/@${user}`],
      });

    const tagIds: string[] = [];
    for (const tag of all(article, byClass('p-tag'))) {
      const [label, slug] = [clean(textOf(tag)), /\/tag\/([^/?#]+)/.exec(attr(tag, 'href') ?? '')?.[1]];
      const sourceId = slug ?? slugify(label);
      if (!tagIds.includes(sourceId)) tagIds.push(sourceId);
      if (!bundle.tags.some((term) => term.sourceId === sourceId))
        bundle.tags.push({ sourceId, label, slug: sourceId, oldPaths: [] });
    }

    // Its old addresses: the canonical one, and Medium's short link (`/p/<id>`) in the footer.
    const footer = first(article, (element) => element.tagName === 'footer');
    const links = footer
      ? all(footer, (element) => element.tagName === 'a').map((link) => attr(link, 'href') ?? '')
      : [];
    const shortLink = links.find((href) => /^https?:\/\/[^/]+\/p\/[0-9a-f]+$/.test(href));
    const oldPaths = draft
      ? []
      : [address?.pathname, shortLink && new URL(shortLink).pathname].filter((found): found is string =>
          Boolean(found),
        );
    bundle.siteUrl ??= address?.origin;
    if (address && address.origin !== bundle.siteUrl)
      warn(sourceId, `its address is on ${address.host}, not ${bundle.siteUrl}`);
    const slug = slugify((!draft && byAddress?.[1]) || byFile[1] || title) || undefined;
    const date = first(article, byClass('dt-published'));
    const publishedDate = draft ? undefined : iso(date && attr(date, 'datetime'));
    bundle.posts.push({
      ...{ sourceId, kind: 'post', title: title || fileName, slug, excerpt: subtitle || undefined },
      ...{ body: { format: 'html', html: body ? serialize(body).trim() : '' }, status: draft ? 'draft' : 'published' },
      ...{ publishedDate, categoryIds: [], tagIds, authorId, coverImage, oldPaths },
    });
  }
  bundle.media = [...media.values()];
  return bundle;
}
