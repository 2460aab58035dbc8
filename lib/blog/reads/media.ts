import { cacheLife, cacheTag } from 'next/cache';
import { cacheTags } from '@/lib/core/cache/tags';
import { readKey, settle, unwrap } from '../../core/reads';
import { blogSource } from '..';

// The media folder's reads (the local source's `/media/` files): a file opened for the media route, the images a
// member may choose as their picture, and a file's size for feed enclosures (the one cached).

async function cachedMediaSize(mediaPath: string) {
  'use cache';
  cacheLife('hours');
  cacheTag(cacheTags.posts);
  return settle(readKey('mediaSize', mediaPath), async () => {
    const file = await blogSource().openMedia(mediaPath);
    await file?.close();
    return file?.size ?? null;
  });
}

/** A file under `/media/` opened for streaming (the media route); not cached: the route sends validators. */
export const openMedia = (mediaPath: string) => blogSource().openMedia(mediaPath);

/**
 * The images of the media folder a member may choose as their picture (`/media/<file>`); [] on Wix. Not cached: the
 * media folder has no event to clear a cached list, and listing one folder costs less than a page render.
 */
export const listMediaImages = async (): Promise<string[]> => (await blogSource().listMediaImages?.()) ?? [];

/** Bytes of a file under `/media/`, for feed enclosures; null when the source cannot tell. */
export const getMediaSize = async (mediaPath: string): Promise<number | null> =>
  unwrap(await cachedMediaSize(mediaPath));
