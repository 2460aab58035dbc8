import { createHash, randomUUID } from 'node:crypto';
import { type EnvelopeInput, LOCAL_INSTANCE_ID } from '@/lib/webhooks/envelope';
import { tagsForEvent } from '@/lib/webhooks/event-tags';
import { deliverLocalEvent } from '@/lib/webhooks/local-events';
import type { LikeAnnouncer } from './local';
import { POST_FQDN, type Liker } from './types';

// The local platform's like events: what Wix sends when a post is liked or unliked (`wix.blog.v3.post_liked` /
// `_unliked`, an actionEvent naming the post and the liker), delivered through the webhook path
// (lib/webhooks/local-events.ts). A visitor is named by a digest of their cookie, never the cookie itself.

export function likeEnvelope(change: 'liked' | 'unliked', postId: string, liker: Liker): EnvelopeInput {
  const who =
    liker.kind === 'member'
      ? { memberId: liker.memberId }
      : { anonymousVisitorId: createHash('sha256').update(`liker\n${liker.visitor}`).digest('hex').slice(0, 32) };
  return {
    eventType: `wix.blog.v3.post_${change}`,
    instanceId: LOCAL_INSTANCE_ID,
    identity: { identityType: liker.kind === 'member' ? 'MEMBER' : 'ANONYMOUS_VISITOR', ...who },
    data: {
      id: randomUUID(),
      entityFqdn: POST_FQDN,
      entityId: postId,
      eventTime: new Date().toISOString(),
      actionEvent: { body: { postId, ...who } },
    },
  };
}

/** Delivers a like event to the site's webhook handler (its tags cleared directly when it cannot be). */
export const announceThroughWebhook: LikeAnnouncer = (change, postId, liker) =>
  deliverLocalEvent(likeEnvelope(change, postId, liker), tagsForEvent(`wix.blog.v3.post_${change}`, postId));
