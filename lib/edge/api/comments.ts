import { consume, createLimiter, current, type Limiter, secondsLeft } from '@/lib/core/security/limits';
import { CatalogueError, errors } from '@/lib/core/errors';
import { readBodyText } from '@/lib/core/http/body';
import type { CaptchaKind } from '@/lib/members';
import { processSingleton } from '@/lib/core/process-singleton';
import { readJsonBody } from './body';
import { errorResponse } from './respond';

// What the comment routes share: the writer of a request, its fields (a form or JSON), and the limits. Each client
// may write a few comments freely; past that it solves the captcha (unseen first, then ticked: a person writes a
// handful of comments in ten minutes, a script writes more), and past the limit it waits.

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

/** Takes a point of the client's writes: null when allowed, else the 429 to answer (with its Retry-After). */
export async function commentWriteLimit(client: string): Promise<Response | null> {
  const taken = await consume(writes(), client);
  if (taken.ok) return null;
  const seconds = secondsLeft(taken.res);
  const response = errorResponse(new CatalogueError(429, 'WDE9429', `too many comments; retry in ${seconds} s`));
  response.headers.set('Retry-After', String(seconds));
  return response;
}

/** The captcha this client's comment must solve, counting the point its request took already. */
export async function commentCaptchaAsked(client: string): Promise<CaptchaKind | null> {
  const before = ((await current(writes(), client))?.consumedPoints ?? 1) - 1;
  if (before >= COMMENT_CAPTCHA_AFTER.user) return 'user';
  if (before >= COMMENT_CAPTCHA_AFTER.silent) return 'silent';
  return null;
}

/** A comment form or JSON body's fields: 12,000 characters of text written in any script fit, urlencoded. */
const MAX_BODY = 160 * 1024;

/** The fields a comment request sends, as strings (a JSON value that is not a string is left out). */
export async function commentFields(request: Request, form: boolean): Promise<Record<string, string>> {
  const tooLarge = () => errors.payloadTooLarge('request body is larger than 160 KiB');
  const raw = form
    ? Object.fromEntries(new URLSearchParams(await readBodyText(request, MAX_BODY, tooLarge)))
    : await readJsonBody(request, MAX_BODY);
  return Object.fromEntries(
    Object.entries(raw).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
