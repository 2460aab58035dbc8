import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { strictFakeWix } from './fake-wix';
import { createWixMembers, type WixMembersSettings } from '@/lib/members/wix';
import { memoryRevocations } from '@/lib/members/tokens';
import { memoryTokenCache } from '@/lib/wix/tokens';

// A fake Wix for the members provider at WIX_API_BASE_URL=http://wix.test, in the platform's REST shapes. Strict:
// an unhandled request is an error, and none may reach *.wixapis.com.

export const BASE = 'http://wix.test';
export const CLIENT_ID = 'client-0001';
export const SITE = 'https://blog.example';
export const ACCESS = 'OauthNG.JWS.member-access-0123456789';
export const REFRESH = 'OauthNG.JWS.member-refresh-0123456789';
export const VISITOR = 'OauthNG.JWS.visitor-access-0123456789';

export type { Seen } from './fake-wix';

export function withFakeWixMembers() {
  // The token endpoint stays through resetHandlers: every call first fetches the visitor's tokens.
  const { server, seen, to } = strictFakeWix(tokenEndpoint());

  const provider = (settings: Partial<WixMembersSettings> = {}) =>
    createWixMembers({
      clientId: CLIENT_ID,
      secret: 'members-key-for-tests',
      siteUrl: SITE,
      apiBaseUrl: BASE,
      retryBaseMs: 1,
      revocations: memoryRevocations(),
      // Tokens of its own, as a new process's: the process's cache is tests/wix/tokens.test.ts's.
      tokens: memoryTokenCache(),
      ...settings,
    });
  return { server, seen, provider, to };
}

export const json = (body: unknown, init?: ResponseInit) => HttpResponse.json(body as Record<string, unknown>, init);
export const appError = (status: number, code: string, message = 'refused') =>
  json({ message, details: { applicationError: { code, description: message } } }, { status });

/** The token endpoint: anonymous → visitor tokens; authorization_code (the right code) and refresh_token → member. */
export const tokenEndpoint = (code = 'auth-code-1') =>
  http.post(`${BASE}/oauth2/token`, async ({ request }) => {
    const body = (await request.json()) as Record<string, string>;
    if (body.clientId !== CLIENT_ID) return json({ error: 'invalid_client' }, { status: 400 });
    if (body.grantType === 'anonymous')
      return json({ access_token: VISITOR, expires_in: 14400, refresh_token: 'visitor-rt' });
    if (body.grantType === 'authorization_code' && body.code === code && body.codeVerifier)
      return json({ access_token: ACCESS, expires_in: 14400, refresh_token: REFRESH });
    if (body.grantType === 'refresh_token' && body.refreshToken === REFRESH)
      return json({ access_token: ACCESS, expires_in: 14400, refresh_token: REFRESH });
    return json({ error: 'invalid_grant' }, { status: 400 });
  });

/** The direct login: a redirect session whose authorize URL answers 302 to the redirect URI with the code. */
export const directLogin = (wixSession = 'wix-session-1', code = 'auth-code-1') => [
  http.post(`${BASE}/_api/redirects-api/v1/redirect-session`, async ({ request }) => {
    const body = (await request.json()) as { auth: { authRequest: Record<string, string>; prompt: string } };
    const a = body.auth.authRequest;
    if (a.sessionToken !== wixSession || body.auth.prompt !== 'none') return appError(400, 'INVALID_SESSION');
    const q = new URLSearchParams({ redirect_uri: a.redirectUri!, state: a.state!, client_id: a.clientId! });
    return json({ redirectSession: { id: 'rs1', fullUrl: `https://www.wixapis.com/oauth2/authorize?${q}` } });
  }),
  http.get(`${BASE}/oauth2/authorize`, ({ request }) => {
    const q = new URL(request.url).searchParams;
    const to = `${q.get('redirect_uri')}?code=${code}&state=${q.get('state')}`;
    return new HttpResponse(null, { status: 302, headers: { Location: to } });
  }),
  tokenEndpoint(code),
];

export const MEMBER = {
  id: 'member-1',
  loginEmail: 'ann@example.com',
  loginEmailVerified: true,
  status: 'APPROVED',
  profile: { nickname: 'Ann' },
  createdDate: '2025-01-02T03:04:05.000Z',
};

export const me = (member: Record<string, unknown> = MEMBER) =>
  http.get(`${BASE}/members/v1/members/my`, ({ request }) =>
    request.headers.get('authorization') === ACCESS
      ? json({ member })
      : json({ message: 'unauthorized' }, { status: 401 }),
  );

/**
 * The Wix-managed login page: a redirect session without a Wix session token (as `getAuthUrl` asks for one) answers
 * an authorize URL; the challenge is kept, so the token endpoint only exchanges the code with the matching verifier
 * (PKCE S256, as Wix checks it). `sessions` lists what each redirect session asked for.
 */
export function loginPage(code = 'page-code-1') {
  const sessions: { state: string; challenge: string; prompt: string; redirectUri: string }[] = [];
  const handlers = [
    http.post(`${BASE}/_api/redirects-api/v1/redirect-session`, async ({ request }) => {
      const body = (await request.clone().json()) as { auth: { authRequest: Record<string, string>; prompt: string } };
      const a = body.auth.authRequest;
      if (a.sessionToken) return undefined; // the direct login's: another handler
      const wellFormed =
        a.clientId === CLIENT_ID &&
        a.codeChallengeMethod === 'S256' &&
        a.responseMode === 'query' &&
        a.responseType === 'code' &&
        a.scope === 'offline_access' &&
        /^[\w-]{43}$/.test(a.codeChallenge ?? '') &&
        Boolean(a.state);
      if (!wellFormed) return appError(400, 'INVALID_ARGUMENT');
      sessions.push({
        state: a.state!,
        challenge: a.codeChallenge!,
        prompt: body.auth.prompt,
        redirectUri: a.redirectUri!,
      });
      const q = new URLSearchParams({
        client_id: a.clientId!,
        redirect_uri: a.redirectUri!,
        state: a.state!,
        code_challenge: a.codeChallenge!,
        prompt: body.auth.prompt,
      });
      return json({
        redirectSession: { id: `rs-${sessions.length}`, fullUrl: `https://users.wix.example/login?${q}` },
      });
    }),
    http.post(`${BASE}/oauth2/token`, async ({ request }) => {
      const body = (await request.clone().json()) as Record<string, string>;
      if (body.grantType !== 'authorization_code' || body.code !== code) return undefined;
      const verifier = body.codeVerifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      const session = sessions.at(-1);
      if (!session || session.challenge !== challenge || body.redirectUri !== session.redirectUri) {
        return json({ error: 'invalid_grant' }, { status: 400 });
      }
      return json({ access_token: ACCESS, expires_in: 14400, refresh_token: REFRESH });
    }),
  ];
  return { handlers, sessions, code };
}
