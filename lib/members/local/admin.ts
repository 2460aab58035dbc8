import { OWNER } from '@/lib/data/types';
import type { MemberItem } from '../collection';
import type { Member, MemberAdmin, MemberStatus } from '../types';
import { COLLECTION, type MembersContext } from './context';
import { toMember } from './member';

// The owner's side: the members listed (those waiting first), approved or blocked, and the sign-up rules.

export function adminOperations(ctx: MembersContext): MemberAdmin {
  const { read, write, policies } = ctx;

  /**
   * The owner's approval or block. A change of status also raises the member's session epoch, so blocking ends every
   * session they had for good: unblocking lets them sign in again and brings none back (the status check in
   * sessionMember alone would). Raised on unblocking too, for a member blocked before blocking raised it; sessions are
   * signed only while ACTIVE, so approving a PENDING member ends nothing.
   */
  async function setStatus(id: string, status: MemberStatus): Promise<Member | null> {
    if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) return null;
    const member = await read(id);
    if (!member) return null;
    if (member.status === status) return toMember(member);
    return toMember(await write({ ...member, status, sessionEpoch: (member.sessionEpoch ?? 0) + 1 }));
  }

  return {
    async listMembers({ skip, limit }) {
      // PENDING sorts before ACTIVE and BLOCKED: the ones waiting for the owner come first.
      const sort = [
        { fieldName: 'status', order: 'DESC' },
        { fieldName: '_createdDate', order: 'DESC' },
      ];
      const page = await ctx.client.query(COLLECTION, { sort, skip, limit }, OWNER);
      return { members: page.items.map((item) => toMember(item as MemberItem)), total: page.totalCount };
    },

    signUpPolicy: () => policies.get(),
    setSignUpPolicy: (change) => policies.set(change),
    approveMember: (id: string) => setStatus(id, 'ACTIVE'),
    async memberById(id) {
      if (typeof id !== 'string' || !/^[0-9a-f]{32}$/.test(id)) return null;
      const member = await read(id);
      return member ? toMember(member) : null;
    },
    blockMember: (id: string) => setStatus(id, 'BLOCKED'),
  };
}
