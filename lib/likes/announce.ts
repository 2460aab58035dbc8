import { createHash, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { revalidateTag } from 'next/cache';
import { config } from '@/lib/config';
import { encodeEnvelope, type EnvelopeInput } from '@/lib/webhooks/envelope';
import { tagsForEvent } from '@/lib/webhooks/event-tags';
import { handleWixWebhook } from '@/lib/webhooks/handle';
import { signingKey } from '@/lib/webhooks/keys';
import type { LikeAnnouncer } from './local';
import { POST_FQDN, type Liker } from './types';

// The local platform's like events: what Wix sends when a post is liked or unliked (`wix.blog.v3.post_liked` /
// `_unliked`, an actionEvent naming the post and the liker), signed with the key the blog CLI signs with and handed to
// the webhook route's own handler, in process: verified, deduplicated, the source refreshed and the tags the event maps
// to cleared (lib/webhooks/event-tags.ts), exactly as a delivery from Wix or `npm run blog -- like` would be. A visitor
// is named by a digest of their cookie, never the cookie itself.

export const LOCAL_INSTANCE_ID = 'local-content-folder';

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

async function signed(event: EnvelopeInput): Promise<string> {
  const { webhookPrivateKey, contentDir } = config();
  const key = await signingKey({ privateKey: webhookPrivateKey, contentDir });
  return new SignJWT(encodeEnvelope(event))
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

/**
 * Delivers a like event to the site's webhook handler. When it cannot be signed or is refused (a public key set in
 * WIX_WEBHOOK_PUBLIC_KEY without its private half), the event's tags are cleared directly, so the count still shows.
 */
export const announceThroughWebhook: LikeAnnouncer = async (change, postId, liker) => {
  const event = likeEnvelope(change, postId, liker);
  try {
    const request = new Request('http://localhost/api/webhooks/wix', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: await signed(event),
    });
    const response = await handleWixWebhook(request);
    if (response.ok) return;
    throw new Error(`webhook answered ${response.status}`);
  } catch (error) {
    console.error(
      JSON.stringify({
        msg: 'likes: event not delivered; clearing its tags',
        eventType: event.eventType,
        error: String(error),
      }),
    );
    for (const tag of tagsForEvent(`wix.blog.v3.post_${change}`, postId)) revalidateTag(tag, { expire: 0 });
  }
};
