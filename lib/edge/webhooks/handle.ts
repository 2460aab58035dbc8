import { config, ConfigError } from '@/lib/core/config';
import { processSingleton } from '@/lib/core/process-singleton';
import { sharedMarks, siteRedis } from '@/lib/core/redis/shared';
import { isCatalogueError } from '@/lib/core/errors';
import { postOfComment } from '@/lib/comments';
import { readEnvelope } from './envelope';
import { webhookErrors } from './errors';
import { isBlogEventType, isCommentEvent } from '../../core/cache/event-tags';
import { invalidate } from '../../core/cache/invalidate';
import { verificationKey } from './keys';
import { readRawBody } from './raw-body';
import { verifyWebhookToken } from './verify';

type Outcome =
  | 'cleared'
  | 'nothing-to-clear'
  | 'unknown-type'
  | 'unrecognised'
  | 'other-instance'
  | 'duplicate'
  | 'rejected'
  | 'too-large'
  | 'unconfigured'
  | 'failed';

interface LogLine {
  eventType: string | null;
  eventId: string | null;
  tags: string[];
  outcome: Outcome;
}

/**
 * Event ids processed, remembered as long as a delivery may be old (WIX_WEBHOOK_MAX_AGE_SECONDS): in Redis (shared by
 * every instance, so a retry reaching another instance is a duplicate too), the latest 10,000 in process without it.
 * Wix retries a failed delivery with the same id for about two days. A replay the process forgot (a restart, without
 * Redis) clears the event's tags again, which costs a fresh render and changes nothing.
 */
const seen = () =>
  processSingleton('webhook-seen', () => sharedMarks('webhooks:seen', siteRedis(config().redisUrl), 10_000));

const outcomeOf = (status: number): Outcome =>
  status === 401 ? 'rejected' : status === 413 ? 'too-large' : status === 503 ? 'unconfigured' : 'failed';

function key() {
  try {
    return verificationKey(config().webhookPublicKey);
  } catch (error) {
    if (error instanceof ConfigError) throw webhookErrors.unconfigured(error.message);
    throw error;
  }
}

/**
 * POST /api/webhooks/wix: verify, parse, clear the event's tags at once, answer { eventType, tags }. A request that is
 * not a valid token is logged and thrown, for the route to answer from the catalogue. A validly signed event is always
 * acknowledged (2xx), for Wix resends whatever it is not, for days: one the site cannot read, or that names no entity,
 * or another app instance's, changes nothing and is logged with why.
 */
export async function handleWixWebhook(request: Request): Promise<Response> {
  const started = performance.now();
  const line: LogLine = { eventType: null, eventId: null, tags: [], outcome: 'failed' };
  let message: string | undefined;
  try {
    const body = await readRawBody(request);
    const { webhookMaxAgeSeconds: maxAge, webhookInstanceId } = config();
    const verified = await verifyWebhookToken(body, key(), maxAge);
    const envelope = readEnvelope(verified);
    if (!envelope.ok) {
      Object.assign(line, { eventType: envelope.eventType, eventId: envelope.eventId, outcome: 'unrecognised' });
      message = envelope.problem;
      return reply({ eventType: envelope.eventType, tags: [], ignored: envelope.problem });
    }
    const { eventType, eventId, instanceId, entityId, language } = envelope.event;
    line.eventType = eventType;
    line.eventId = eventId;
    if (webhookInstanceId && instanceId !== webhookInstanceId) {
      line.outcome = 'other-instance';
      message = 'the event is for another app instance than WIX_INSTANCE_ID';
      return reply({ eventType, tags: [], ignored: message });
    }
    if (await seen().has(eventId)) {
      line.outcome = 'duplicate';
      return reply({ eventType, tags: [], duplicate: true });
    }
    const known = isBlogEventType(eventType);
    if (known && !entityId) {
      line.outcome = 'unrecognised';
      message = `malformed webhook envelope: ${eventType} names no entity id`;
      return reply({ eventType, tags: [], ignored: message });
    }
    if (known) {
      // A comment event that names the comment alone (CommentContentChanged) is about the post the comment is on.
      const resourceId =
        envelope.event.resourceId ?? (isCommentEvent(eventType) ? await postOfComment(entityId!) : undefined);
      line.tags = invalidate({ type: eventType, entityId: entityId!, resourceId, ...(language && { language }) });
    }
    await seen().mark(eventId, maxAge);
    line.outcome = !known ? 'unknown-type' : line.tags.length ? 'cleared' : 'nothing-to-clear';
    return reply({ eventType, tags: line.tags });
  } catch (error) {
    line.outcome = isCatalogueError(error) ? outcomeOf(error.status) : 'failed';
    line.tags = [];
    message = isCatalogueError(error) ? error.message : String(error);
    // The route's jsonHandler answers it from the catalogue.
    throw error;
  } finally {
    const ms = Math.round((performance.now() - started) * 100) / 100;
    console.log(JSON.stringify({ msg: 'webhook', ...line, ms, ...(message && { error: message }) }));
  }
}

const reply = (body: { eventType: string | null; tags: string[]; duplicate?: true; ignored?: string }) =>
  Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
