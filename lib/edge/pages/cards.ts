import { listCategories, listTags } from '@/lib/blog/reads';
import type { Post } from '@/lib/blog/types';
import type { Language } from '@/lib/core/i18n';
import { authorsOf } from './authors';

// What a list's cards say of each post besides the post itself: its first category (else its first tag), as a small
// label, and its writer's name. Read from the language's category and tag lists and the writers (all cached reads).

export interface CardFacts {
  /** The post's first category that the language has, else its first tag. */
  label?: string;
  /** The writer's name; none when the writer cannot be read (a writer is extra). */
  writer?: string;
}

export async function cardFacts(posts: readonly Post[], language: Language): Promise<Map<string, CardFacts>> {
  if (posts.length === 0) return new Map();
  const [categories, tags, writers] = await Promise.all([
    listCategories({ language }),
    listTags({ language }),
    authorsOf(posts.map((post) => post.memberId)),
  ]);
  const categoryLabels = new Map(categories.map((c) => [c.id, c.label]));
  const tagLabels = new Map(tags.map((t) => [t.id, t.label]));
  const first = (ids: string[], labels: Map<string, string>) =>
    ids.map((id) => labels.get(id)).find((label) => Boolean(label));
  return new Map(
    posts.map((post) => [
      post.id,
      {
        label: first(post.categoryIds, categoryLabels) ?? first(post.tagIds, tagLabels),
        writer: (post.memberId && writers.get(post.memberId)?.name) || undefined,
      },
    ]),
  );
}
