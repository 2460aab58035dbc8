import type { Post } from '@/lib/blog/types';
import { isCatalogueError } from '@/lib/core/errors';

// The rules of a member's reading list, over its store (index.ts), with no HTTP in sight: a save names a post the blog
// has published (by an id of the platform's shape: nothing else is looked up), and the list holds at most
// READING_LIST_MAX; an item is removed only by the member who saved it, and another member's item is, to this member,
// not on their list. The caller names the member (the route asks lib/members, which this feature is not built on).

export type SaveResult = 'saved' | 'already-saved' | 'full';

/** What the service asks of the stored lists (index.ts readingListStore). */
export interface ReadingListPort {
  save(memberId: string, postId: string): Promise<SaveResult>;
  remove(memberId: string, itemId: string): Promise<boolean>;
}

export interface ReadingListServicePorts {
  list: () => ReadingListPort;
  /** Whether an id is one the store makes (the remove form sends one back). */
  isItemId: (itemId: string) => boolean;
  /** The published post by id, or null. */
  post: (postId: string) => Promise<Post | null>;
}

/** Post ids are the platform's GUIDs; the demo's and the tests' are plain names. */
const POST_ID = /^[A-Za-z0-9-]{1,64}$/;

export function createReadingListService(ports: ReadingListServicePorts) {
  return {
    /** The published post a save names, or null (an unknown, unpublished or malformed id). */
    postToSave: async (postId: string): Promise<Post | null> => (POST_ID.test(postId) ? ports.post(postId) : null),

    /** Saves the post for the member: once, however often it is sent; 'full' past READING_LIST_MAX. */
    save: (memberId: string, postId: string): Promise<SaveResult> => ports.list().save(memberId, postId),

    /**
     * Takes an item off the member's list: 'removed' (also when it was gone already), or 'not-theirs' for an id the
     * store never made or another member's item (the data service refuses it, 403 WDE0027, and it stays).
     */
    async remove(memberId: string, itemId: string): Promise<'removed' | 'not-theirs'> {
      if (!ports.isItemId(itemId)) return 'not-theirs';
      try {
        await ports.list().remove(memberId, itemId);
        return 'removed';
      } catch (error) {
        if (isCatalogueError(error) && error.status === 403) return 'not-theirs';
        throw error;
      }
    },
  };
}

export type ReadingListService = ReturnType<typeof createReadingListService>;
