import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { writeJsonAtomic } from '@/lib/core/files/atomic';
import { UsageError } from './errors';

// The content folder as files. Only the fields the CLI reads are checked; a post, category or tag is kept
// as the object read (key order and unknown fields included), so an edit changes only what it sets.

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
});
export type RawTerm = z.infer<typeof RawTerm>;

export type TermKind = 'category' | 'tag';

export const isPublished = (post: RawPost) => (post.status ?? 'PUBLISHED') === 'PUBLISHED';

export class ContentFolder {
  readonly dir: string;

  constructor(dir: string) {
    this.dir = path.resolve(dir);
  }

  get postsDir() {
    return path.join(this.dir, 'posts');
  }

  postFile(id: string) {
    if (!/^[\w-]+$/.test(id)) throw new UsageError(`not a post id: ${id}`);
    return path.join(this.postsDir, `${id}.json`);
  }

  termsFile(kind: TermKind) {
    return path.join(this.dir, kind === 'category' ? 'categories.json' : 'tags.json');
  }

  async posts(): Promise<RawPost[]> {
    const names = await readdir(this.postsDir).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        throw new UsageError(`${this.dir} is not a content folder: it has no posts/ folder (set BLOG_CONTENT_DIR)`);
      throw error;
    });
    const posts = await Promise.all(
      names.filter((n) => n.endsWith('.json')).map((n) => this.readPostFile(path.join(this.postsDir, n))),
    );
    return posts.flatMap((p) => p ?? []);
  }

  /** A post by id or slug. */
  async post(ref: string): Promise<RawPost> {
    const byId = /^[\w-]+$/.test(ref) ? await this.readPostFile(this.postFile(ref)) : null;
    const post = byId ?? (await this.posts()).find((p) => p.slug === ref);
    if (!post) throw new UsageError(`no post with id or slug "${ref}" in ${this.postsDir}`);
    return post;
  }

  writePost(post: RawPost) {
    return writeJsonAtomic(this.postFile(post.id), post);
  }

  removePost(id: string) {
    return rm(this.postFile(id));
  }

  async terms(kind: TermKind): Promise<RawTerm[]> {
    const file = this.termsFile(kind);
    const raw = await readFile(file, 'utf8').catch(() => '[]');
    const json = parseJson(raw);
    if (!z.array(RawTerm).safeParse(json).success)
      throw new UsageError(`${file} is not a list of { id, slug, label } objects`);
    return json as RawTerm[];
  }

  async term(kind: TermKind, ref: string): Promise<RawTerm> {
    const term = (await this.terms(kind)).find((t) => t.id === ref || t.slug === ref);
    if (!term) throw new UsageError(`no ${kind} with id or slug "${ref}" in ${this.termsFile(kind)}`);
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
