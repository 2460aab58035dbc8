import type { Metadata } from 'next';
import { MemberList } from '@/components/dashboard/member-list';
import { MemberPolicyForm } from '@/components/dashboard/member-policy-form';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { currentOwner } from '@/lib/owner';
import { siteMemberAdmin } from '@/lib/members';
import { writerIds } from '@/lib/writers';

export const metadata: Metadata = { title: 'Members' };

const PAGE = 100;

export default function MembersPage({ searchParams }: PageProps<'/dashboard/members'>) {
  return (
    <>
      <h1>Members</h1>
      <Members searchParams={searchParams} />
    </>
  );
}

async function Members({ searchParams }: Pick<PageProps<'/dashboard/members'>, 'searchParams'>) {
  const owner = await currentOwner('/dashboard/members');
  if (owner.kind !== 'owner') return <OwnerNotice kind={owner.kind} message={owner.message} />;
  const admin = siteMemberAdmin();
  if (!admin) {
    // Members sign in through Wix: the Wix dashboard lists, approves and blocks them.
    return (
      <section className="panel" aria-labelledby="members-heading">
        <h2 id="members-heading">Managed in the Wix dashboard</h2>
        <p>
          Members sign in with the site&rsquo;s Wix account, so they are listed, approved and blocked in the Wix
          dashboard (Contacts → Site Members), not here.
        </p>
      </section>
    );
  }
  const [{ members, total }, policy, writers] = await Promise.all([
    admin.listMembers({ skip: 0, limit: PAGE }),
    admin.signUpPolicy(),
    writerIds(),
  ]);
  // Set by the sign-up rules' route after a save: a fixed word, nothing from the URL is shown.
  const said = (await searchParams).saved;
  const saved = said === 'policy';
  return (
    <>
      <section className="panel" aria-labelledby="signup-heading">
        <h2 id="signup-heading">Signing up</h2>
        <MemberPolicyForm policy={policy} saved={saved} />
      </section>
      <section className="panel" aria-labelledby="members-heading">
        <h2 id="members-heading">
          {total} member{total === 1 ? '' : 's'}
        </h2>
        <p className="muted">
          A member you let write drafts posts at <code>/account/posts</code> and submits them for your review (
          <a href="/dashboard/review">Review</a>); you publish them.
        </p>
        {said === 'writers' ? (
          <p role="status" className="notice">
            Saved: who may write.
          </p>
        ) : null}
        <MemberList members={members} writers={writers} />
        {total > PAGE ? <p className="muted">The first {PAGE} are shown.</p> : null}
      </section>
    </>
  );
}
