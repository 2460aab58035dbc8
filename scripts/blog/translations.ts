import { randomUUID } from 'node:crypto';
import type { ContentFolder, RawPost, TermKind } from './content-folder';
import { UsageError } from './errors';

// Translations (Wix Multilingual's): a post in another language joins its original's translation group, where every
// member lists every other (posts.ts `createPost --translation-of`).

/** A post's language: English when it names none. */
export const languageOf = (post: RawPost) => post.language ?? 'en';

/**
 * What a translation of `ref` into `language` joins: the original's translation group (its `translationId`, or a new
 * one), its members, and the original's categories and tags in `language` (the terms sharing their translationId).
 */
export async function translationGroup(folder: ContentFolder, ref: string, language: string) {
  const original = await folder.post(ref);
  const posts = await folder.posts();
  const translationId = original.translationId ?? randomUUID();
  const members = posts.filter((p) => p.id === original.id || p.translationId === translationId);
  const taken = members.find((p) => languageOf(p) === language);
  if (taken)
    throw new UsageError(`"${original.slug}" already has a ${language} version: "${taken.slug}" (${taken.id})`);
  const twins = async (kind: TermKind, ids: string[] = []) => {
    const terms = await folder.terms(kind);
    return ids.flatMap((id) => {
      const term = terms.find((t) => t.id === id);
      const twin = term?.translationId
        ? terms.find((t) => t.translationId === term.translationId && (t.language ?? 'en') === language)
        : undefined;
      return twin ? [twin.id] : [];
    });
  };
  return {
    translationId,
    members,
    categoryIds: await twins('category', original.categoryIds),
    tagIds: await twins('tag', original.tagIds),
  };
}

/** A post as another member of its group lists it. */
export const translationOf = (post: RawPost) => ({
  id: post.id,
  language: languageOf(post),
  slug: post.slug,
  url: post.url,
});
