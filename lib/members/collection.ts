import { defineCollection, OWNER_ONLY } from '@/lib/data/types';
import type { ItemOf } from '@/lib/data/types';

/**
 * The local provider's members, one item per normalised address (its id derives from the address, so the primary key
 * refuses a second registration even when two race). Internal: it holds password hashes, so the JSON API answers its
 * name as an unknown collection's, and only the owner's role could touch it through the client anyway.
 */
export const members = defineCollection({
  id: 'members',
  internal: true,
  fields: {
    email: { type: 'text', indexed: true },
    displayName: { type: 'text' },
    /** The member's picture: a `/media/<file>` path of the site's media folder; absent when none is chosen. */
    avatar: { type: 'text' },
    /** argon2id, in the PHC string format (`$argon2id$v=19$m=…`). */
    passwordHash: { type: 'text' },
    /** PENDING (waits for the owner's approval), ACTIVE or BLOCKED. */
    status: { type: 'text', indexed: true },
    emailVerified: { type: 'boolean' },
    /** The pending verification: a nonce its state token names, the code's keyed hash, expiry and wrong tries. */
    verificationId: { type: 'text' },
    verificationCodeHash: { type: 'text' },
    verificationExpires: { type: 'datetime' },
    verificationAttempts: { type: 'number' },
    /**
     * Sessions carry it; raising it ends every session signed before: a password reset or change, "sign out
     * everywhere", and the owner's block (or unblock).
     */
    sessionEpoch: { type: 'number' },
  },
  permissions: OWNER_ONLY,
});

export type MemberItem = ItemOf<typeof members>;
