import { languageOf, MAIN_LANGUAGE } from '@/lib/core/i18n/languages';
import type { SourcePost, Warning } from '../types';

// Which post of an export each translation translates, as the export names the original: by an id of its own (this
// site's WXR names the original's `_wix_id`), else by its slug. A slug is unique within its language only, so the
// original is the post of that slug in another language than the translation's, the site's main language first (the
// export makes the main language's post the original of its group).

/** Sets each post's `translationOf` (its original's source id) from `refs` (source id → the name its export gives
 * the original); `ids` maps the export's own ids of posts to their source ids. A name no post answers is warned of. */
export function linkTranslations(
  posts: SourcePost[],
  refs: Map<string, string>,
  warn: (warning: Warning) => void,
  ids: Map<string, string> = new Map(),
): void {
  for (const post of posts) {
    const ref = refs.get(post.sourceId);
    if (!ref) continue;
    const language = languageOf(post.language);
    const others = posts.filter((p) => p.slug === ref && languageOf(p.language) !== language);
    const bySlug = others.find((p) => languageOf(p.language) === MAIN_LANGUAGE) ?? others[0];
    const original = ids.get(ref) ?? bySlug?.sourceId;
    if (original && original !== post.sourceId) post.translationOf = original;
    else warn({ item: post.sourceId, message: `translates "${ref}", which is not in the export: imported on its own` });
  }
}
