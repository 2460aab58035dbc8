import { randomUUID } from 'node:crypto';
import { type EnvelopeInput, LOCAL_INSTANCE_ID, entityChange } from '@/lib/webhooks/envelope';
import { tagsForEvent } from '@/lib/webhooks/event-tags';
import { deliverLocalEvent } from '@/lib/webhooks/local-events';
import type { CommentAnnouncer, CommentChange } from './local';
import { BLOG_APP_ID, type PostComment } from './types';

// The local platform's comment events: what Wix's Comments API sends when a comment is created, updated (edited,
// approved, hidden) or deleted (`wix.comments.v2.comment_*`, the comment as the entity, its post as `resourceId`),
// delivered through the webhook path (lib/webhooks/local-events.ts), which clears the post's thread and count.

export const COMMENT_FQDN = 'wix.comments.v2.comment';

export function commentEnvelope(change: CommentChange, comment: PostComment): EnvelopeInput {
  const entity = {
    id: comment.id,
    appId: BLOG_APP_ID,
    contextId: comment.postId,
    resourceId: comment.postId,
    status: comment.status,
  };
  return {
    eventType: `${COMMENT_FQDN}_${change}`,
    instanceId: LOCAL_INSTANCE_ID,
    identity: comment.author.memberId
      ? { identityType: 'MEMBER', memberId: comment.author.memberId }
      : { identityType: 'ANONYMOUS_VISITOR' },
    data: {
      id: randomUUID(),
      entityFqdn: COMMENT_FQDN,
      entityId: comment.id,
      eventTime: new Date().toISOString(),
      ...entityChange(change, entity),
    },
  };
}

/** Delivers a comment event to the site's webhook handler (its tags cleared directly when it cannot be). */
export const announceThroughWebhook: CommentAnnouncer = (change, comment) =>
  deliverLocalEvent(
    commentEnvelope(change, comment),
    tagsForEvent(`${COMMENT_FQDN}_${change}`, comment.id, comment.postId),
  );
