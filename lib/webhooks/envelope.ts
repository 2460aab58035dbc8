import { z } from 'zod';
import { webhookErrors } from './errors';

// The platform's webhook envelope: the JWT payload's `data` is a JSON string of { eventType, instanceId,
// identity, data }, and `identity` and the inner `data` are JSON strings again (docs/webhooks.md).

/** A string that must hold JSON matching `schema`. */
const jsonString = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);

/**
 * An id the site will use: entity ids become cache tags (`post:{id}`) and event ids dedupe keys and log
 * fields. Wix ids are GUIDs; the demo content and the CLI use GUIDs too, and tests short slug-like ids.
 * Anything else (a slash, `..`, a NUL, a 5 KB string) is a malformed envelope, not a tag.
 */
export const WixId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, { error: 'is not a valid id (letters, digits, - and _, at most 128)' });

// Entities are the platform's own shapes; only their id matters here, and a comment's resourceId (the post it is on).
const Entity = z.looseObject({ id: WixId.optional(), resourceId: WixId.optional() });

export const LikeBody = z.looseObject({
  postId: WixId.optional(),
  memberId: z.string().optional(),
  anonymousVisitorId: z.string().optional(),
});

export const EventData = z.object({
  id: WixId,
  entityFqdn: z.string().optional(),
  entityId: WixId.optional(),
  slug: z.string().optional(),
  eventTime: z.string().optional(),
  createdEvent: z.object({ entity: Entity }).optional(),
  updatedEvent: z.object({ currentEntity: Entity }).optional(),
  deletedEvent: z.object({ deletedEntity: Entity.optional() }).optional(),
  actionEvent: z.object({ body: LikeBody }).optional(),
});
export type EventData = z.input<typeof EventData>;

export const Identity = z.looseObject({
  identityType: z.string().optional(),
  memberId: z.string().optional(),
  anonymousVisitorId: z.string().optional(),
  wixUserId: z.string().optional(),
  appId: z.string().optional(),
});
export type Identity = z.input<typeof Identity>;

const Envelope = z.object({
  eventType: z.string().min(1),
  instanceId: z.string().optional(),
  identity: jsonString(Identity).optional(),
  data: jsonString(EventData),
});

const TokenPayload = z.object({ data: jsonString(Envelope) });

export interface WebhookEvent {
  eventType: string;
  eventId: string;
  instanceId?: string;
  identityType?: string;
  /** The entity the event is about: the liked post for likes, else the created, updated or deleted entity. */
  entityId?: string;
  /** What the entity belongs to: a comment's post (`resourceId`), when the event carries the entity. */
  resourceId?: string;
}

/** A verified JWT payload as an event, or a 400 that says which field is wrong. */
export function parseEnvelope(payload: unknown): WebhookEvent {
  const parsed = TokenPayload.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw webhookErrors.malformed(
      `malformed webhook envelope: ${['payload', ...issue.path].join('.')} ${issue.message}`,
    );
  }
  const { eventType, instanceId, identity, data } = parsed.data.data;
  const entityId =
    data.actionEvent?.body.postId ??
    data.entityId ??
    data.createdEvent?.entity.id ??
    data.updatedEvent?.currentEntity.id ??
    data.deletedEvent?.deletedEntity?.id;
  const resourceId =
    data.createdEvent?.entity.resourceId ??
    data.updatedEvent?.currentEntity.resourceId ??
    data.deletedEvent?.deletedEntity?.resourceId;
  return { eventType, eventId: data.id, instanceId, identityType: identity?.identityType, entityId, resourceId };
}

/** Where an entity event carries its entity: created → `createdEvent.entity`, and so on (the inverse of parsing). */
export const entityChange = <E>(change: 'created' | 'updated' | 'deleted', entity: E) =>
  change === 'created'
    ? { createdEvent: { entity } }
    : change === 'updated'
      ? { updatedEvent: { currentEntity: entity } }
      : { deletedEvent: { deletedEntity: entity } };

/** The instance id the local platform's events carry (Wix names the site's installation of the app). */
export const LOCAL_INSTANCE_ID = 'local-content-folder';

export interface EnvelopeInput {
  eventType: string;
  instanceId: string;
  identity: Identity;
  data: EventData;
}

/** The JWT payload the platform would send for an event: the inverse of `parseEnvelope`. */
export const encodeEnvelope = ({ eventType, instanceId, identity, data }: EnvelopeInput) => ({
  data: JSON.stringify({ eventType, instanceId, identity: JSON.stringify(identity), data: JSON.stringify(data) }),
});
