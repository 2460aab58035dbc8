import path from 'node:path';
import { config } from '@/lib/core/config';
import { recordsClient } from '@/lib/data';
import { memberOfCookie, wixRefreshTokenOf } from '@/lib/members';
import { processSingleton } from '@/lib/core/process-singleton';
import { siteKey } from '@/lib/core/security/site-key';
import { announceLocally } from './announce';
import { blogSource } from '@/lib/blog';
import { serve } from '@/lib/platform';
import { createLocalLikes, storedLikeCounts } from './local';
import type { PostLikes } from './types';
import { createWixLikes } from './wix';
import { type LikeService, createLikeService } from './service';

export { postLikes, likeId } from './collection';
export { createLocalLikes, type LikeBaseline, type LikeAnnouncer } from './local';
export { LIKER_COOKIE, LIKER_COOKIE_TTL_SECONDS } from './visitor';
export { VISITOR_LIKE_LIMIT, VISITOR_LIKES_PER_POST, VISITOR_LIKES_WINDOW_SECONDS, visitorLikeKey } from './limits';
export type { LikeCaller, LikeService } from './service';
export * from './types';

// The site's likes, one per process, where the platform says (lib/platform): at Wix when the members are (a Wix
// blog with an OAuth app: likes need a visitor or member identity), else in the site's own records.

const dataDirPath = () => path.resolve(/*turbopackIgnore: true*/ config().dataDir);

/**
 * The local likes: `post-likes` in the site's records; a post's count is what its platform counts (`metrics.likes`)
 * plus its items there; each change goes through the site's one invalidation.
 */
const localLikes = (): PostLikes =>
  processSingleton('likes-local', () =>
    createLocalLikes({
      client: recordsClient(),
      baseline: async (postId) => (await blogSource().getPostMetrics(postId))?.likes ?? 0,
      announce: announceLocally,
    }),
  );

const wixLikes = (): PostLikes =>
  processSingleton('likes-wix', () => {
    const c = config();
    return createWixLikes({
      clientId: c.wix.clientId!,
      secret: siteKey('likes', c.sessionSecret, dataDirPath()).toString('base64url'),
      memberRefreshToken: wixRefreshTokenOf,
      apiBaseUrl: c.wix.apiBaseUrl,
    });
  });

/** Likes where the blog's members are: Wix's Likes API with an OAuth app, else the site's own store. */
export const siteLikes = (): PostLikes => serve('likes', { wix: wixLikes, local: localLikes });

/** A post's like count: Wix's (the post's metrics) when likes are at Wix, else derived by the local likes. */
export const likeCount = (postId: string): Promise<number> =>
  serve('likes', {
    wix: async () => (await blogSource().getPostMetrics(postId))?.likes ?? 0,
    local: async () => (await localLikes().state(postId, null)).total,
  });

/**
 * The likes the site keeps for each of `postIds`, beyond what their platform counts (`metrics.likes`): one grouped
 * count when likes are the site's own, none at Wix (Wix's count is the platform's).
 */
export const keptLikeCounts = (postIds: string[]): Promise<Map<string, number>> =>
  serve('likes', { wix: async () => new Map(), local: () => storedLikeCounts(recordsClient(), postIds) });

/** The rules of liking (service.ts), over the likes `lib/platform` names. */
export const likeService: LikeService = createLikeService({ likes: siteLikes, memberOf: memberOfCookie });
