import { createHash } from 'node:crypto';
import { isCatalogueError } from '@/lib/core/errors';
import type { DataClient } from '@/lib/data';
import { type ReadingListItem, readingList } from '@/lib/data';
import { dataErrors } from '@/lib/data/types';
import { memberCaller } from '@/lib/data/types';
import { dataClient } from '@/lib/data';
import { getPost } from '@/lib/blog/reads';
import { type ReadingListService, type SaveResult, createReadingListService } from './service';

export type { ReadingListService, SaveResult } from './service';

// Members' reading lists on the data service: the `readingList` collection (SITE_MEMBER_AUTHOR), one item per member
// and post. Every call acts as the member (`memberCaller`), so the collection's permissions decide what they reach: a
// member reads only their own items, and the item's author is the member who saved it.

/** The most posts one member keeps: the account page lists them all, read in one query of the blog. */
export const READING_LIST_MAX = 100;

/** A saved post as the account page lists it. */
export interface ReadingListEntry {
  itemId: string;
  postId: string;
  savedDate: string;
}

/**
 * The item's id: derived from the member and the post, so saving twice (a double click, two tabs, a race) finds the
 * same item, and the primary key keeps one.
 */
export const readingListItemId = (memberId: string, postId: string) =>
  createHash('sha256').update(`reading-list\n${memberId}\n${postId}`).digest('base64url').slice(0, 32);

/** Item ids this store makes (the remove form sends one back). */
export const isReadingListItemId = (value: string) => /^[A-Za-z0-9_-]{32}$/.test(value);

const entryOf = (item: ReadingListItem): ReadingListEntry => ({
  itemId: item._id,
  postId: typeof item.post === 'string' ? item.post : '',
  savedDate: item._createdDate,
});

export function readingListStore(client: DataClient) {
  return {
    /** The member's saved posts, the latest saved first. */
    async list(memberId: string): Promise<ReadingListEntry[]> {
      const query = { sort: [{ fieldName: '_createdDate', order: 'DESC' }], limit: READING_LIST_MAX };
      const { items } = await client.query(readingList.id, query, memberCaller(memberId));
      return (items as ReadingListItem[]).map(entryOf).filter((entry) => entry.postId !== '');
    },

    /** Saves a post for the member: once, however often it is sent; refused past READING_LIST_MAX. */
    async save(memberId: string, postId: string): Promise<SaveResult> {
      const caller = memberCaller(memberId);
      const _id = readingListItemId(memberId, postId);
      if (await client.get(readingList.id, _id, caller)) return 'already-saved';
      if ((await client.count(readingList.id, {}, caller)) >= READING_LIST_MAX) return 'full';
      try {
        await client.insert(readingList.id, { _id, post: postId }, caller);
        return 'saved';
      } catch (error) {
        // The same save, sent twice at once: the other one stored it.
        if (isCatalogueError(error) && error.wde === 'WDE0074') return 'already-saved';
        throw error;
      }
    },

    /**
     * Removes one of the member's items: false when there is none by that id (removed already); another member's item
     * is the catalogue's permission error (403 WDE0027), and stays.
     */
    async remove(memberId: string, itemId: string): Promise<boolean> {
      const stored = await client.get(readingList.id, itemId, memberCaller(memberId), { suppressAuth: true });
      if (!stored) return false;
      if (stored._owner !== memberId) {
        throw dataErrors.permissionDenied(`item "${itemId}" of "${readingList.id}" belongs to another member`);
      }
      return (await client.remove(readingList.id, itemId, memberCaller(memberId))) !== null;
    },
  };
}

export type ReadingListStore = ReturnType<typeof readingListStore>;

/** The members' reading lists on the site's data client. */
export const siteReadingList = (): ReadingListStore => readingListStore(dataClient());

/** The rules of the reading list (service.ts), over the members' lists on the site's data client. */
export const readingListService: ReadingListService = createReadingListService({
  list: siteReadingList,
  isItemId: isReadingListItemId,
  post: (postId) => getPost(postId),
});
