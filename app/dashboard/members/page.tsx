import type { Metadata } from 'next';
import { MemberList } from '@/components/dashboard/member-list';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { currentOwner } from '@/lib/auth/owner';
import { siteMembers } from '@/lib/members';

export const metadata: Metadata = { title: 'Members' };

const PAGE = 100;

export default function MembersPage() {
  return (
    <>
      <h1>Members</h1>
      <Members />
    </>
  );
}

async function Members() {
  const owner = await currentOwner('/dashboard/members');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const { members, total } = await siteMembers().listMembers({ skip: 0, limit: PAGE });
  return (
    <section className="panel" aria-labelledby="members-heading">
      <h2 id="members-heading">
        {total} member{total === 1 ? '' : 's'}
      </h2>
      <MemberList members={members} />
      {total > PAGE ? <p className="muted">The first {PAGE} are shown.</p> : null}
    </section>
  );
}
