import { copyFile, mkdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ContentFolder, RawPost } from '@/lib/blog/tools';
import { MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import type { RecordsReader } from './export-records';
import { siteSettingsOf } from './export-records';
import { dateOf, type ExportSite, fileNames, originalsOf, postFile, statusOf } from './export-posts';
import { readmeText } from './export-readme';
import { siteWxr } from './export-wxr';
import { writePeopleCsv } from './people-csv';
import { mediaFilesOf } from '@/lib/blog/tools';
import { emptyStats, type MarkdownStats } from './ricos-to-markdown';

// `npm run blog -- export FOLDER` (command.ts): the whole blog out of the site, in forms other platforms read, so
// nothing is locked in. Into the folder `out`:
//   posts/<slug>.md   every post (published, draft, scheduled; each language): YAML front matter, Markdown body
//   media/            every file of the content folder's media/ the posts use (covers, inline images, files)
//   wordpress.xml     a WordPress export (WXR 1.2): posts as HTML, terms, writers, media as attachments, and each
//                     post's Ricos JSON in its `_wix_ricos` meta for this site's importer to restore it whole
//   members.csv       the members, subscribers.csv the newsletter's addresses: Ghost's member import columns
//   README.md         what each file is
// Reads the content folder through its one reader (lib/blog/local/folder.ts) and the records through any data client;
// writes only into `out`.

export interface ExportOptions {
  folder: ContentFolder;
  /** The folder to write into (made when missing). */
  out: string;
  /** The site's records (a DataClient), for members, subscribers and plans; without them the CSVs are headers only. */
  records?: RecordsReader;
  /** The site's public address, without a trailing slash: links, and where media is downloaded from. */
  siteUrl: string;
  /** When the export is made (the WXR's date); now by default. */
  now?: Date;
}

export interface ExportReport {
  out: string;
  counts: {
    posts: number;
    published: number;
    drafts: number;
    scheduled: number;
    /** Posts by language. */
    languages: Record<string, number>;
    translations: number;
    categories: number;
    tags: number;
    authors: number;
    /** Media files copied into media/. */
    media: number;
    /** The WXR's items: one per post, one attachment per media file. */
    wxrPosts: number;
    wxrAttachments: number;
    members: number;
    subscribers: number;
  };
  /** How the bodies were written: ricos:<kind> blocks and ricos:node JSON by kind, and what Markdown left out. */
  markdown: MarkdownStats;
  /** Every file written, relative to `out`, sorted. */
  files: string[];
  warnings: string[];
}

type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The writers of content/authors.json (the PUBLIC member shape), by member id. */
async function readAuthors(dir: string): Promise<ExportSite['authors']> {
  const raw: unknown = await readFile(path.join(dir, 'authors.json'), 'utf8').then(JSON.parse, () => []);
  const authors: ExportSite['authors'] = new Map();
  for (const entry of Array.isArray(raw) ? (raw as Data[]) : []) {
    const name = entry?.profile?.nickname;
    if (typeof entry?.id === 'string' && typeof name === 'string')
      authors.set(entry.id, { name, slug: typeof entry.profile.slug === 'string' ? entry.profile.slug : undefined });
  }
  return authors;
}

/** Copies the media files the posts name that the content folder holds; the others are warned about. */
async function copyMedia(folder: ContentFolder, posts: RawPost[], out: string, warnings: string[]) {
  const root = path.join(folder.dir, 'media');
  const realRoot = await realpath(root).catch(() => null);
  const users = new Map<string, string[]>();
  for (const post of posts)
    for (const file of mediaFilesOf(post)) users.set(file, [...(users.get(file) ?? []), post.id]);
  const copied = new Map<string, string[]>();
  for (const [file, ids] of [...users].sort(([a], [b]) => a.localeCompare(b))) {
    const source = path.join(root, ...file.split('/'));
    const real = realRoot && (await realpath(source).catch(() => null));
    const inside = real && real.startsWith(realRoot + path.sep) && (await stat(real)).isFile();
    if (!inside) {
      // A plain word in a media source's id (a Wix media id, a name the folder lacks) is no file of the folder.
      if (file.includes('.')) warnings.push(`media/${file}: named by a post but not in ${root}`);
      continue;
    }
    const target = path.join(out, 'media', ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(real, target);
    copied.set(file, ids);
  }
  return copied;
}

const byDate = (a: RawPost, b: RawPost) =>
  (dateOf(a) ?? '').localeCompare(dateOf(b) ?? '') || a.slug.localeCompare(b.slug) || a.id.localeCompare(b.id);

/** Exports the site into `out` (see above); answers what was written. */
export async function exportSite(options: ExportOptions): Promise<ExportReport> {
  const { folder, records } = options;
  const out = path.resolve(options.out);
  const siteUrl = options.siteUrl.replace(/\/+$/, '');
  const warnings: string[] = [];
  const files: string[] = [];
  const write = async (name: string, text: string) => {
    const target = path.join(out, ...name.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
    files.push(name);
  };

  const posts = (await folder.posts()).sort(byDate);
  const [categories, tags, authors] = [
    await folder.terms('category'),
    await folder.terms('tag'),
    await readAuthors(folder.dir),
  ];
  await mkdir(path.join(out, 'posts'), { recursive: true });
  await mkdir(path.join(out, 'media'), { recursive: true });

  // The people first: the plans' names they read go into the posts' front matter.
  const people = await writePeopleCsv(records, out);
  files.push('members.csv', 'subscribers.csv');
  warnings.push(...people.warnings);

  const site: ExportSite = {
    siteUrl,
    categories: new Map(categories.map((term) => [term.id, term])),
    tags: new Map(tags.map((term) => [term.id, term])),
    authors,
    planNames: people.planNames,
    originals: originalsOf(posts),
  };
  const stats = emptyStats();
  const names = fileNames(posts);
  for (const post of posts) await write(`posts/${names.get(post.id)!}`, postFile(post, site, stats));

  const media = await copyMedia(folder, posts, out, warnings);
  files.push(...[...media.keys()].map((file) => `media/${file}`));

  const settings = await siteSettingsOf(records, []);
  const title = settings.title || new URL(siteUrl).host;
  const generated = (options.now ?? new Date()).toISOString();
  const wxr = siteWxr({ site, title, description: settings.description, posts, categories, tags, media, generated });
  await write('wordpress.xml', wxr.xml);

  const languages: Record<string, number> = {};
  for (const post of posts)
    languages[post.language ?? MAIN_LANGUAGE] = (languages[post.language ?? MAIN_LANGUAGE] ?? 0) + 1;
  const statuses = posts.map(statusOf);
  const counts: ExportReport['counts'] = {
    posts: posts.length,
    published: statuses.filter((s) => s === 'published').length,
    drafts: statuses.filter((s) => s === 'draft').length,
    scheduled: statuses.filter((s) => s === 'scheduled').length,
    languages,
    translations: site.originals.size,
    categories: categories.length,
    tags: tags.length,
    authors: new Set(posts.map((post) => (post as Data).memberId).filter((id) => authors.has(id))).size,
    media: media.size,
    wxrPosts: wxr.posts,
    wxrAttachments: wxr.attachments,
    members: people.members,
    subscribers: people.subscribers,
  };
  await write('README.md', readmeText({ title, siteUrl, generated, counts, stats, warnings }));
  return { out, counts, markdown: stats, files: files.sort(), warnings };
}
