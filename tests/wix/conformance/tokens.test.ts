import { oauth } from '@wix/identity';
import { createClient, OAuthStrategy, TokenRole } from '@wix/sdk';
import { describe, expect, it } from 'vitest';
import { memoryTokenCache, wixTokens } from '@/lib/wix/tokens';
import { transportFor } from '@/lib/wix/transport';
import { tokens } from './fixtures';
import { CLIENT_ID, recorder, route } from './recorder';

// POST /oauth2/token: lib/wix/tokens.ts's three grants against @wix/sdk's OAuthStrategy (generateVisitorTokens,
// renewToken, getMemberTokens), whose fetchTokens sends them with the global fetch (stubbed with the recorder). And why
// the grants are not made with @wix/identity's `oauth.token`: it sends another request (the last test).

const setup = () => {
  const rec = recorder(route('POST', '/oauth2/token', { body: tokens() }));
  rec.asGlobal();
  const ours = wixTokens({
    clientId: CLIENT_ID,
    transport: transportFor({ fetch: rec.fetch, retries: 0 }),
    cache: memoryTokenCache(),
  });
  return { rec, ours, sdk: OAuthStrategy({ clientId: CLIENT_ID }) };
};

describe('conformance: OAuth token grants (POST /oauth2/token)', () => {
  it('anonymous (the site’s visitor, a liker’s own visitor): as OAuthStrategy.generateVisitorTokens', async () => {
    const { rec, ours, sdk } = setup();
    const mine = await rec.one(() => ours.siteVisitor(), { tokens: true });
    const theirs = await rec.one(() => sdk.generateVisitorTokens(), { tokens: true });
    expect(mine).toEqual(theirs);
    expect(mine.body).toEqual({ clientId: CLIENT_ID, grantType: 'anonymous' });
  });

  it('refresh_token (a member’s or a visitor’s access token): as OAuthStrategy.renewToken', async () => {
    const { rec, ours, sdk } = setup();
    const refreshToken = 'OauthNG.JWS.refresh-ada';
    const mine = await rec.one(() => ours.access(refreshToken), { tokens: true });
    const theirs = await rec.one(() => sdk.renewToken({ value: refreshToken, role: TokenRole.MEMBER }), {
      tokens: true,
    });
    expect(mine).toEqual(theirs);
  });

  it('authorization_code (the logins’ code exchange): as OAuthStrategy.getMemberTokens', async () => {
    const { rec, ours, sdk } = setup();
    const oauthData = {
      redirectUri: 'https://blog.example/api/members/callback',
      originalUri: '',
      codeChallenge: 'challenge',
      codeVerifier: 'verifier-0123456789-0123456789-0123456789-01',
      state: 'state-1',
    };
    const mine = await rec.one(
      () =>
        ours.grant({
          grantType: 'authorization_code',
          redirectUri: oauthData.redirectUri,
          code: 'code-1',
          codeVerifier: oauthData.codeVerifier,
        }),
      { tokens: true },
    );
    const theirs = await rec.one(() => sdk.getMemberTokens('code-1', 'state-1', oauthData), { tokens: true });
    expect(mine).toEqual(theirs);
  });

  it('@wix/identity oauth.token is another request: the grant wrapped as a raw HTTP request', async () => {
    const { rec, sdk } = setup();
    const theirs = await rec.one(() => sdk.generateVisitorTokens(), { tokens: true });
    const grant = JSON.stringify({ clientId: CLIENT_ID, grantType: 'anonymous' });
    const client = createClient({ modules: { oauth }, fetch: rec.fetch });
    const wrapped = await rec.one(() => client.oauth.token({ body: new TextEncoder().encode(grant) }), {
      tokens: true,
    });
    // Same method and path; the body is a RawHttpRequest whose `body` is the grant's JSON in base64
    // (identity_oauth's index.typings.d.ts, `TokenOptions`), where OAuthStrategy posts the grant's JSON itself.
    expect({ ...wrapped, body: undefined }).toEqual({ ...theirs, body: undefined });
    expect(theirs.body).toEqual({ clientId: CLIENT_ID, grantType: 'anonymous' });
    expect(wrapped.body).toEqual({ body: Buffer.from(grant).toString('base64') });
  });
});
