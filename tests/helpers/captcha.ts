import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Captcha } from '@/lib/members/captcha';

/** A fresh challenge of `captcha`, solved as the widget solves it, in the widget's payload (base64 JSON). */
export async function solved(captcha: Pick<Captcha, 'challenge'>): Promise<string> {
  const challenge = (await captcha.challenge()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the challenge has no solution');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
