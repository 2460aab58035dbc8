import { randomUUID } from 'node:crypto';
import { slugify } from '@/lib/blog/tools';
import { type Answer, type Json, wixError } from './stand-in-shared';

// The site's key also creates terms, kept with the folder's and listed with them from then on (an import's):
// - `categories.createCategory` (@wix/auto_sdk_blog_categories, POST /blog/v3/categories `{ category }`, answering
//   `{ category }`): `label` required, at most 35 characters (Category.label "@maxLength 35"); a slug already taken
//   in the category's language is 409 ALREADY_EXISTS;
// - `tags.createTag(label, { slug, language })` (@wix/auto_sdk_blog_tags, POST /v3/tags, answering `{ tag }`): "Creates
//   a new tag with the provided label if a tag with the same label doesn't already exist" (and "A blog can't have two
//   tags with the same label"): that label's tag is answered as it is.

type Raw = Json & { id: string; slug: string };

/** Category.label's and Tag.label's most characters (their "@maxLength"). */
const LABEL_MAX = { category: 35, tag: 100 } as const;

const ok = (body: unknown): Answer => ({ status: 200, body });

/**
 * The term writes on the Blog's `categories` and `tags` (stand-in-blog.ts's lists, changed in place), each answered
 * as `category` and `tag` show a term (with its counts).
 */
export function termWriters(
  categories: Raw[],
  tags: Raw[],
  category: (c: Raw) => Json,
  tag: (t: Raw) => Json,
): { createCategory(body: Json): Answer; createTag(body: Json): Answer } {
  const languageOf = (term: Json) => (typeof term.language === 'string' ? term.language : 'en');

  function createCategory(body: Json): Answer {
    const given = (body.category ?? {}) as Json;
    const label = typeof given.label === 'string' ? given.label.trim() : '';
    if (!label) return wixError(400, 'INVALID_ARGUMENT', 'category.label is required');
    if (label.length > LABEL_MAX.category)
      return wixError(400, 'INVALID_ARGUMENT', `category.label: at most ${LABEL_MAX.category} characters`);
    const language = languageOf(given);
    const slug = typeof given.slug === 'string' && given.slug ? given.slug : slugify(label, 'category');
    if (categories.some((c) => c.slug === slug && languageOf(c) === language))
      return wixError(409, 'ALREADY_EXISTS', `a category with the slug ${slug} exists`);
    const id = randomUUID();
    const made: Raw = {
      ...given,
      id,
      label,
      slug,
      language,
      displayPosition: categories.length,
      translationId: randomUUID(),
    };
    categories.push(made);
    return ok({ category: category(made) });
  }

  function createTag(body: Json): Answer {
    const label = typeof body.label === 'string' ? body.label.trim() : '';
    if (!label) return wixError(400, 'INVALID_ARGUMENT', 'label is required');
    if (label.length > LABEL_MAX.tag)
      return wixError(400, 'INVALID_ARGUMENT', `label: at most ${LABEL_MAX.tag} characters`);
    const language = languageOf(body);
    const same = tags.find((t) => t.label === label && languageOf(t) === language);
    if (same) return ok({ tag: tag(same) });
    const wanted = typeof body.slug === 'string' && body.slug ? body.slug : slugify(label, 'tag');
    let slug = wanted;
    for (let n = 2; tags.some((t) => t.slug === slug && languageOf(t) === language); n++) slug = `${wanted}-${n}`;
    const at = new Date().toISOString();
    const made: Raw = { id: randomUUID(), label, slug, language, createdDate: at, updatedDate: at };
    tags.push(made);
    return ok({ tag: tag(made) });
  }

  return { createCategory, createTag };
}
