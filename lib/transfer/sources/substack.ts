import { unescape } from 'node:querystring';
import { parse } from 'csv-parse/sync';
import { strFromU8, unzipSync } from 'fflate';
import { type DefaultTreeAdapterTypes as T, parseFragment } from 'parse5';
import { type Bundle, emptyBundle, type SourceMedia } from '../types';

// A Substack export (Settings → Exports: a zip) read into a Bundle. What the export holds, as Substack writes it and
// as public importers read it (TryGhost/migrate: packages/mg-substack/lib/read-zip.js, lib/mapper.js and its
// test/fixtures/posts.csv; packages/mg-substack-members-csv/test/fixtures; and the notes of importers that inspected
// recent exports, which add `inbox_sent_at` to posts.csv and `plan`, `first_payment_at` to the e-mail list):
//   posts.csv                     post_id (`<number>.<slug>`), post_date, is_published, email_sent_at,
//                                 inbox_sent_at, type (newsletter, podcast, thread, page), audience (everyone,
//                                 only_paid, founding, only_free), title, subtitle, podcast_url
//   posts/<post_id>.html          the post's body (a fragment)
//   posts/<post_id>.opens.csv     per-post e-mail statistics, and .delivers.csv: not read
//   email_list.<publication>.csv  email, active_subscription, expiry, plan (free, paid, comp, …), email_disabled,
//                                 created_at, first_payment_at (and, in some, name)
// Images are not in the export: a post's HTML links them on Substack's CDN, listed as remote media. Substack's own
// widgets (subscribe buttons, the paywall marker `paywall-jump`) stay in the HTML for the converter.

type Row = Record<string, string | undefined>;

const truthy = (value: string | undefined) => /^(true|t|yes|1)$/i.test((value ?? '').trim());
const text = (value: string | undefined) => {
  const trimmed = (value ?? '').trim();
  // Substack writes some subtitles with HTML entities (`&#x201C;`): read as HTML text, they are the characters.
  return trimmed ? textOf(parseFragment(trimmed)).trim() || undefined : undefined;
};
const textOf = (node: T.ParentNode): string =>
  node.childNodes
    .map((child) => ('value' in child ? child.value : 'childNodes' in child ? textOf(child) : ''))
    .join('');
const iso = (value: string | undefined) => {
  const date = value?.trim() ? new Date(value.trim()) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : undefined;
};
const csv = (data: Uint8Array): Row[] =>
  parse(strFromU8(data), { columns: true, bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });

/** A CDN address's file: Substack's `…/image/fetch/<options>/<encoded address>` names the image by the last one. */
const fileNameOf = (url: string) =>
  unescape(url.split(/[?#]/)[0]!.split('/').pop() ?? '')
    .split(/[?#]/)[0]!
    .split('/')
    .pop() || 'image';

/** The images a post's HTML shows, with their alt text and their figure's caption. */
function images(html: string): SourceMedia[] {
  const found: SourceMedia[] = [];
  const walk = (node: T.ParentNode, caption?: string) =>
    node.childNodes.forEach((child) => {
      if (!('tagName' in child)) return;
      const attr = (name: string) => child.attrs.find((item) => item.name === name)?.value;
      const figcaption = child.childNodes.find((item) => 'tagName' in item && item.tagName === 'figcaption');
      const own = child.tagName === 'figure' && figcaption ? textOf(figcaption as T.Element).trim() : caption;
      const src = child.tagName === 'img' ? attr('src') : undefined;
      if (src && !src.startsWith('data:'))
        found.push({ url: src, fileName: fileNameOf(src), alt: attr('alt') || undefined, caption: own || undefined });
      walk(child, own);
    });
  walk(parseFragment(html));
  return found;
}

export function readSubstack(zip: Uint8Array): Bundle {
  const files = unzipSync(zip);
  const bundle = emptyBundle('substack');
  const warn = (item: string, message: string) => bundle.warnings.push({ item, message });
  // The export's files by their path inside it (a zip made by hand may wrap them in one folder).
  const postsCsv = Object.keys(files).find((name) => name === 'posts.csv' || name.endsWith('/posts.csv'));
  if (!postsCsv) throw new Error('Not a Substack export: it has no posts.csv');
  const root = postsCsv.slice(0, -'posts.csv'.length);
  const media = new Map<string, SourceMedia>();
  const addMedia = (item: SourceMedia) => media.set(item.url, { ...item, ...media.get(item.url) });

  csv(files[postsCsv]!).forEach((row, index) => {
    const id = row.post_id ?? '';
    const type = (row.type ?? '').toLowerCase();
    if (!id) return void warn(`posts.csv row ${index + 2}`, 'a row without a post_id skipped');
    if (type === 'thread') return void warn(id, 'a discussion thread, not a post: skipped');
    if (type && !['newsletter', 'podcast', 'page'].includes(type)) warn(id, `type ${type} read as a post`);
    const slug = id.includes('.') ? id.slice(id.indexOf('.') + 1) : undefined;
    const published = truthy(row.is_published);
    const audience = (row.audience ?? '').toLowerCase();
    if (audience === 'only_free') warn(id, 'subscribers-only post read as public (the site has no such posts)');
    const file = files[`${root}posts/${id}.html`];
    if (!file) warn(id, `its body (posts/${id}.html) is not in the export: read as empty`);
    let html = file ? strFromU8(file) : '';
    const podcast = row.podcast_url?.trim();
    if (podcast)
      html = `<audio src="${podcast.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}" controls></audio>${html}`;
    if (podcast) addMedia({ url: podcast, fileName: fileNameOf(podcast) });
    images(html).forEach(addMedia);
    const title = text(row.title) ?? slug ?? id;
    if (!text(row.title)) warn(id, `a post without a title: titled ${title}`);
    bundle.posts.push({
      ...{ sourceId: id, kind: type === 'page' ? 'page' : 'post', title, slug, body: { format: 'html', html } },
      ...{ excerpt: text(row.subtitle), status: published ? 'published' : 'draft', categoryIds: [], tagIds: [] },
      ...{ publishedDate: published ? iso(row.post_date) : undefined, paid: /^(only_paid|founding)$/.test(audience) },
      oldPaths: published && slug ? [`/p/${slug}`] : [],
    });
  });

  const seen = new Set<string>();
  for (const name of Object.keys(files).sort()) {
    const publication = /^email_list\.(.+)\.csv$/.exec(name.slice(root.length))?.[1];
    if (!publication || !name.startsWith(root)) continue;
    bundle.siteUrl ??= `https://${publication}.substack.com`;
    csv(files[name]!).forEach((row, index) => {
      const email = row.email ?? '';
      const where = `${name.slice(root.length)} row ${index + 2}`;
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) return void warn(where, `${email || 'a row without an e-mail'}: skipped`);
      if (seen.has(email.toLowerCase())) return void warn(where, `a second row for ${email} skipped`);
      seen.add(email.toLowerCase());
      const plan = (row.plan ?? '').toLowerCase();
      bundle.people.push({
        ...{ email, name: row.name || undefined, subscribed: !truthy(row.email_disabled) },
        paid: (plan !== '' && plan !== 'free' && plan !== 'comp') || truthy(row.active_subscription),
        createdDate: iso(row.created_at),
      });
    });
  }
  bundle.media = [...media.values()];
  return bundle;
}
