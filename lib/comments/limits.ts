import { consume, createLimiter, current, type Limiter, secondsLeft } from '@/lib/core/security/limits';
import { TooManyRequests } from '@/lib/core/errors';
import { processSingleton } from '@/lib/core/process-singleton';
import type { CaptchaKind } from '@/lib/members';

// How much a client may write. Each client may write a few comments freely; past that it solves the captcha (unseen
// first, then ticked: a person writes a handful of comments in ten minutes, a script writes more), and past the limit
// it waits. Edits count against the same writes.

export const COMMENT_LIMITS = {
  /** Comments written (and edits) per client per 10 minutes. */
  writes: { keyPrefix: 'comments:writes', points: 20, durationSeconds: 10 * 60 },
} as const;

export const COMMENT_CAPTCHA_AFTER = {
  /** Comments of this client in the window before its next solves the silent captcha. */
  silent: 3,
  /** ...before its next ticks the visible one. */
  user: 6,
} as const;

const writes = (): Limiter => processSingleton('comments-limit:writes', () => createLimiter(COMMENT_LIMITS.writes));

/** Takes a point of the client's writes, or throws the catalogue's 429 (with the seconds to wait). */
export async function takeCommentWrite(client: string): Promise<void> {
  const taken = await consume(writes(), client);
  if (!taken.ok) throw new TooManyRequests('too many comments', secondsLeft(taken.res));
}

/** The captcha this client's comment must solve, counting the point its request took already. */
export async function commentCaptchaAsked(client: string): Promise<CaptchaKind | null> {
  const before = ((await current(writes(), client))?.consumedPoints ?? 1) - 1;
  if (before >= COMMENT_CAPTCHA_AFTER.user) return 'user';
  if (before >= COMMENT_CAPTCHA_AFTER.silent) return 'silent';
  return null;
}
