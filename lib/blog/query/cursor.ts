import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { errors } from '../errors';
import type { SortSpec } from './sort';

// Cursors are opaque and tamper-evident: base64url(JSON) + "." + HMAC. They carry the query itself
// (filter, sort, limit) and the sort key of the page edge, so a walk survives posts being added.

export interface CursorState {
  filter: Record<string, unknown> | undefined;
  sort: SortSpec[];
  limit: number;
  /** Sort key of the edge item: the last item for "next", the first for "prev". */
  anchor: unknown[];
  direction: 'next' | 'prev';
}

const key = process.env.SESSION_SECRET ? Buffer.from(`cursor:${process.env.SESSION_SECRET}`) : randomBytes(32);

const sign = (body: string) => createHmac('sha256', key).update(body).digest().subarray(0, 18).toString('base64url');

export function encodeCursor(state: CursorState): string {
  const body = Buffer.from(JSON.stringify([state.filter ?? null, state.sort, state.limit, state.anchor, state.direction === 'next' ? 1 : 0])).toString('base64url');
  return `${body}.${sign(body)}`;
}

/** Decodes a cursor; anything not signed by this site is WDE0165. */
export function decodeCursor(cursor: string): CursorState {
  const malformed = () => errors.malformedCursor('cursor is malformed or was not issued by this site');
  const [body, signature, extra] = cursor.split('.');
  if (!body || !signature || extra !== undefined) throw malformed();
  const expected = Buffer.from(sign(body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw malformed();
  try {
    const [filter, sort, limit, anchor, next] = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return { filter: filter ?? undefined, sort, limit, anchor, direction: next === 1 ? 'next' : 'prev' };
  } catch {
    throw malformed();
  }
}
