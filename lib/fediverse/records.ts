import { defineCollection, type ItemOf, OWNER_ONLY } from '@/lib/data/types';

// What the fediverse keeps in the site's own records (internal collections, the owner's only): the blog actor's key
// pairs, its followers, and Fedify's key-value store (kv.ts: remote documents' cache, inbox idempotence).

/** The blog actor's key pairs, as JWK: RSA (HTTP Signatures, which Mastodon checks) and Ed25519 (object proofs). */
export const fediverseKeys = defineCollection({
  id: 'fediverse-keys',
  internal: true,
  fields: { algorithm: { type: 'text' }, publicJwk: { type: 'object' }, privateJwk: { type: 'object' } },
  permissions: OWNER_ONLY,
});

/**
 * A remote actor following the blog (`_id` a hash of its id): where its posts go (its inbox, its instance's shared
 * one), and what the dashboard shows of it.
 */
export const fediverseFollowers = defineCollection({
  id: 'fediverse-followers',
  internal: true,
  fields: {
    actorId: { type: 'text', indexed: true },
    inbox: { type: 'text' },
    sharedInbox: { type: 'text' },
    /** The instance (the actor id's host), so a whole instance can be told apart. */
    host: { type: 'text', indexed: true },
    handle: { type: 'text' },
    name: { type: 'text' },
    /** The Follow activity's id, which an Undo names. */
    followId: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

/** Fedify's key-value store (`_id` the key's JSON): the value, and when it expires (none: kept). */
export const fediverseKv = defineCollection({
  id: 'fediverse-kv',
  internal: true,
  fields: { value: { type: 'object' }, expires: { type: 'datetime', indexed: true } },
  permissions: OWNER_ONLY,
});

/** What the owner blocked (`_id` `actor:{hash}` or `host:{host}`): its follows are refused, its followers removed. */
export const fediverseBlocks = defineCollection({
  id: 'fediverse-blocks',
  internal: true,
  fields: { kind: { type: 'text' }, value: { type: 'text' } },
  permissions: OWNER_ONLY,
});

/**
 * A like or a boost of a post from the fediverse (`_id` a hash of its kind, actor and post: one of each per person,
 * whatever they resend), counted beside the site's own likes on the post's page; an Undo removes it.
 */
export const fediverseReactions = defineCollection({
  id: 'fediverse-reactions',
  internal: true,
  fields: {
    postId: { type: 'text', indexed: true },
    kind: { type: 'text', indexed: true },
    actorId: { type: 'text', indexed: true },
    /** The Like's or Announce's id, which its Undo may name alone. */
    activityId: { type: 'text', indexed: true },
  },
  permissions: OWNER_ONLY,
});

/** An account the blog follows (`_id` a hash of its actor id): where to reach it, and whether it accepted. */
export const fediverseFollowing = defineCollection({
  id: 'fediverse-following',
  internal: true,
  fields: {
    actorId: { type: 'text', indexed: true },
    inbox: { type: 'text' },
    handle: { type: 'text' },
    name: { type: 'text' },
    url: { type: 'text' },
    /** The Follow sent, which the Accept (or Reject) names. */
    followId: { type: 'text', indexed: true },
    /** 'pending' until its Accept, then 'accepted'. */
    state: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

/**
 * A post of an account the blog follows (`_id` a hash of its object id), as it arrived (Create) and last changed
 * (Update): what the owner reads in the dashboard, and may reply to.
 */
export const fediverseTimeline = defineCollection({
  id: 'fediverse-timeline',
  internal: true,
  fields: {
    objectId: { type: 'text', indexed: true },
    actorId: { type: 'text', indexed: true },
    title: { type: 'text' },
    text: { type: 'text' },
    url: { type: 'text' },
    published: { type: 'text' },
    /** The owner's last reply to it ('' none). */
    replied: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

export const FEDIVERSE_COLLECTIONS = [
  fediverseKeys,
  fediverseFollowers,
  fediverseKv,
  fediverseBlocks,
  fediverseReactions,
  fediverseFollowing,
  fediverseTimeline,
];

export type FollowingRecord = ItemOf<typeof fediverseFollowing>;
export type TimelineRecord = ItemOf<typeof fediverseTimeline>;

export type FollowerRecord = ItemOf<typeof fediverseFollowers>;
