import path from 'node:path';
import { config } from '@/lib/core/config';
import { recordsClient } from '@/lib/data';
import { wixRefreshTokenOf } from '@/lib/members';
import { processSingleton } from '@/lib/core/process-singleton';
import { siteKey } from '@/lib/core/security/site-key';
import { announceLocally } from './announce';
import { postMetricCounter } from '@/lib/blog';
import { createLocalLikes, storedLikeCounter } from './local';
import type { PostLikes } from './types';
import { createWixLikes } from './wix';

export { postLikes, likeId } from './collection';
export { createLocalLikes, type LikeCounter, type LikeAnnouncer } from './local';
export { LIKER_COOKIE, LIKER_COOKIE_TTL_SECONDS } from './visitor';
export { VISITOR_LIKE_LIMIT, VISITOR_LIKES_PER_POST, VISITOR_LIKES_WINDOW_SECONDS, visitorLikeKey } from './limits';
export * from './types';

// The site's likes, one per process, where `config().platform.likes` says: at Wix when the members are (a Wix blog with
// an OAuth app: likes need a visitor or member identity), else in the site's own records.

const dataDirPath = () => path.resolve(/*turbopackIgnore: true*/ config().dataDir);

/**
 * The local likes: `post-likes` in the site's records, the count where `platform.counts` says (the local blog's post
 * files, or counted in `post-likes` on a Wix blog), events through the webhook path.
 */
const localLikes = (): PostLikes =>
  processSingleton('likes-local', () => {
    const c = config();
    const client = recordsClient();
    return createLocalLikes({
      client,
      counter: c.platform.counts === 'content' ? postMetricCounter(c.contentDir, 'likes') : storedLikeCounter(client),
      announce: announceLocally,
    });
  });

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

/**
 * The post's like count when the site keeps it in its own records (local likes on a Wix blog); null when the blog's
 * platform keeps it with the post (`metrics.likes`: Wix's likes, or the local blog's post files).
 */
export async function recordedLikeCount(postId: string): Promise<number | null> {
  const { likes, counts } = config().platform;
  if (likes !== 'local' || counts !== 'records') return null;
  return (await localLikes().state(postId, null)).total;
}

/** Likes where the blog's members are: Wix's Likes API with an OAuth app, else the site's own store. */
export const siteLikes = (): PostLikes => (config().platform.likes === 'wix' ? wixLikes() : localLikes());
