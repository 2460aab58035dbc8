import type { Metadata } from 'next';
import { FollowerList } from '@/components/dashboard/follower-list';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { followersPage } from '@/lib/fediverse';
import { currentOwner } from '@/lib/owner';

export const metadata: Metadata = { title: 'Followers' };

// The blog's followers on the fediverse (issue 49): who follows, from which instance, since when; remove one, block
// one or a whole instance, lift a block. Read from the site's records per request.
export default function FollowersPage({ searchParams }: PageProps<'/dashboard/followers'>) {
  return (
    <>
      <h1>Followers on the fediverse</h1>
      <Followers searchParams={searchParams} />
    </>
  );
}

async function Followers({ searchParams }: Pick<PageProps<'/dashboard/followers'>, 'searchParams'>) {
  const owner = await currentOwner('/dashboard/followers');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const [page, params] = await Promise.all([followersPage(), searchParams]);
  if (!page.enabled) return <p>The blog is not on the fediverse: FEDIVERSE is set to false (docs/fediverse.md).</p>;
  const done = typeof params.done === 'string' ? params.done : undefined;
  return (
    <FollowerList
      followers={page.list}
      count={page.count}
      blocks={page.blocks}
      unreachable={page.unreachable}
      handle={page.handle}
      done={done}
    />
  );
}
