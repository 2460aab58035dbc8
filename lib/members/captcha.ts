import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { type SharedMarks, sharedMarks } from '@/lib/core/redis/shared';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';

// The local provider's captcha: ALTCHA's proof of work (altcha-lib on the server, the `altcha` widget in the browser).
// It works offline and asks nothing of a person but a little time: the browser searches for a counter whose PBKDF2 key
// matches the signed challenge. "Silent" runs it unseen when the form is sent; "visible" is a checkbox the member
// ticks. A solved challenge counts once (a replay is refused) and only before it expires.

export type CaptchaKind = 'user' | 'silent';

/** A challenge lives this long; the captcha state token (tokens.ts) as long. */
export const CAPTCHA_TTL_SECONDS = 10 * 60;

/** The widget's hidden field. */
export const CAPTCHA_FIELD = 'altcha';

/**
 * PBKDF2 iterations per try, and the range of tries a solution takes: about half a second of one core (measured here:
 * 1,000 × ~1,200 tries in 0.36 s in Node), one derivation to check it. ALTCHA's README example (5,000 × 5,000–10,000)
 * took 10 s here, too long for a form.
 */
const COST = 1_000;
const COUNTER = { min: 1_000, max: 3_000 } as const;
/** Used challenges remembered in process (without Redis, or while it is away). */
export const MAX_USED_CHALLENGES = 100_000;

export interface Captcha {
  /** A new signed challenge, as the widget fetches it (JSON). */
  challenge(): Promise<unknown>;
  /** Whether a widget's payload solves a challenge of ours, unexpired and not used before (it is used now). */
  verify(payload: string): Promise<boolean>;
}

export interface CaptchaSettings {
  /** Signs challenges (the members key). */
  secret: string;
  /** PBKDF2 iterations per try; tests pass a cheaper one. */
  cost?: number;
  counter?: { min: number; max: number };
  now?: () => Date;
  /** Where used challenges are remembered: shared by every instance with REDIS_URL (site-captcha.ts), else here. */
  used?: SharedMarks;
}

export function createCaptcha(settings: CaptchaSettings): Captcha {
  const clock = settings.now ?? (() => new Date());
  const counter = settings.counter ?? COUNTER;
  const used = settings.used ?? sharedMarks('captcha:used', null, MAX_USED_CHALLENGES);
  return {
    challenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: settings.cost ?? COST,
        counter: randomInt(counter.min, counter.max),
        deriveKey,
        hmacSignatureSecret: settings.secret,
        expiresAt: new Date(clock().getTime() + CAPTCHA_TTL_SECONDS * 1000),
      }),
    async verify(payload) {
      const parsed = parsePayload(payload);
      if (!parsed) return false;
      try {
        // The signature, the expiry (altcha-lib reads the real clock) and the solution.
        const result = await verifySolution({ ...parsed, deriveKey, hmacSignatureSecret: settings.secret });
        // Marked used only once verified, so unverified payloads cannot fill the map.
        // A challenge lives CAPTCHA_TTL_SECONDS; its mark a minute longer (clocks apart).
        return result.verified && (await used.mark(parsed.challenge.parameters.nonce, CAPTCHA_TTL_SECONDS + 60));
      } catch {
        // Parameters altcha-lib refuses (an unknown algorithm, a bad number): not a solution of ours.
        return false;
      }
    },
  };
}

/** The widget's payload: base64 of `{ challenge, solution }`. Anything else is no payload. */
const Payload = z.object({
  challenge: z.looseObject({
    parameters: z.looseObject({ nonce: z.string().min(1).max(200), algorithm: z.literal('PBKDF2/SHA-256') }),
    signature: z.string().max(200),
  }),
  solution: z.looseObject({ counter: z.number().int().min(0), derivedKey: z.string().max(200) }),
});

function parsePayload(payload: unknown) {
  if (typeof payload !== 'string' || payload === '' || payload.length > 8192) return null;
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    return parsed.success ? (parsed.data as unknown as Parameters<typeof verifySolution>[0]) : null;
  } catch {
    return null;
  }
}
