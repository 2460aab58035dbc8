import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RicosNode } from '@/lib/core/ricos/types';
import type { SourceMedia, SourceKind } from './types';

// An import's media: each file the export carries is copied into the content folder's media (`media/imported/
// <source>/`, its name kept, a clash given the file's hash), and every address of it in the posts (the content's
// images, galleries, files, a cover) is rewritten to the copy. An address the export does not carry stays as it is
// and is listed: the import never reaches for the network.

export interface MediaPlan {
  /** Source address → this site's `/media/...` address. */
  moved: Map<string, string>;
  /** Files copied (or, in a dry run, that would be). */
  copied: number;
  /** Already there with the same bytes (a second run). */
  unchanged: number;
}

export const MEDIA_PREFIX = '/media/';

const safeName = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+/, '')
    .slice(-120) || 'file';

/** Copies the bundle's media files into `<content>/media/imported/<source>/`; answers where each address went. */
export async function copyMedia(
  contentDir: string,
  source: SourceKind,
  media: SourceMedia[],
  dryRun: boolean,
): Promise<MediaPlan> {
  const plan: MediaPlan = { moved: new Map(), copied: 0, unchanged: 0 };
  const folder = path.join(contentDir, 'media', 'imported', source);
  const names = new Map<string, string>();
  if (!dryRun) await mkdir(folder, { recursive: true });
  for (const item of media) {
    if (!item.read || plan.moved.has(item.url)) continue;
    const bytes = await item.read();
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
    let name = safeName(item.fileName);
    // Two files of one name (uploads/2019/a.jpg, uploads/2020/a.jpg): the second keeps its bytes' hash in its name.
    if (names.has(name) && names.get(name) !== hash) name = `${hash}-${name}`;
    names.set(name, hash);
    const file = path.join(folder, name);
    const existing = await readFile(file).catch(() => null);
    if (existing && createHash('sha256').update(existing).digest('hex').slice(0, 10) === hash) plan.unchanged++;
    else {
      if (!dryRun) await writeFile(file, bytes);
      plan.copied++;
    }
    plan.moved.set(item.url, `${MEDIA_PREFIX}imported/${source}/${name}`);
  }
  return plan;
}

/** The addresses a node tree holds in its media fields (`src.url`, `url`, `src.id` when a path, a GIF's `gif` and
 * `still`, a link preview's `thumbnailUrl`), for rewriting. */
const URL_KEYS = new Set(['url', 'id', 'gif', 'still', 'thumbnailUrl']);

/**
 * `nodes` with every media address the plan moved rewritten (in place of a copy: the caller's nodes are fresh), and
 * the addresses left as they were (remote media the export did not carry).
 */
export function rewriteMedia(nodes: RicosNode[], moved: Map<string, string>): { nodes: RicosNode[]; remote: string[] } {
  const remote = new Set<string>();
  const visit = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => visit(v));
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = visit(v, k);
      return out;
    }
    if (typeof value === 'string' && key && URL_KEYS.has(key)) {
      const to = moved.get(value);
      // A `src.id` too keeps the whole `/media/imported/...` address: the site reads a bare id only as a file
      // directly in media/ (lib/blog/view.ts localMediaUrl), not in a folder of it.
      if (to) return to;
      if (
        key === 'url' &&
        /^https?:\/\//.test(value) &&
        /\.(?:jpe?g|png|gif|webp|avif|svg|mp4|mp3|pdf)(?:[?#]|$)/i.test(value)
      )
        remote.add(value);
    }
    return value;
  };
  return { nodes: visit(nodes) as RicosNode[], remote: [...remote] };
}
