import path from 'node:path';
import { config } from '@/lib/config';
import { dataClient } from '@/lib/data';
import { wixRefreshTokenOf } from '@/lib/members';
import { processSingleton } from '@/lib/process-singleton';
import { siteKey } from '@/lib/security/site-key';
import { announceThroughWebhook } from './announce';
import { postMetricCounter } from '@/lib/files/post-metrics';
import { createLocalLikes } from './local';
import type { PostLikes } from './types';
import { createWixLikes } from './wix';

export { postLikes, likeId } from './collection';
export { createLocalLikes, type LikeCounter, type LikeAnnouncer } from './local';
export { LIKER_COOKIE, LIKER_COOKIE_TTL_SECONDS } from './visitor';
export * from './types';

// The site's likes, one per process, chosen as the members' provider is (config().members.provider): at Wix when the
// blog reads Wix with an OAuth app (WIX_CLIENT_ID: likes need a visitor or member identity), else kept by the site.

const dataDirPath = () => path.resolve(/*turbopackIgnore: true*/ config().dataDir);

/** The local likes: the data service's `post-likes`, the content folder's counts, events through the webhook path. */
const localLikes = (): PostLikes =>
  processSingleton('likes-local', () =>
    createLocalLikes({
      client: dataClient(),
      counter: postMetricCounter(config().contentDir, 'likes'),
      announce: announceThroughWebhook,
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
export const siteLikes = (): PostLikes => (config().members.provider === 'wix' ? wixLikes() : localLikes());
