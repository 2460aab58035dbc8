import { z } from 'zod';

// The platform's webhook envelope: the JWT payload's `data` is a JSON string of { eventType, instanceId,
// identity, data }, and `identity` and the inner `data` are JSON strings again (docs/webhooks.md).

/** A string that must hold JSON matching `schema` (the envelope's levels: `@wix/sdk` JSON.parses each of them). */
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
 * An entity or an action's body: the object, or its JSON text (the proto's `AsJson` spellings; the SDK passes either
 * through untouched, and Wix retries an answered 400 for days).
 */
const jsonOrValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'is not valid JSON' });
      return z.NEVER;
    }
  }, schema);

/**
 * An id the site will use: entity ids become cache tags (`post:{id}`) and event ids dedupe keys and log
 * fields. Wix ids are GUIDs; the demo content and the CLI use GUIDs too, and tests short slug-like ids.
 * Anything else (a slash, `..`, a NUL, a 5 KB string) is a malformed envelope, not a tag.
 */
export const WixId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/, { error: 'is not a valid id (letters, digits, - and _, at most 128)' });

// Entities are the platform's own shapes; only their id matters here, a comment's resourceId (the post it is on), and
// a data item's collection (`dataCollectionId`: @wix/data's DataItemEntity).
// Each may come as the object or as its JSON text: the proto (the `AsJson` fields of @wix/* events' meta typings, e.g.
// EntityCreatedEvent.entityAsJson) names both spellings, and @wix/auto_sdk_comments_comments types ActionEvent.body as
// a string.
const Entity = jsonOrValue(
  z.looseObject({
    id: WixId.optional(),
    resourceId: WixId.optional(),
    dataCollectionId: z.string().max(256).optional(),
    // A post's, category's or tag's language (Wix Multilingual): the event refreshes that language's pages only.
    language: z.string().max(16).nullish().catch(undefined),
  }),
);

/**
 * An action event's body: a like names its post; a comment action (`comment_comment_published`, `_hidden`:
 * CommentPublished, CommentHidden in the SDK) its comment; a content change (`comment_comment_content_changed`:
 * CommentContentChanged, `{ commentId, previousContent, currentContent }`) only the comment's id, not its post; a count
 * change (`comment_resource_comment_count_changed`: ResourceCommentCountChanged) the resource.
 */
export const ActionBody = jsonOrValue(
  z.looseObject({
    postId: WixId.optional(),
    commentId: WixId.optional(),
    memberId: z.string().optional(),
    anonymousVisitorId: z.string().optional(),
    resourceId: WixId.optional(),
    comment: z.looseObject({ id: WixId.optional(), resourceId: WixId.optional() }).optional(),
  }),
);

export const EventData = z.object({
  id: WixId,
  entityFqdn: z.string().optional(),
  entityId: WixId.optional(),
  slug: z.string().optional(),
  eventTime: z.string().optional(),
  createdEvent: z.object({ entity: Entity.optional(), entityAsJson: Entity.optional() }).optional(),
  updatedEvent: z.object({ currentEntity: Entity.optional(), currentEntityAsJson: Entity.optional() }).optional(),
  deletedEvent: z.object({ deletedEntity: Entity.nullish(), deletedEntityAsJson: Entity.nullish() }).optional(),
  actionEvent: z.object({ body: ActionBody.optional(), bodyAsJson: ActionBody.optional() }).optional(),
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
  /** What the entity belongs to (a comment's post, a data item's collection), when the event carries it. */
  resourceId?: string;
  /** The entity's language, when the event carries the entity and the entity its language. */
  language?: string;
}

/**
 * What a verified JWT payload says: the event, or, when the site cannot read it, which field is wrong (never its value)
 * and the event's type and id as far as they can be read, for the log.
 */
export type ReadEnvelope =
  { ok: true; event: WebhookEvent } | { ok: false; problem: string; eventType: string | null; eventId: string | null };

/** The event type and id of a payload the envelope's schema refused, where they are readable strings. */
const Legible = z.object({
  data: jsonString(
    z.object({
      eventType: z.string().max(200).catch(''),
      data: jsonString(z.object({ id: z.string().max(200).catch('') })).catch({ id: '' }),
    }),
  ),
});

export function readEnvelope(payload: unknown): ReadEnvelope {
  const parsed = TokenPayload.safeParse(payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const partial = Legible.safeParse(payload);
    const readable = (value: string | undefined) => (value && WixTypeOrId.test(value) ? value : null);
    return {
      ok: false,
      problem: `malformed webhook envelope: ${['payload', ...issue.path].join('.')} ${issue.message}`,
      eventType: readable(partial.data?.data.eventType),
      eventId: readable(partial.data?.data.data.id),
    };
  }
  const { eventType, instanceId, identity, data } = parsed.data.data;
  const entity =
    data.createdEvent?.entity ??
    data.createdEvent?.entityAsJson ??
    data.updatedEvent?.currentEntity ??
    data.updatedEvent?.currentEntityAsJson ??
    data.deletedEvent?.deletedEntity ??
    data.deletedEvent?.deletedEntityAsJson ??
    undefined;
  const body = data.actionEvent?.body ?? data.actionEvent?.bodyAsJson;
  const entityId =
    body?.postId ?? data.entityId ?? body?.comment?.id ?? body?.commentId ?? entity?.id ?? body?.resourceId;
  const resourceId = entity?.resourceId ?? entity?.dataCollectionId ?? body?.comment?.resourceId ?? body?.resourceId;
  const language = entity?.language ?? undefined;
  return {
    ok: true,
    event: {
      eventType,
      eventId: data.id,
      instanceId,
      identityType: identity?.identityType,
      entityId,
      resourceId,
      ...(language && { language }),
    },
  };
}

/** What a log line may repeat of an unreadable envelope: an event type's or an id's characters, nothing else. */
const WixTypeOrId = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

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

/** The JWT payload the platform would send for an event: the inverse of `readEnvelope`. */
export const encodeEnvelope = ({ eventType, instanceId, identity, data }: EnvelopeInput) => ({
  data: JSON.stringify({ eventType, instanceId, identity: JSON.stringify(identity), data: JSON.stringify(data) }),
});
