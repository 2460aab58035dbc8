import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { MemberItem } from '../collection';
import { pictureIdOf } from '../pictures';
import type { Member, MemberStatus } from '../types';

// A member as stored and as shown: the address and id they are known by, their name and picture as accepted.

const Email = z.email();

/** An address as stored: trimmed and lower-cased; null when it is not an address. */
export function normaliseEmail(raw: unknown): string | null {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return email.length <= 254 && Email.safeParse(email).success ? email : null;
}

/** A member's id, from their normalised address: a second registration of it is a duplicate primary key. */
export const memberId = (email: string) => createHash('sha256').update(`member\n${email}`).digest('hex').slice(0, 32);

/** What the site shows of a member. */
export const toMember = (item: MemberItem): Member => ({
  id: item._id,
  email: item.email ?? '',
  displayName: item.displayName ?? '',
  status: (item.status ?? 'PENDING') as MemberStatus,
  emailVerified: item.emailVerified === true,
  createdDate: item._createdDate,
  ...(item.avatar ? { avatar: item.avatar } : {}),
});

/** A display name as given: control characters out, trimmed; '' when nothing is left. */
export const cleanName = (nickname: unknown) =>
  typeof nickname === 'string' ? nickname.replace(/[\u0000-\u001f\u007f]/g, '').trim() : '';

/** A display name as given (trimmed, control characters out, 80 characters at most), else the address's local part. */
export function displayNameOf(nickname: unknown, email: string): string {
  return (cleanName(nickname) || email.split('@')[0]!).slice(0, 80);
}

/**
 * A picture's path as the provider accepts it: one file of the site's media folder, an image by its extension, named
 * with word characters, dots and dashes only (so no `..`, `%`, query or subfolder); or one of the members' own pictures
 * (pictures.ts: `/api/members/account/picture/<id>.webp`). Which files exist, and whose a picture is, are the routes'
 * questions (lib/members cannot read the blog's media; the picture route stores the one it names); this is the shape.
 */
export const AVATAR_PATH = /^\/media\/[\w-]+(?:\.[\w-]+)*\.(?:png|jpe?g|gif|webp|avif)$/i;
const MAX_AVATAR_PATH = 200;

export const isAvatarPath = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length <= MAX_AVATAR_PATH &&
  (AVATAR_PATH.test(value) || pictureIdOf(value) !== null);

/** The member without a pending verification (its nonce, code hash, expiry and tries). */
export const withoutVerification = (item: MemberItem): MemberItem => {
  const {
    verificationId: _id,
    verificationCodeHash: _hash,
    verificationExpires: _expires,
    verificationAttempts: _attempts,
    ...rest
  } = item;
  return rest;
};
