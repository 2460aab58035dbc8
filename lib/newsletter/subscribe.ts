import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DataClient } from '@/lib/data/client';
import { VISITOR } from '@/lib/data/permissions';
import { errors, isCatalogueError } from '@/lib/errors';

// A newsletter subscription (issue 13): one stored item per address, however often and however concurrently it is
// sent. The item's id is derived from the normalised address, so the database's primary key does the deduplicating:
// no read-then-write race between two requests for one address.

const Email = z.email();

/** An address as stored: trimmed and lower-cased (mail systems treat the local part case-blind in practice). */
export function normaliseEmail(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (email.length > 254 || !Email.safeParse(email).success) throw errors.badValue('email must be an e-mail address');
  return email;
}

export const subscriberId = (email: string) => createHash('sha256').update(email).digest('hex').slice(0, 32);

/** Stores the address as pending (confirmation comes by mail); an address already stored is left as it is. */
export async function subscribe(client: DataClient, rawEmail: unknown): Promise<'subscribed' | 'already'> {
  const email = normaliseEmail(rawEmail);
  try {
    await client.insert('subscribers', { _id: subscriberId(email), email, status: 'pending' }, VISITOR);
    return 'subscribed';
  } catch (error) {
    if (isCatalogueError(error) && error.wde === 'WDE0074') return 'already';
    throw error;
  }
}
