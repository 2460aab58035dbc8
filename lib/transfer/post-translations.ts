import { type RawPost, translationOf } from '@/lib/blog/tools';
import { importId } from './ids';
import type { TranslationEntry } from './post-record';
import type { SourceKind, SourcePost, Warning } from './types';

// The translation groups an import makes: a post the source names as another's translation (`translationOf`) joins
// its original's group, as `npm run blog -- create --translation-of` joins one (lib/blog/local/translations.ts): the
// members share one `translationId`, and each lists every other (`translations`). The group's id is the one its
// original has on the site already (a second run, or an original the site's owner translated since), else one made
// from the original's source id, so that a second import writes the same records and finds them unchanged.

/** A post of the import as the others name it: its id, slug, language and address on this site. */
export interface PlannedPost {
  id: string;
  slug: string;
  language: string;
  url: { base: string; path: string };
}

export interface Group {
  translationId: string;
  members: PlannedPost[];
}

/** Each translated post's group, by source id (the original's too); a post translating nothing is in none. */
export async function translationGroups(
  source: SourceKind,
  posts: SourcePost[],
  planned: Map<string, PlannedPost>,
  /** The translationId a post of the site has now, by its id (undefined: none, or no such post yet). */
  existing: (id: string) => Promise<string | undefined>,
  warn: (warning: Warning) => void,
): Promise<Map<string, Group>> {
  const bySource = new Map(posts.map((post) => [post.sourceId, post]));
  // The original at the head of a chain (a translation of a translation joins the first original's group).
  const rootOf = (post: SourcePost) => {
    const seen = new Set<string>();
    let at = post;
    while (at.translationOf && bySource.has(at.translationOf) && !seen.has(at.sourceId)) {
      seen.add(at.sourceId);
      at = bySource.get(at.translationOf)!;
    }
    return at;
  };
  const roots = new Map<string, SourcePost[]>();
  for (const post of posts) {
    if (!post.translationOf) continue;
    if (!bySource.has(post.translationOf)) {
      warn({
        item: post.sourceId,
        message: `translates ${post.translationOf}, not in the import: imported on its own`,
      });
      continue;
    }
    const root = rootOf(post);
    if (root !== post) roots.set(root.sourceId, [...(roots.get(root.sourceId) ?? [root]), post]);
  }
  const groups = new Map<string, Group>();
  for (const [rootId, members] of roots) {
    // One post per language, as the site keeps a group: a second one in a language is imported on its own.
    const languages = new Set<string>();
    const kept: PlannedPost[] = [];
    const keptIds: string[] = [];
    for (const member of members) {
      const plan = planned.get(member.sourceId);
      if (!plan) continue;
      if (languages.has(plan.language)) {
        warn({ item: member.sourceId, message: `a second ${plan.language} translation of ${rootId}: not linked` });
        continue;
      }
      languages.add(plan.language);
      kept.push(plan);
      keptIds.push(member.sourceId);
    }
    if (kept.length < 2) continue;
    const translationId = (await existing(kept[0]!.id)) ?? importId(source, 'translation', rootId);
    for (const id of keptIds) groups.set(id, { translationId, members: kept });
  }
  return groups;
}

/** What `post` (one of `group`) lists: every other member, then what the site listed besides (a translation its
 * owner made of an imported post stays listed). */
export function translationsOf(post: PlannedPost, group: Group, before: RawPost | null): TranslationEntry[] {
  const others = group.members.filter((member) => member.id !== post.id);
  const ids = new Set(group.members.map((member) => member.id));
  const listed = Array.isArray(before?.translations) ? (before.translations as TranslationEntry[]) : [];
  return [
    ...others.map((member) => translationOf(member as unknown as RawPost)),
    ...listed.filter((entry) => entry && !ids.has(entry.id)),
  ];
}
