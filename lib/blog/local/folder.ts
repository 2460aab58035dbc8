import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeJsonAtomic } from '@/lib/core/files/atomic';

// The content folder's layout, and its one writer (issue 43): `posts/<id>.json`, one post each in the Wix REST
// shape, and `categories.json`, `tags.json`, a list each. The blog CLI (scripts/blog), scheduled publishing (the local
// source's `sitePublishes`) and the store's reads (store/) all take the paths from here; every write is atomic.
//
// Only the fields a writer reads are checked; a post, category or tag is kept as the object read (key order and
// unknown fields included), so an edit changes only what it sets.

export const POSTS_FOLDER = 'posts';
/** Images and files the posts show, served at /media/<file>. */
export const MEDIA_FOLDER = 'media';
const UPLOADS_FOLDER = 'uploads';
/** Posts moved to the trash (the owner's desk): `trash/<id>.json`, the post as it was, with its `deletedDate`. */
export const TRASH_FOLDER = 'trash';
const TERMS_FILES = { category: 'categories.json', tag: 'tags.json' } as const;
export const CATEGORIES_FILE = TERMS_FILES.category;
export const TAGS_FILE = TERMS_FILES.tag;

export type TermKind = keyof typeof TERMS_FILES;

/** The file a post is written to (and, named by an event, first looked for in). */
export const postFileName = (id: string) => `${id}.json`;
export const postsDirOf = (dir: string) => path.join(/*turbopackIgnore: true*/ dir, POSTS_FOLDER);
export const termsFileOf = (dir: string, kind: TermKind) => path.join(/*turbopackIgnore: true*/ dir, TERMS_FILES[kind]);

export const RawPost = z.looseObject({
  id: z.string().min(1),
  slug: z.string().min(1),
  title: z.string(),
  status: z.string().optional(),
  firstPublishedDate: z.string().optional(),
  lastPublishedDate: z.string().optional(),
  categoryIds: z.array(z.string()).optional(),
  tagIds: z.array(z.string()).optional(),
  metrics: z.looseObject({ likes: z.number().optional() }).optional(),
  language: z.string().nullish(),
  translationId: z.string().nullish(),
});
export type RawPost = z.infer<typeof RawPost>;

export const RawTerm = z.looseObject({
  id: z.string().min(1),
  slug: z.string().min(1),
  label: z.string(),
  language: z.string().nullish(),
  translationId: z.string().nullish(),
  /** Slugs it had before (the dashboard's re-slug): their old addresses redirect to its page. The site's own field. */
  previousSlugs: z.array(z.string()).optional(),
});
export type RawTerm = z.infer<typeof RawTerm>;

export const isPublished = (post: RawPost) => (post.status ?? 'PUBLISHED') === 'PUBLISHED';

/** Bad input to the folder (not a post id, no such post or term, not a content folder): nothing was written. */
export class ContentFolderError extends Error {
  override name = 'ContentFolderError';
}

/** What a scheduled draft's time coming did: published it, or nothing (unscheduled, moved, already published). */
export type ScheduledOutcome = 'published' | 'not-due';

const POST_ID = /^[\w-]+$/;
const sameTime = (a: unknown, b: string) => typeof a === 'string' && Date.parse(a) === Date.parse(b);

export class ContentFolder {
  readonly dir: string;

  /** `refuse` makes the error bad input throws (the CLI's is its usage error, exit status 2). */
  constructor(
    dir: string,
    /** The error bad input is refused with (also by the folder's other steps: translations.ts). */
    readonly refuse: (message: string) => Error = (message) => new ContentFolderError(message),
  ) {
    this.dir = path.resolve(/*turbopackIgnore: true*/ dir);
  }

  get postsDir() {
    return postsDirOf(this.dir);
  }

  postFile(id: string) {
    if (!POST_ID.test(id)) throw this.refuse(`not a post id: ${id}`);
    return path.join(/*turbopackIgnore: true*/ this.postsDir, postFileName(id));
  }

  termsFile(kind: TermKind) {
    return termsFileOf(this.dir, kind);
  }

