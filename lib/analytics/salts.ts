import { createHmac, randomBytes } from 'node:crypto';
import type { DataClient } from '@/lib/data';
import { OWNER } from '@/lib/data/types';
import { analyticsSalts } from './collection';

// The day's salt (as Plausible counts visitors): a random secret per UTC day, made by the first instance that needs
// it and shared through the site's records (an insert with the day as its id: a second instance that loses the race
// reads the winner's), the days before deleted as soon as a new day's is made. A visitor is the HMAC of their address
// and agent under it: one reader is one visitor all day, and once the salt is gone no one, the site included, can tell
// that yesterday's visitor is today's.

export function createSalts(client: DataClient) {
  client.declare(analyticsSalts);
  let held: { day: string; salt: string } | null = null;

  async function saltOf(day: string): Promise<string> {
    if (held?.day === day) return held.salt;
    const kept = await client.get(analyticsSalts.id, day, OWNER);
    let salt = kept ? String(kept.salt) : null;
    if (!salt) {
      const made = randomBytes(32).toString('base64url');
      try {
        await client.insert(analyticsSalts.id, { _id: day, salt: made }, OWNER);
        salt = made;
      } catch {
        // Another instance made the day's salt first: theirs.
        salt = String((await client.get(analyticsSalts.id, day, OWNER))?.salt ?? made);
      }
      const { items } = await client.query(analyticsSalts.id, { filter: { _id: { $lt: day } }, limit: 100 }, OWNER);
      for (const old of items) await client.remove(analyticsSalts.id, old._id, OWNER);
    }
    held = { day, salt };
    return salt;
  }

  return {
    /** The visitor's hash for `day`: their address and agent under the day's salt. */
    async visitor(day: string, client: string, userAgent: string): Promise<string> {
      const salt = await saltOf(day);
      return createHmac('sha256', salt).update(`${client}\n${userAgent}`).digest('base64url').slice(0, 22);
    },
  };
}
