import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { BASE, MEMBER, SITE, directLogin, json, me, withFakeWixMembers } from '../helpers/wix-members';

// Members at Wix and their own picture (issue 47): the Wix member profile takes a photo by URL (`profile.photo.url`,
// @wix/members `Image`: `_id` only for a file of Wix Media, which a member cannot upload to), so an uploaded picture,
// kept in the site's records like a local member's, becomes the member's Wix photo as this site's absolute address,
// and reads back as the picture's path.

const { server, seen, provider } = withFakeWixMembers();
const PICTURE = '/api/members/account/picture/0123456789abcdef0123456789abcdef.webp';

async function signedIn(members: ReturnType<typeof provider>) {
  server.use(
    http.post(`${BASE}/_api/iam/authentication/v2/login`, () =>
      json({ state: 'SUCCESS', sessionToken: 'wix-session-1' }),
    ),
    ...directLogin(),
    me(),
  );
  const result = await members.login({ email: 'ann@example.com', password: 'correct horse battery' });
  return (result as { data: { sessionToken: string } }).data.sessionToken;
}

describe('an uploaded picture at Wix', () => {
  it('is the member profile’s photo as this site’s address, and reads back as the picture', async () => {
    const members = provider();
    const token = await signedIn(members);
    server.use(
      http.patch(`${BASE}/members/v1/members/:id`, async ({ request, params }) => {
        const body = (await request.json()) as { member: { profile: Record<string, unknown> } };
        return json({ member: { ...MEMBER, id: params.id, profile: { ...MEMBER.profile, ...body.member.profile } } });
      }),
    );
    const result = await members.updateProfile(token, { avatar: PICTURE });
    expect(result).toMatchObject({ ok: true, member: { avatar: PICTURE } });
    expect(seen.find((r) => r.method === 'PATCH')!.body).toEqual({
      member: { id: 'member-1', profile: { photo: { url: `${SITE}${PICTURE}` } } },
    });
  });

  it('takes no other address of the site’s picture route', async () => {
    const members = provider();
    const token = await signedIn(members);
    for (const avatar of [
      '/api/members/account/picture/0123.webp',
      '/api/members/account/picture/0123456789abcdef0123456789abcdef.png',
      '/api/members/account/picture/../../owner/0123456789abcdef0123456789abcdef.webp',
      `https://evil.example${PICTURE}`,
    ]) {
      expect(await members.updateProfile(token, { avatar })).toEqual({ ok: false, reason: 'invalidProfile' });
    }
    expect(seen.some((r) => r.method === 'PATCH')).toBe(false);
  });
});
