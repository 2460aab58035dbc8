import { randomUUID } from 'node:crypto';
import type { ContentFolder, RawPost, TermKind } from './folder';

// Translations in the content folder (Wix Multilingual's): a post in another language joins its original's
// translation group, where every member lists every other. The CLI's `create --translation-of` and the desk's new
// translation both take these steps.

/** A post's language: English when it names none. */
export const languageOf = (post: RawPost) => post.language ?? 'en';

export interface TranslationGroup {
  translationId: string;
  members: RawPost[];
  /** The original's categories and tags in the new language (the terms sharing their translationId). */
  categoryIds: string[];
  tagIds: string[];
}

/**
 * What a translation of `ref` (an id or slug) into `language` joins: the original's group (its `translationId`, or a
 * new one) and its members. Refused (the folder's bad-input error) when the group has a post in `language` already.
 */
export async function translationGroup(
  folder: ContentFolder,
  ref: string,
  language: string,
): Promise<TranslationGroup> {
  const original = await folder.post(ref);
  const posts = await folder.posts();
  const translationId = original.translationId ?? randomUUID();
  const members = posts.filter((p) => p.id === original.id || p.translationId === translationId);
  const taken = members.find((p) => languageOf(p) === language);
  if (taken) throw folder.refuse(`"${original.slug}" already has a ${language} version: "${taken.slug}" (${taken.id})`);
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

/** Writes `post` as a member of `group`: it lists every other member, and each of them lists it. */
export async function writeIntoGroup(folder: ContentFolder, post: RawPost, group: TranslationGroup): Promise<RawPost> {
  const family = [...group.members, post];
  const joined: RawPost = {
    ...post,
    translationId: group.translationId,
    translations: group.members.map(translationOf),
  };
  await folder.writePost(joined);
  for (const member of group.members)
    await folder.writePost({
      ...member,
      translationId: group.translationId,
      translations: family.filter((p) => p.id !== member.id).map(translationOf),
    });
  return joined;
}
