import { cookies } from 'next/headers';
import Link from 'next/link';
import { connection } from 'next/server';
import type { ReactElement } from 'react';
import { desk } from '@/lib/blog';
import { MEMBER_PAGES, MEMBER_SESSION_COOKIE, memberOfCookie } from '@/lib/members';
import { type Writer, writerOf } from '@/lib/writers';

/**
 * The writer of a writer's page (/account/posts…): a member the owner lets write, by their session, with their desk;
 * otherwise the page to show instead (sign in, or ask the owner). Per request: it reads the session.
 */
export async function currentWriter(
  path: string,
): Promise<
  { writer: Writer; desk: ReturnType<ReturnType<typeof desk>['writer']>; page?: undefined } | { page: ReactElement }
> {
  await connection();
  const member = await memberOfCookie((await cookies()).get(MEMBER_SESSION_COOKIE)?.value);
  if (!member) {
    return {
      page: (
        <>
          <h1>Your posts</h1>
          <p role="status">You are not signed in, or your session has ended.</p>
          <p>
            <Link href={`${MEMBER_PAGES.signin}?next=${encodeURIComponent(path)}`}>Sign in</Link>
          </p>
        </>
      ),
    };
  }
  const writer = await writerOf(member.id);
  if (!writer) {
    return {
      page: (
        <>
          <h1>Your posts</h1>
          <p role="status">This account does not write for the blog. The owner can let you write.</p>
        </>
      ),
    };
  }
  return { writer, desk: desk().writer({ id: writer.id, name: writer.name }) };
}
