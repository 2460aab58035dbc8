import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '@/lib/config';

// The site's member policy: MEMBERS_EMAIL_VERIFICATION (default on) and MEMBERS_OWNER_APPROVAL (default off).

describe('the members policy', () => {
  it('defaults to e-mail verification without owner approval', () => {
    expect(readConfig({}).members).toEqual({ emailVerification: true, ownerApproval: false });
    expect(readConfig({ MEMBERS_EMAIL_VERIFICATION: ' ', MEMBERS_OWNER_APPROVAL: '' }).members).toEqual({
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
    expect(c.members).toEqual({ emailVerification: flag, ownerApproval: flag });
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => readConfig({ MEMBERS_OWNER_APPROVAL: 'yes' })).toThrow(ConfigError);
    expect(() => readConfig({ MEMBERS_OWNER_APPROVAL: 'yes' })).toThrow(/MEMBERS_OWNER_APPROVAL/);
    expect(() => readConfig({ MEMBERS_EMAIL_VERIFICATION: 'off' })).toThrow(/MEMBERS_EMAIL_VERIFICATION/);
  });
});
