import type { CollectionDeclaration } from '../model';
import type { ClientContext } from './context';

// The client's own housekeeping: the declared collections, and the backend let go.

export function collectionOperations(ctx: ClientContext) {
  const { backend, byId } = ctx;
  return {
    /** Lets the backend go (the embedded database closes its files). */
    close: () => backend.close(),

    /**
     * Adds a collection a feature above lib/data declares (lib/members' members: lib/data never imports them). A
     * collection it holds already is known by its id (another bundle's copy of the same declaration).
     */
    declare(collection: CollectionDeclaration) {
      if (!byId.has(collection.id)) byId.set(collection.id, collection);
    },

    /** The declared collection by id, or undefined. */
    collection: (id: string): CollectionDeclaration | undefined => byId.get(id),

    /** The declared collections the platform lacks (a bare Wix site's CMS), in declaration order. */
    missing: async (): Promise<string[]> => (backend.missing ? backend.missing([...byId.keys()]) : []),
  };
}
