import { CatalogueError } from '@/lib/core/errors';

// The data service's errors the seed's catalogue (section 8) does not list, with the codes Wix Data gives them.

export const dataErrors = {
  /** The collection's permission for the operation is not met by the caller (Wix Data's WDE0027). */
  permissionDenied: (message: string) => new CatalogueError(403, 'WDE0027', message),
  /** Wix Data's WDE0025: the collection does not exist. */
  unknownCollection: (id: string) => new CatalogueError(404, 'WDE0025', `collection "${id}" does not exist`),
  /** Wix Data's WDE0074: insert of an id that is stored already. */
  itemExists: (id: string) => new CatalogueError(409, 'WDE0074', `an item with _id "${id}" already exists`),
  /**
   * The database server cannot be reached, dropped the connection or did not answer in time: 503 WDE0053, the
   * catalogue's backend failure. The message names no server (its address and credentials stay out of responses).
   */
  unavailable: () =>
    new CatalogueError(503, 'WDE0053', "the data service's database is unavailable; try again in a moment"),
  /**
   * Indexes (lib/data/indexes). Wix Data's WDE0123, "Unique index conflict" (409): a write would give a unique index's
   * field a value another item holds. Wix's own index-build failures (an index's `failure.code`, never thrown) are in
   * lib/data/indexes/types.ts. The site's own codes where Wix Data's list has none: 404 WDE9404 no such index, 409
   * WDE9409 an index of that name exists already or the collection's index slots are full.
   */
  uniqueIndexConflict: (collectionId: string, index?: { name: string; paths: string[] }) =>
    new CatalogueError(
      409,
      'WDE0123',
      index
        ? `the unique index "${index.name}" of "${collectionId}" already holds this value of ${index.paths.join(', ')}`
        : `a unique index of "${collectionId}" already holds this value`,
    ),
  unknownIndex: (collectionId: string, name: string) =>
    new CatalogueError(404, 'WDE9404', `collection "${collectionId}" has no index named "${name}"`),
  indexConflict: (message: string) => new CatalogueError(409, 'WDE9409', message),
};
