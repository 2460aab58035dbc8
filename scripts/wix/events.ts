import { randomUUID } from 'node:crypto';
import { type EnvelopeInput, type Identity, LOCAL_INSTANCE_ID, entityChange } from '@/lib/edge/webhooks/envelope';
import type { BlogEventType } from '@/lib/core/cache/event-tags';
import type { RawPost } from '../blog/content-folder';

// The events the platform sends, built the way it builds them, for what stands in for Wix (tests, benchmarks).

export { LOCAL_INSTANCE_ID };
const OWNER: Identity = { identityType: 'WIX_USER', wixUserId: 'local-owner' };

type EntityKind = 'post' | 'category' | 'tag' | 'draft';
type Change = 'created' | 'updated' | 'deleted';

interface Entity {
  id: string;
  slug?: string;
  [field: string]: unknown;
}

/** A created, updated or deleted event for an entity, as `wix.blog.v3.<kind>_<change>`. */
export function entityEvent(
  kind: EntityKind,
  change: Change,
  entity: Entity,
  identity: Identity = OWNER,
): EnvelopeInput {
  const eventType = `wix.blog.v3.${kind}_${change}` satisfies BlogEventType;
  const body = entityChange(change, entity);
  return {
    eventType,
    instanceId: LOCAL_INSTANCE_ID,
    identity,
    data: {
      id: randomUUID(),
      entityFqdn: `wix.blog.v3.${kind}`,
      entityId: entity.id,
      ...(entity.slug && { slug: entity.slug }),
      eventTime: new Date().toISOString(),
      ...body,
    },
  };
}

/** A like or unlike of a post, by a member or else an anonymous visitor. */
export function likeEvent(change: 'liked' | 'unliked', postId: string, memberId?: string): EnvelopeInput {
  const who = memberId ? { memberId } : { anonymousVisitorId: randomUUID() };
  return {
    eventType: `wix.blog.v3.post_${change}` satisfies BlogEventType,
    instanceId: LOCAL_INSTANCE_ID,
    identity: { identityType: memberId ? 'MEMBER' : 'ANONYMOUS_VISITOR', ...who },
    data: {
      id: randomUUID(),
      entityFqdn: 'wix.blog.v3.post',
      entityId: postId,
      eventTime: new Date().toISOString(),
      actionEvent: { body: { postId, ...who } },
    },
  };
}

// Events carry the post without its body, as the platform's do by default (and a body could pass the 64 KiB limit).
const ENTITY_FIELDS = [
  'id',
  'title',
  'slug',
  'excerpt',
  'status',
  'language',
  'firstPublishedDate',
  'lastPublishedDate',
  'featured',
  'pinned',
  'categoryIds',
  'tagIds',
  'hashtags',
  'memberId',
  'minutesToRead',
];
export const postEntity = (post: RawPost) => ({
  id: post.id,
  ...Object.fromEntries(ENTITY_FIELDS.filter((f) => f in post).map((f) => [f, post[f]])),
});
