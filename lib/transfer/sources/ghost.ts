import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unescape } from 'node:querystring';
import { type Bundle, emptyBundle, type SourceBody, type SourceMedia, type SourceStatus } from '../types';
import { type Row, addresses, body, iso, local, rows, str } from './ghost-body';

// A Ghost export (Settings → Labs → Export: `{db: [{meta, data}]}`, the database's tables by name) read into a Bundle.
// A post's content is HTML (ghost-body.ts: the export's own, or its Lexical or Mobiledoc rendered as Ghost renders
// it), so the converter meets one shape whatever the editor was. The media it names (`/content/images/…`) are found
// on disk under `options.mediaDir` (Ghost's content/images folder; content/media and content/files beside it).

/** `mediaDir`: Ghost's `content/images` folder, whose files the export's `/content/images/…` addresses name. */
export type GhostOptions = { mediaDir?: string };

const STATUSES: Record<string, SourceStatus> = { published: 'published', draft: 'draft', scheduled: 'scheduled' };
const sortOrder = (a: Row, b: Row) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0);
const fileNameOf = (url: string) => unescape(url.split(/[?#]/)[0]!.split('/').pop() ?? '') || 'file';

export function readGhost(json: string | object, options: GhostOptions = {}): Bundle {
  const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as Row;
  const data = ((Array.isArray(parsed.db) ? parsed.db[0] : parsed) as Row | undefined)?.data as Row | undefined;
  if (typeof data !== 'object' || data === null) throw new Error('Not a Ghost export: it has no db[0].data');
  const bundle = emptyBundle('ghost');
  const warn = (item: string, message: string) => bundle.warnings.push({ item, message });
  bundle.title = str(rows(data.settings).find((setting) => setting.key === 'title')?.value);

  const media = new Map<string, SourceMedia>();
  const addMedia = (url: string, extra: { alt?: string; caption?: string } = {}) => {
    const given = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined));
    if (media.has(url)) return void Object.assign(media.get(url)!, { ...given, ...media.get(url) });
    const item: SourceMedia = { url, fileName: fileNameOf(url), ...given };
    const [, kind, rest] = /^\/content\/(images|media|files)\/([^?#]+)/.exec(url) ?? [];
    if (kind && rest && options.mediaDir) {
      // The export's own folder, named at run time: not a file of the build (Turbopack traced the whole project).
      const file = path.join(
        /*turbopackIgnore: true*/ options.mediaDir,
        kind === 'images' ? '' : `../${kind}`,
        unescape(rest),
      );
      if (existsSync(/*turbopackIgnore: true*/ file))
        item.read = async () => new Uint8Array(await readFile(/*turbopackIgnore: true*/ file));
      else warn(url, `its file was not found in ${file}`);
    }
    media.set(url, item);
  };

  const tags = new Map<string, string>();
  for (const tag of rows(data.tags)) {
    const [id, label, slug] = [String(tag.id), str(tag.name) ?? '', str(tag.slug) ?? String(tag.id)];
    const internal = label.startsWith('#') || tag.visibility === 'internal';
    if (internal) warn(id, `internal tag ${label} skipped`);
    else tags.set(id, slug);
    const term = { sourceId: slug, label, slug, description: str(tag.description), oldPaths: [`/tag/${slug}/`] };
    if (!internal && !bundle.tags.some((known) => known.sourceId === slug)) bundle.tags.push(term);
  }

  for (const user of rows(data.users)) {
    const [sourceId, slug] = [String(user.id), str(user.slug)];
    const avatar = str(user.profile_image) && local(String(user.profile_image));
    if (bundle.authors.some((author) => author.sourceId === sourceId)) continue;
    if (avatar) addMedia(avatar);
    const [name, email, bio] = [str(user.name) ?? slug ?? sourceId, str(user.email), str(user.bio)];
    bundle.authors.push({ sourceId, name, email, slug, bio, avatar, oldPaths: slug ? [`/author/${slug}/`] : [] });
  }

  const byPost = (table: unknown, key: string) => {
    const found = new Map<string, string[]>();
    for (const row of rows(table).sort(sortOrder))
      found.set(String(row.post_id), [...(found.get(String(row.post_id)) ?? []), String(row[key])]);
    return found;
  };
  const [postTags, postAuthors] = [byPost(data.posts_tags, 'tag_id'), byPost(data.posts_authors, 'author_id')];
  const metas = new Map(rows(data.posts_meta).map((meta) => [String(meta.post_id), meta]));

  for (const post of rows(data.posts)) {
    const [id, slug, meta] = [String(post.id), str(post.slug), { ...post, ...metas.get(String(post.id)) }];
    const status = STATUSES[String(post.status)] ?? 'draft';
    if (status !== post.status) warn(id, `status ${String(post.status)} read as a draft`);
    if (post.visibility === 'members') warn(id, 'members-only post read as public (the site has no such posts)');
    const authors = postAuthors.get(id) ?? (post.author_id ? [String(post.author_id)] : []);
    if (authors.length > 1) warn(id, `co-authors ${authors.slice(1).join(', ')} not carried (a post has one author)`);
    const cover = str(post.feature_image) && local(String(post.feature_image));
    if (cover) addMedia(cover, { alt: str(meta.feature_image_alt), caption: str(meta.feature_image_caption) });
    let content: SourceBody;
    try {
      content = body(post, (message) => warn(id, message));
    } catch (error) {
      warn(id, `its content could not be read (${(error as Error).message}); skipped`);
      continue;
    }
    if (content.format === 'html') addresses(content.html).forEach((url) => addMedia(url));
    const kind = post.type === 'page' || post.page === true || post.page === 1 ? 'page' : 'post';
    const tagIds = [...new Set((postTags.get(id) ?? []).flatMap((tag) => tags.get(tag) ?? []))];
    const featured = post.featured === true || post.featured === 1;
    const paid = post.visibility === 'paid' || post.visibility === 'tiers';
    bundle.posts.push({
      ...{ sourceId: id, kind, title: str(post.title) ?? slug ?? id, slug, body: content, status },
      ...{
        excerpt: str(post.custom_excerpt),
        publishedDate: iso(post.published_at),
        updatedDate: iso(post.updated_at),
      },
      ...{ categoryIds: [], tagIds, authorId: authors[0], coverImage: cover, pinned: false },
      ...{ featured, paid, language: str(post.locale), oldPaths: slug && status === 'published' ? [`/${slug}/`] : [] },
      ...{ seoTitle: str(meta.meta_title), seoDescription: str(meta.meta_description) },
    });
  }

  const subscribed = new Set(rows(data.members_newsletters).map((row) => String(row.member_id)));
  const seen = new Set<string>();
  for (const member of rows(data.members)) {
    const email = str(member.email)?.trim();
    if (!email || seen.has(email.toLowerCase())) {
      warn(String(member.id), email ? `a second member with ${email} skipped` : 'member without an e-mail skipped');
      continue;
    }
    seen.add(email.toLowerCase());
    const paid = member.status === 'paid' || member.status === 'comped';
    const isSubscribed = subscribed.has(String(member.id)) || member.subscribed === true || member.subscribed === 1;
    const [name, createdDate] = [str(member.name), iso(member.created_at)];
    bundle.people.push({ email, name, subscribed: isSubscribed, paid, createdDate });
  }
  bundle.media = [...media.values()];
  return bundle;
}
