import type { MembersPolicy } from '@/lib/core/config';
import type { DataClient } from '@/lib/data';
import { defineCollection, OWNER_ONLY } from '@/lib/data/types';
import { OWNER } from '@/lib/data/types';
import type { ItemOf } from '@/lib/data/types';

// The site's sign-up policy, as the owner sets it in the dashboard (Members → Sign-up): whether new members confirm
// their address with a mailed code, and whether they wait for the owner's approval. MEMBERS_EMAIL_VERIFICATION and
// MEMBERS_OWNER_APPROVAL are the defaults until the owner saves a choice; the choice is one item of an internal
// collection, read at each registration and sign-in (one indexed get), so every instance sees it at once.

export const memberPolicy = defineCollection({
  id: 'member-policy',
  internal: true,
  fields: {
    emailVerification: { type: 'boolean' },
    ownerApproval: { type: 'boolean' },
  },
  permissions: OWNER_ONLY,
});

type PolicyItem = ItemOf<typeof memberPolicy>;

const COLLECTION = 'member-policy';
const ID = 'site';

export interface PolicyStore {
  get(): Promise<MembersPolicy>;
  /** Saves the owner's choice (a field left out keeps its value) and answers the policy now in force. */
  set(change: Partial<MembersPolicy>): Promise<MembersPolicy>;
}

export function createPolicyStore(client: DataClient, defaults: MembersPolicy): PolicyStore {
  const read = async (): Promise<MembersPolicy> => {
    const item = (await client.get(COLLECTION, ID, OWNER)) as PolicyItem | null;
    return {
      emailVerification:
        typeof item?.emailVerification === 'boolean' ? item.emailVerification : defaults.emailVerification,
      ownerApproval: typeof item?.ownerApproval === 'boolean' ? item.ownerApproval : defaults.ownerApproval,
    };
  };
  return {
    get: read,
    async set(change) {
      const policy = { ...(await read()), ...change };
      // save(): inserts the item the first time, replaces it after.
      await client.save(COLLECTION, { _id: ID, ...policy }, OWNER);
      return policy;
    },
  };
}
