import type { Metadata } from 'next';
import { FollowingList } from '@/components/dashboard/following-list';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { followingPage } from '@/lib/fediverse';
import { currentOwner } from '@/lib/owner';

export const metadata: Metadata = { title: 'Following' };

// Whom the blog follows on the fediverse, and what they posted (issue 49): follow an account by its address or handle,
// stop following it, reply to one of its posts as the blog. Read from the site's records per request.
export default function FollowingPage({ searchParams }: PageProps<'/dashboard/following'>) {
  return (
    <>
      <h1>Following on the fediverse</h1>
      <Following searchParams={searchParams} />
    </>
  );
}

async function Following({ searchParams }: Pick<PageProps<'/dashboard/following'>, 'searchParams'>) {
  const owner = await currentOwner('/dashboard/following');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const [page, params] = await Promise.all([followingPage(), searchParams]);
  if (!page.enabled) return <p>The blog is not on the fediverse: FEDIVERSE is set to false (docs/fediverse.md).</p>;
  const said = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : undefined);
  return (
    <FollowingList
      accounts={page.accounts}
      posts={page.posts}
      handle={page.handle}
      done={said('done')}
      failed={said('failed')}
    />
  );
}
