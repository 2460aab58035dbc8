import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '@/lib/core/config';
import { createDataClient } from '@/lib/data/client';
import { createEmbeddedBackend } from '@/lib/data/embedded';
import { members } from '@/lib/members/collection';
import { createLocalMembers } from '@/lib/members/local';
import { createPasswords } from '@/lib/members/password';
import { createPolicyStore, memberPolicy } from '@/lib/members/policy';

// The site's member policy: MEMBERS_EMAIL_VERIFICATION (default on) and MEMBERS_OWNER_APPROVAL (default off), until
// the owner saves a choice in the dashboard (lib/members/policy.ts).

describe('the members policy', () => {
  it('defaults to e-mail verification without owner approval', () => {
    expect(readConfig({}).members).toMatchObject({ emailVerification: true, ownerApproval: false });
    expect(readConfig({ MEMBERS_EMAIL_VERIFICATION: ' ', MEMBERS_OWNER_APPROVAL: '' }).members).toMatchObject({
      emailVerification: true,
      ownerApproval: false,
    });
  });

  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['false', false],
    ['False', false],
    ['0', false],
  ])('reads %s as %s', (value, flag) => {
    const c = readConfig({ MEMBERS_EMAIL_VERIFICATION: value, MEMBERS_OWNER_APPROVAL: value });
    expect(c.members).toMatchObject({ emailVerification: flag, ownerApproval: flag });
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => readConfig({ MEMBERS_OWNER_APPROVAL: 'yes' })).toThrow(ConfigError);
    expect(() => readConfig({ MEMBERS_OWNER_APPROVAL: 'yes' })).toThrow(/MEMBERS_OWNER_APPROVAL/);
    expect(() => readConfig({ MEMBERS_EMAIL_VERIFICATION: 'off' })).toThrow(/MEMBERS_EMAIL_VERIFICATION/);
  });
});

describe('the policy the owner sets', () => {
  const client = createDataClient({ backend: createEmbeddedBackend(), collections: [members, memberPolicy] });
  afterAll(() => client.close());
  const store = createPolicyStore(client, { emailVerification: true, ownerApproval: false });
  const identity = createLocalMembers({
    client,
    mailer: { send: async () => ({ messageId: '<m@test>' }) },
    secret: 'policy-test-secret-0123456789abcdef',
    siteUrl: 'https://blog.example',
    policy: store,
    passwords: createPasswords({ memoryCost: 1024, timeCost: 1, parallelism: 1 }),
  });
  const join = (email: string) => identity.register({ email, password: 'correct horse battery' });

  it('is the variables until saved; a saved choice holds for the next registration, field by field', async () => {
    expect(await store.get()).toEqual({ emailVerification: true, ownerApproval: false });
    expect((await join('a@example.com')).loginState).toBe('EMAIL_VERIFICATION_REQUIRED');

    expect(await store.set({ emailVerification: false })).toEqual({ emailVerification: false, ownerApproval: false });
    expect((await join('b@example.com')).loginState).toBe('SUCCESS');

    expect(await store.set({ ownerApproval: true })).toEqual({ emailVerification: false, ownerApproval: true });
    expect((await join('c@example.com')).loginState).toBe('OWNER_APPROVAL_REQUIRED');
    // Read again from the database, not remembered by the store.
    expect(await createPolicyStore(client, { emailVerification: true, ownerApproval: false }).get()).toEqual({
      emailVerification: false,
      ownerApproval: true,
    });
  }, 30_000);
});
