import { describe, expect, it } from 'vitest';
import { toMember } from '@/lib/members/wix/profile';

// Members v1's statuses (@wix/auto_sdk_members_members build/es/index.typings.d.mts, `enum Status`): UNKNOWN,
// PENDING, APPROVED (can log in), BLOCKED, OFFLINE (a guest author who cannot log in). Only APPROVED signs in.

const member = (status: string) => ({
  id: 'member-1',
  loginEmail: 'ann@example.com',
  status,
  profile: { nickname: 'Ann' },
  createdDate: '2026-01-01T00:00:00.000Z',
});

describe('a Wix member’s status', () => {
  it('signs in when APPROVED', () => {
    expect(toMember(member('APPROVED'), 'https://blog.example')).toMatchObject({ id: 'member-1', status: 'ACTIVE' });
  });

  it.each(['PENDING', 'BLOCKED', 'OFFLINE', 'UNKNOWN', 'ACTIVE', 'SOMETHING_NEW'])(
    'does not sign in when %s',
    (status) => {
      expect(toMember(member(status), 'https://blog.example')).toBeNull();
    },
  );
});
