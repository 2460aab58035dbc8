import path from 'node:path';
import { writeJsonAtomic } from '@/lib/core/files/atomic';
import { keyOfFrom, type Redirect, readRedirects, REDIRECTS_FILE } from '@/lib/core/redirects';
import type { SourceKind } from './types';

// An import's redirects merged into the content folder's table (lib/core/redirects.ts): its old addresses replace
// what an earlier run of the same platform's import wrote for them; the owner's own entries and other imports' stay.

export async function writeRedirects(
  contentDir: string,
  source: SourceKind,
  redirects: Redirect[],
  dryRun: boolean,
): Promise<{ created: number; updated: number; unchanged: number }> {
  const table = readRedirects(contentDir);
  const byKey = new Map(table.map((entry, index) => [keyOfFrom(entry.from), index]));
  const counts = { created: 0, updated: 0, unchanged: 0 };
  const next = [...table];
  const seen = new Set<string | null>();
  for (const redirect of redirects) {
    const key = keyOfFrom(redirect.from);
    // An old address the new page already answers (a Ghost post at /slug/ …) needs none; one listed twice, once.
    if (!key || seen.has(key) || keyOfFrom(redirect.to) === key) continue;
    seen.add(key);
    const index = byKey.get(key);
    if (index === undefined) {
      next.push(redirect);
      counts.created++;
    } else if (next[index]!.to === redirect.to || next[index]!.source === undefined) {
      // The same, or the owner's own entry for that address: theirs stays.
      counts.unchanged++;
    } else {
      next[index] = redirect;
      counts.updated++;
    }
  }
  if (!dryRun && (counts.created || counts.updated)) {
    await writeJsonAtomic(path.join(contentDir, REDIRECTS_FILE), { redirects: next });
  }
  return counts;
}
