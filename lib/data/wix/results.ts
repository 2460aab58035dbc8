import type { Json } from './http';
import { records } from './wire';

// A Data Items answer's per-item outcomes, and ids as URL path segments.

/** An id as one URL path segment, or null when it cannot be one ('.' and '..' are dot segments, even encoded). */
export function pathSegment(id: string): string | null {
  if (id === '.' || id === '..') return null;
  try {
    return encodeURIComponent(id);
  } catch {
    return null; // a lone surrogate
  }
}

export interface ItemResult {
  id?: string;
  /** The item's place in the request. */
  index?: number;
  success: boolean;
  code?: string;
  description?: string;
}

/** The per-item outcomes of a bulk call (`results[].itemMetadata` or, for references, `referenceMetadata`). */
export function itemResults(body: Json, what: string, key: 'itemMetadata' | 'referenceMetadata' = 'itemMetadata') {
  return records(body.results ?? [], what).map((result): ItemResult => {
    const meta = (result[key] ?? {}) as Json;
    const error = (meta.error ?? {}) as Json;
    return {
      ...(typeof meta.id === 'string' && { id: meta.id }),
      ...(typeof meta.originalIndex === 'number' && { index: meta.originalIndex }),
      // A result that does not say it succeeded did not: never report an item written that may not be.
      success: meta.success === true,
      ...(typeof error.code === 'string' && { code: error.code }),
      ...(typeof error.description === 'string' && { description: error.description }),
    };
  });
}

/** The id a result is about: its own, else the item at its `originalIndex` in the request. */
export const idOf = (result: ItemResult, sent: { _id: string }[]) => result.id ?? sent[result.index ?? -1]?._id;

export const describe = (failures: ItemResult[]) =>
  failures
    .slice(0, 3)
    .map((f) => `${f.id ?? '?'}: ${f.code ?? 'error'} ${f.description ?? ''}`.trim())
    .join('; ');
