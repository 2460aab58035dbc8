import type { Json } from './http';
import { records } from './wire';

// The outcomes of bulk calls (the SDK's bulk result, and the per-reference results of the REST reference calls), and
// which ids `items.get` can carry.

/**
 * Whether `items.get` can take the id: the SDK puts it into the URL path as it is, unescaped (@wix/sdk-runtime
 * rest-modules.js injectDataIntoProtoPath), so an id that URL-encoding would change ('a/b', 'x?y', '50%', 'é'), a dot
 * segment ('.', '..') or '' would reach another URL. Such an id is read with a query by `_id` instead.
 */
export function pathSafe(id: string): boolean {
  if (id === '' || id === '.' || id === '..') return false;
  try {
    return encodeURIComponent(id) === id;
  } catch {
    return false; // a lone surrogate
  }
}

export interface ItemFailure {
  id?: string;
  code?: string;
  description?: string;
}

/** What the SDK answers a bulk call with (`WixDataBulkResult` of @wix/wix-data-items-common), as far as it is read. */
export interface BulkResult {
  errors: Array<{ code?: string; message?: string; item?: unknown }>;
  insertedItemIds: string[];
  updatedItemIds: string[];
  removedItemIds: string[];
}

/**
 * A bulk call's outcome per id sent: `done` (inserted, updated or removed), `failures` (the SDK's errors), and
 * `unanswered`, the ids neither done nor failed. The SDK counts as neither the codes it ignores (`toBulkResult`:
 * WDE0074 for bulkInsert, WDE0073 for bulkUpdate and bulkRemove) and a result that says neither success nor error.
 */
export function bulkOutcome(sent: string[], result: BulkResult) {
  const done = new Set([...result.insertedItemIds, ...result.updatedItemIds, ...result.removedItemIds]);
  const failures = result.errors.map((error): ItemFailure => ({
    id: typeof error.item === 'string' ? error.item : (error.item as { _id?: string } | undefined)?._id,
    ...(typeof error.code === 'string' && { code: error.code }),
    ...(typeof error.message === 'string' && { description: error.message }),
  }));
  const failed = new Set(failures.map((f) => f.id));
  const unanswered = [...new Set(sent)].filter((id) => !done.has(id) && !failed.has(id));
  return { done, failures, unanswered };
}

/** A per-reference result of the REST reference calls (`results[].referenceMetadata`). */
export interface ReferenceResult extends ItemFailure {
  success: boolean;
}

export function referenceResults(body: Json, what: string): ReferenceResult[] {
  return records(body.results ?? [], what).map((result): ReferenceResult => {
    const meta = (result.referenceMetadata ?? {}) as Json;
    const error = (meta.error ?? {}) as Json;
    return {
      // A result that does not say it succeeded did not.
      success: meta.success === true,
      ...(typeof error.code === 'string' && { code: error.code }),
      ...(typeof error.description === 'string' && { description: error.description }),
    };
  });
}

export const describe = (failures: ItemFailure[]) =>
  failures
    .slice(0, 3)
    .map((f) => `${f.id ?? '?'}: ${f.code ?? 'error'} ${f.description ?? ''}`.trim())
    .join('; ');
