import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { MarkdownError, markdownToRicos } from '@/lib/core/ricos/markdown';
import { authors, categoryKeys, languages, tagKeys } from '../taxonomy';
import { demoDirective, Media, mediaFile } from './directives';
import { checkFields, parseFields } from '@/lib/core/ricos/directive-fields';
import type { PostDef } from './types';

// Reads the demo posts: scripts/content/demo/posts/<slug>.md, front matter then a Markdown body (README.md here).

export const POSTS_DIR = fileURLToPath(new URL('./posts/', import.meta.url));

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'a UTC time: 2025-05-28T08:30:00.000Z');
const Count = z.number().int().nonnegative();

const FrontMatter = z.strictObject({
  title: z.string().min(1),
  excerpt: z.string().min(1),
  date: IsoDate,
  updated: IsoDate.optional(),
  status: z.enum(['PUBLISHED', 'UNPUBLISHED', 'SCHEDULED']).optional(),
  neverPublished: z.boolean().optional(),
  author: z.enum(Object.keys(authors) as Array<keyof typeof authors>),
  categories: z.array(z.enum(categoryKeys)).min(1),
  tags: z.array(z.enum(tagKeys)).min(1),
  hashtags: z.array(z.string().regex(/^\w+$/)),
  image: Media,
  featured: z.boolean().optional(),
  pinned: z.boolean().optional(),
  commentingEnabled: z.boolean().optional(),
  metrics: z.strictObject({ views: Count, likes: Count, comments: Count }),
  seo: z
    .strictObject({ title: z.string().min(1), description: z.string().min(1), keywords: z.array(z.string()).min(1) })
    .optional(),
  related: z.array(z.string().regex(SLUG)).optional(),
  language: z.enum(languages).optional(),
  translationOf: z.string().regex(SLUG).optional(),
});

/** A demo post's file as a PostDef; a mistake is an error naming the file and line. */
export function readPost(file: string, source: string = readFileSync(file, 'utf8')): PostDef {
  const name = path.relative(process.cwd(), file);
  try {
    const lines = source.split(/\r?\n/);
    const end = lines.indexOf('---', 1);
    if (lines[0] !== '---' || end < 0)
      throw new MarkdownError('a post starts with front matter between two --- lines', 1);
    const slug = path.basename(file, '.md');
    if (!SLUG.test(slug)) throw new MarkdownError(`the file name is the slug, in kebab-case: ${slug}`, 1);
    const fields = parseFields(lines.slice(1, end).join('\n'), 2);
    const { metrics, ...matter } = checkFields(FrontMatter, fields, 'front matter', 1);
    const body = markdownToRicos(lines.slice(end + 1).join('\n'), {
      firstLine: end + 2,
      directive: demoDirective,
      imageSource: (url, alt, line) => {
        const found = mediaFile(url);
        if (!found) throw new MarkdownError(`no image ${url} in content/media (scripts/content/media.ts)`, line);
        return alt ? { ...found, alt } : found;
      },
    });
    return { slug, ...matter, metrics: [metrics.views, metrics.likes, metrics.comments], body };
  } catch (error) {
    if (error instanceof MarkdownError) throw new Error(`${name}:${error.line}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** Every post of the folder, in the order of their file names. */
export const readPosts = (dir: string = POSTS_DIR): PostDef[] =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => readPost(path.join(dir, name)));
