import { SignJWT } from 'jose';
import { revalidateTag } from 'next/cache';
import { config } from '@/lib/config';
import { encodeEnvelope, type EnvelopeInput } from './envelope';
import { handleWixWebhook } from './handle';
import { signingKey } from './keys';

// The local platform's events: what Wix would send when a reader likes a post or writes a comment, signed with the
// key the blog CLI signs with and handed to the webhook route's own handler, in process: verified, deduplicated, the
// source refreshed and the event's tags cleared (event-tags.ts), exactly as a delivery from Wix would be.

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
 * Delivers an event to the site's webhook handler. When it cannot be signed or is refused (a public key set in
 * WIX_WEBHOOK_PUBLIC_KEY without its private half), `fallbackTags` are cleared directly: readers still see the change.
 */
export async function deliverLocalEvent(event: EnvelopeInput, fallbackTags: string[]): Promise<void> {
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
        msg: 'local event not delivered; clearing its tags',
        eventType: event.eventType,
        error: String(error),
      }),
    );
    for (const tag of fallbackTags) revalidateTag(tag, { expire: 0 });
  }
}
