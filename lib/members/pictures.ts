import { randomBytes } from 'node:crypto';
import type { DataClient } from '@/lib/data';
import { defineCollection, OWNER, OWNER_ONLY } from '@/lib/data/types';

// Members' own pictures (the account page's upload), kept in the site's own records beside the members themselves, on
// every platform: the members' data stays with the members' data (backed up with it, never in the blog's content
// folder, which may be a Git repository), every instance reads the same, and a removed picture is gone. Each is small
// (a 256-pixel WebP, a few dozen kB: picture-image.ts), one record, its bytes as base64. A picture is served at
// PICTURE_PATH (app/api/members/account/picture/[file]) by an id of 128 random bits: nothing about its member can be
// read from it. A member keeps one: the profile's change to any other picture (or none) removes the ones they had.

export const memberPictures = defineCollection({
  id: 'member-pictures',
  internal: true,
  fields: {
    /** Whose it is: the member's id (the site's, or Wix's). */
    memberId: { type: 'text', indexed: true },
    /** The picture's media type: image/webp. */
    type: { type: 'text' },
    /** Its bytes, base64. */
    data: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

/** The largest file a member may upload as their picture: a phone's photo fits. */
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
/** The side of the square stored and shown, in pixels: four times the account page's 64 (sharp on any screen). */
export const PICTURE_SIZE = 256;

/** Where members' pictures are served: `/api/members/account/picture/<id>.webp`. */
export const PICTURE_PATH = '/api/members/account/picture/';
const PICTURE_FILE = /^([0-9a-f]{32})\.webp$/;

/** A stored picture's path, as a member's `avatar` holds it. */
export const picturePath = (id: string) => `${PICTURE_PATH}${id}.webp`;

/** The id a picture's file name (`<id>.webp`) names, or null. */
export const pictureIdOfFile = (file: unknown): string | null =>
  typeof file === 'string' ? (PICTURE_FILE.exec(file)?.[1] ?? null) : null;

/** The id a member's `avatar` names when it is an uploaded picture of this site, else null. */
export const pictureIdOf = (avatar: unknown): string | null =>
  typeof avatar === 'string' && avatar.startsWith(PICTURE_PATH)
    ? pictureIdOfFile(avatar.slice(PICTURE_PATH.length))
    : null;

export interface StoredPicture {
  bytes: Buffer;
  type: string;
}

export interface PictureStore {
  /** Keeps `bytes` (a finished picture) as `memberId`'s; answers its path. */
  put(memberId: string, bytes: Buffer): Promise<string>;
  /** A picture by id; null when there is none. */
  get(id: string): Promise<StoredPicture | null>;
  /** Removes `memberId`'s pictures but the one `keep` names (their avatar now, if it is one). */
  prune(memberId: string, keep?: string | null): Promise<void>;
}

/** Pictures kept in `records` (the site's own records, where the members are). */
export function createPictureStore(records: () => DataClient): PictureStore {
  return {
    async put(memberId, bytes) {
      const id = randomBytes(16).toString('hex');
      await records().insert(
        memberPictures.id,
        { _id: id, memberId, type: 'image/webp', data: bytes.toString('base64') },
        OWNER,
      );
      return picturePath(id);
    },

    async get(id) {
      if (!/^[0-9a-f]{32}$/.test(id)) return null;
      const item = await records().get(memberPictures.id, id, OWNER);
      if (!item || typeof item.data !== 'string') return null;
      return { bytes: Buffer.from(item.data, 'base64'), type: String(item.type || 'image/webp') };
    },

    async prune(memberId, keep) {
      const kept = pictureIdOf(keep);
      const { items } = await records().query(
        memberPictures.id,
        { filter: { memberId: { $eq: memberId } }, limit: 100 },
        OWNER,
      );
      for (const item of items) {
        if (item._id !== kept) await records().remove(memberPictures.id, item._id, OWNER);
      }
    },
  };
}