  async posts(): Promise<RawPost[]> {
    const names = await readdir(this.postsDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw this.refuse(`${this.dir} is not a content folder: it has no posts/ folder (set BLOG_CONTENT_DIR)`);
      throw error;
    });
    const posts = await Promise.all(
      names
        .filter((n) => n.endsWith('.json'))
        .map((n) => this.readPostFile(path.join(/*turbopackIgnore: true*/ this.postsDir, n))),
    );
    return posts.flatMap((p) => p ?? []);
  }

  /**
   * Each post's id, slug and language, read a few files at a time and nothing else kept: what a big write (an import
   * of thousands of posts) needs to know of the folder, without holding every post at once.
   */
  async postKeys(): Promise<Pick<RawPost, 'id' | 'slug' | 'language'>[]> {
    const names = (await readdir(this.postsDir)).filter((n) => n.endsWith('.json'));
    const keys: Pick<RawPost, 'id' | 'slug' | 'language'>[] = [];
    for (let from = 0; from < names.length; from += 64) {
      const posts = await Promise.all(
        names
          .slice(from, from + 64)
          .map((n) => this.readPostFile(path.join(/*turbopackIgnore: true*/ this.postsDir, n))),
      );
      for (const post of posts) if (post) keys.push({ id: post.id, slug: post.slug, language: post.language });
    }
    return keys;
  }

  /** A post by id or slug. */
  async post(ref: string): Promise<RawPost> {
    const byId = POST_ID.test(ref) ? await this.readPostFile(this.postFile(ref)) : null;
    const post = byId ?? (await this.posts()).find((p) => p.slug === ref);
    if (!post) throw this.refuse(`no post with id or slug "${ref}" in ${this.postsDir}`);
    return post;
  }

  /** The post file `posts/<id>.json` as it stands, unchecked; null when there is none, or it holds no object. */
  async rawPost(id: string): Promise<Record<string, unknown> | null> {
    if (!/^[\w-]{1,128}$/.test(id)) return null;
    try {
      const raw: unknown = JSON.parse(await readFile(this.postFile(id), 'utf8'));
      return raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }

  writePost(post: RawPost) {
    return writeJsonAtomic(this.postFile(post.id), post);
  }

  removePost(id: string) {
    return rm(this.postFile(id));
  }

  /**
   * Writes an uploaded file (`media/uploads/<name>`, served at /media/uploads/<name>); the name is the caller's, and a
   * file of that name is never overwritten. A folder of their own: the media folder's top level is the images the
   * site offers members as avatars.
   */
  async writeUpload(name: string, bytes: Uint8Array): Promise<string> {
    if (!/^[\w-]+\.[a-z]+$/.test(name)) throw this.refuse(`not a media file name: ${name}`);
    const dir = path.join(/*turbopackIgnore: true*/ this.dir, MEDIA_FOLDER, UPLOADS_FOLDER);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(/*turbopackIgnore: true*/ dir, name), bytes, { flag: 'wx' });
    return `/${MEDIA_FOLDER}/${UPLOADS_FOLDER}/${name}`;
  }

  trashFile(id: string) {
    if (!POST_ID.test(id)) throw this.refuse(`not a post id: ${id}`);
    return path.join(/*turbopackIgnore: true*/ this.dir, TRASH_FOLDER, postFileName(id));
  }

  /** Moves a post to the trash, dated: out of every read of the folder, until restored. */
  async trashPost(post: RawPost, deletedDate: string): Promise<void> {
    await mkdir(path.join(/*turbopackIgnore: true*/ this.dir, TRASH_FOLDER), { recursive: true });
    await writeJsonAtomic(this.trashFile(post.id), { ...post, deletedDate });
    await this.removePost(post.id);
  }

  /** The posts in the trash, most recently trashed first. */
  async trashedPosts(): Promise<(RawPost & { deletedDate: string })[]> {
    const dir = path.join(/*turbopackIgnore: true*/ this.dir, TRASH_FOLDER);
    const names = await readdir(dir).catch(() => [] as string[]);
    const posts = await Promise.all(
      names
        .filter((n) => n.endsWith('.json'))
        .map((n) => this.readPostFile(path.join(/*turbopackIgnore: true*/ dir, n))),
    );
    return (posts.filter((p) => p && typeof p.deletedDate === 'string') as (RawPost & { deletedDate: string })[]).sort(
      (a, b) => b.deletedDate.localeCompare(a.deletedDate),
    );
  }

  /** Deletes for good what was trashed before `before` (ISO); answers how many. */
  async emptyTrash(before: string): Promise<number> {
    const old = (await this.trashedPosts()).filter((p) => p.deletedDate < before);
    await Promise.all(old.map((p) => rm(this.trashFile(p.id), { force: true })));
    return old.length;
  }

  /** Brings a trashed post back to the posts folder, as it was (without its deletion date); null: not in the trash. */
  async restorePost(id: string): Promise<RawPost | null> {
    const post = await this.readPostFile(this.trashFile(id));
    if (!post) return null;
    const { deletedDate: _, ...restored } = post;
    await this.writePost(restored as RawPost);
    await rm(this.trashFile(id));
    return restored as RawPost;
  }

  /** When the draft `id` is scheduled to go live, as its file says (null: no such file, or no time written). */
  async scheduledAt(id: string): Promise<string | null> {
    const at = (await this.rawPost(id))?.scheduledPublishDate;
    return typeof at === 'string' ? at : null;
  }

  /**
   * The draft `id`'s time `at` has come: published as `publish` would (its first publication date the scheduled time,
   * unless it had one; the schedule gone), if its file still says SCHEDULED for `at`; otherwise nothing is written.
   */
  async publishScheduled(id: string, at: string): Promise<ScheduledOutcome> {
    const raw = await this.rawPost(id);
    if (!raw || raw.status !== 'SCHEDULED' || !sameTime(raw.scheduledPublishDate, at)) return 'not-due';
    const { scheduledPublishDate: _, ...rest } = raw;
    const when = new Date(at).toISOString();
    await writeJsonAtomic(this.postFile(id), {
      ...rest,
      status: 'PUBLISHED',
      firstPublishedDate: typeof raw.firstPublishedDate === 'string' ? raw.firstPublishedDate : when,
      lastPublishedDate: when,
    });
    return 'published';
  }

  async terms(kind: TermKind): Promise<RawTerm[]> {
    const file = this.termsFile(kind);
    const raw = await readFile(file, 'utf8').catch(() => '[]');
    const json = parseJson(raw);
    if (!z.array(RawTerm).safeParse(json).success)
      throw this.refuse(`${file} is not a list of { id, slug, label } objects`);
    return json as RawTerm[];
  }

  async term(kind: TermKind, ref: string): Promise<RawTerm> {
    const term = (await this.terms(kind)).find((t) => t.id === ref || t.slug === ref);
    if (!term) throw this.refuse(`no ${kind} with id or slug "${ref}" in ${this.termsFile(kind)}`);
    return term;
  }

  writeTerms(kind: TermKind, terms: RawTerm[]) {
    return writeJsonAtomic(this.termsFile(kind), terms);
  }

  private async readPostFile(file: string): Promise<RawPost | null> {
    const text = await readFile(file, 'utf8').catch(() => null);
    if (text === null) return null;
    const json = parseJson(text);
    return RawPost.safeParse(json).success ? (json as RawPost) : null;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
