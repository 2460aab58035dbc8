import { createHash } from 'node:crypto';
import type { SourceKind } from './types';

// An imported item's id on this site, derived from where it came from: the same export imported twice gives the same
// ids, so the second run finds and updates what the first made (and a run that stopped midway is finished by the
// next). Shaped as a UUID (version 8, the RFC 9562 form for ids made by other means), as the site's own ids are.

export function importId(source: SourceKind, kind: string, sourceId: string): string {
  const hex = createHash('sha256').update(`blog-import\n${source}\n${kind}\n${sourceId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What made a redirect or an item: `wordpress:post:123`. */
export const origin = (source: SourceKind, kind: string, sourceId: string) => `${source}:${kind}:${sourceId}`;
