import { createHash, randomBytes } from 'node:crypto';
import {
  type Answer,
  type Call,
  type Caller,
  type Json,
  matches,
  notFound,
  readCursor,
  wixError,
} from './stand-in-shared';

// The stand-in's members: the site's OAuth app (tokens, Wix's hosted login page), and the Members API the site reads.
// Each answer follows what the SDK makes of it or sends for it:
//
// - POST /oauth2/token takes OAuthStrategy's JSON grants (`{ clientId, grantType, … }`: @wix/sdk
//   build/auth/oauth2/OAuthStrategy.js `fetchTokens`) and answers `{ access_token, expires_in, refresh_token }`
//   (seconds, as the SDK reads them: `expiresAt: now + expires_in`). `anonymous` makes a visitor, `authorization_code`
//   exchanges a code from the login page once, with the PKCE verifier whose S256 hash the session named and the same
//   redirect URI (RFC 7636; OAuthStrategy `getMemberTokens` sends `codeVerifier` and `redirectUri`), `refresh_token`
//   renews either. A refused grant is 400 `{ error: 'invalid_grant' }`, as the token endpoint of RFC 6749 §5.2.
// - POST /_api/redirects-api/v1/redirect-session with `auth.authRequest` (OAuthStrategy `getAuthUrl`: clientId,
//   codeChallenge, codeChallengeMethod S256, responseMode query, responseType code, scope offline_access, state,
//   redirectUri; `prompt`) answers `{ redirectSession: { id, fullUrl } }` (@wix/auto_sdk_redirects_redirects
//   RedirectSession). The full URL is this stand-in's login page: a form that, with a member's e-mail and password,
//   redirects to the redirect URI with `code` and `state`; with `prompt: none` and nobody signed in at it, with
//   `error=login_required` (OpenID Connect Core §3.1.2.6).
// - GET /members/v1/members/my answers the member the access token belongs to (`members.getCurrentMember`: Member
//   with loginEmail, status, profile), 401 to anyone else; GET /members/v1/members/{id} and POST
//   /members/v1/members/query answer the PUBLIC fieldset (id, profile: nickname, slug, photo, title: MemberFieldset
//   PUBLIC in @wix/auto_sdk_members_members) whatever the caller asks, FULL only to the site's key.
// - POST /members/v1/user-members/query (`userMember.queryUserMembers`, @wix/auto_sdk_members_user-member: "A site
//   member who is also a Wix user", the site's owner and its collaborators) answers the members given a `userId`, as
//   UserMember (memberId, userId, contactId, nickname, status…), `filter` over those fields, `cursorPaging.limit`
//   "@max: 100"; to the site's key only.

export interface StandInMember {
  id: string;
  email?: string;
  /** Members who can sign in at the login page have one. */
  password?: string;
  profile: Json;
  /** Pricing Plans orders (stand-in-plans.ts). */
  orders?: Array<{ planId: string; status: string }>;
  /** The Wix user this member is too (the site's owner, a collaborator): the user members query lists them. */
  userId?: string;
}

const TOKEN_SECONDS = 4 * 60 * 60;
const LOGIN_PAGE = '/_stand-in/login';

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const token = (kind: string) => `OauthNG.JWS.stand-in-${kind}-${randomBytes(12).toString('hex')}`;
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function createMembers(members: StandInMember[], options: { clientId?: string; apiKey?: string }) {
  const byId = new Map(members.map((m) => [m.id, m]));
  /** Access tokens, by value: whom they stand for (a visitor has no member id). */
  const access = new Map<string, string | null>();
  const refresh = new Map<string, string | null>();
  /** Login sessions by state: what the redirect session asked, until its code is taken. */
  const sessions = new Map<string, { challenge: string; redirectUri: string; clientId: string }>();
  const codes = new Map<string, { memberId: string; state: string }>();

  function issue(memberId: string | null): Answer {
    const a = token(memberId ? 'member' : 'visitor');
    const r = token(memberId ? 'member-refresh' : 'visitor-refresh');
    access.set(a, memberId);
    refresh.set(r, memberId);
    return {
      status: 200,
      body: { access_token: a, expires_in: TOKEN_SECONDS, refresh_token: r, token_type: 'Bearer' },
    };
  }
  const invalidGrant: Answer = { status: 400, body: { error: 'invalid_grant' } };

  function caller(authorization: string | null): Caller {
    if (!authorization) return { kind: 'none' };
    const value = authorization.replace(/^Bearer\s+/i, '');
    if (access.has(value)) {
      const memberId = access.get(value);
      return memberId ? { kind: 'member', memberId } : { kind: 'visitor' };
    }
    if (options.apiKey === undefined || value === options.apiKey) return { kind: 'site' };
    return { kind: 'none' };
  }

  const publicMember = (m: StandInMember) => ({ id: m.id, profile: m.profile });
  const fullMember = (m: StandInMember) => ({
    ...publicMember(m),
    loginEmail: m.email,
    loginEmailVerified: true,
    status: 'APPROVED',
    contactId: m.id,
    privacyStatus: 'PUBLIC',
    activityStatus: 'ACTIVE',
    createdDate: '2026-01-01T00:00:00.000Z',
  });

  const userMember = (m: StandInMember, userId: string) => ({
    memberId: m.id,
    userId,
    contactId: m.id,
    nickname: m.profile.nickname ?? null,
    privacyStatus: 'PUBLIC',
    status: 'APPROVED',
    activityStatus: 'ACTIVE',
    createdDate: '2026-01-01T00:00:00.000Z',
  });

  function loginPage(q: URLSearchParams, refused = false): Answer {
    const hidden = ['state', 'redirect_uri']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q.get(name) ?? '')}">`)
      .join('');
    return {
      status: refused ? 401 : 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      text:
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Log in (Wix stand-in)</title></head>' +
        `<body><main><h1>Log in</h1>${refused ? '<p role="alert">Wrong e-mail or password</p>' : ''}` +
        `<form method="post" action="${LOGIN_PAGE}">${hidden}` +
        '<label>E-mail <input name="email" type="email" autocomplete="username"></label>' +
        '<label>Password <input name="password" type="password" autocomplete="current-password"></label>' +
        '<button type="submit">Log in</button></form></main></body></html>',
    };
  }

  const redirect = (to: string): Answer => ({ status: 302, headers: { location: to }, body: undefined });

  function answer(call: Call): Answer | undefined {
    const { method, route, query: q, body } = call;
    let m: RegExpExecArray | null;
    if (method === 'POST' && route === '/oauth2/token') {
      if (options.clientId !== undefined && body.clientId !== options.clientId) {
        return { status: 400, body: { error: 'invalid_client' } };
      }
      switch (body.grantType) {
        case 'anonymous':
          return issue(null);
        case 'refresh_token': {
          const value = String(body.refreshToken ?? '');
          return refresh.has(value) ? issue(refresh.get(value)!) : invalidGrant;
        }
        case 'authorization_code': {
          const code = codes.get(String(body.code ?? ''));
          const session = code && sessions.get(code.state);
          if (!code || !session) return invalidGrant;
          if (s256(String(body.codeVerifier ?? '')) !== session.challenge) return invalidGrant;
          if (body.redirectUri !== undefined && body.redirectUri !== session.redirectUri) return invalidGrant;
          codes.delete(String(body.code));
          sessions.delete(code.state);
          return issue(code.memberId);
        }
        default:
          return { status: 400, body: { error: 'unsupported_grant_type' } };
      }
    }
    if (method === 'POST' && route === '/_api/redirects-api/v1/redirect-session') {
      const auth = (body.auth ?? {}) as { authRequest?: Json; prompt?: string };
      const a = auth.authRequest ?? {};
      const wellFormed =
        typeof a.clientId === 'string' &&
        a.codeChallengeMethod === 'S256' &&
        a.responseType === 'code' &&
        /^[\w-]{43}$/.test(String(a.codeChallenge ?? '')) &&
        typeof a.state === 'string' &&
        typeof a.redirectUri === 'string';
      if (!wellFormed) return wixError(400, 'INVALID_ARGUMENT', 'authRequest is not a PKCE authorization request');
      sessions.set(String(a.state), {
        challenge: String(a.codeChallenge),
        redirectUri: String(a.redirectUri),
        clientId: String(a.clientId),
      });
      const page = new URLSearchParams({
        client_id: String(a.clientId),
        redirect_uri: String(a.redirectUri),
        state: String(a.state),
        prompt: auth.prompt ?? 'login',
      });
      return {
        status: 200,
        body: { redirectSession: { id: `rs-${sessions.size}`, fullUrl: `${call.origin}${LOGIN_PAGE}?${page}` } },
      };
    }
    if (route === LOGIN_PAGE) {
      const form = method === 'POST' ? call.form : q;
      const state = form.get('state') ?? '';
      const session = sessions.get(state);
      if (!session || session.redirectUri !== form.get('redirect_uri')) {
        return { status: 400, headers: { 'content-type': 'text/plain' }, text: 'No such login session' };
      }
      const back = new URL(session.redirectUri);
      if (method === 'GET') {
        if (q.get('prompt') !== 'none') return loginPage(q);
        back.searchParams.set('error', 'login_required');
        back.searchParams.set('state', state);
        return redirect(back.href);
      }
      const member = members.find((x) => x.email && x.email === form.get('email'));
      if (!member?.password || member.password !== form.get('password')) return loginPage(form, true);
      const code = randomBytes(16).toString('hex');
      codes.set(code, { memberId: member.id, state });
      back.searchParams.set('code', code);
      back.searchParams.set('state', state);
      return redirect(back.href);
    }
    if (method === 'GET' && route === '/members/v1/members/my') {
      const who = call.caller;
      const member = who.kind === 'member' ? byId.get(who.memberId) : undefined;
      return member
        ? { status: 200, body: { member: fullMember(member) } }
        : wixError(401, 'UNAUTHORIZED', 'a member token is needed');
    }
    if (method === 'GET' && (m = /^\/members\/v1\/members\/([^/]+)$/.exec(route))) {
      const member = byId.get(decodeURIComponent(m[1]!));
      if (!member) return notFound('member');
      const full = call.caller.kind === 'site' && q.getAll('fieldsets').includes('FULL');
      return { status: 200, body: { member: full ? fullMember(member) : publicMember(member) } };
    }
    if (method === 'POST' && route === '/members/v1/user-members/query') {
      if (call.caller.kind !== 'site') return wixError(403, 'FORBIDDEN', 'user members are read by the site');
      const query = (body.query ?? {}) as { filter?: unknown; cursorPaging?: { limit?: number; cursor?: string } };
      const limit = query.cursorPaging?.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return wixError(400, 'INVALID_ARGUMENT', 'cursorPaging.limit: 1–100');
      // A cursor stands for the query it came from (a next page's request sends it alone): its filter and offset.
      const cursor = query.cursorPaging?.cursor;
      const read = cursor ? readCursor<{ filter: unknown; offset: number }>(cursor) : undefined;
      if (cursor && !read) return wixError(400, 'INVALID_ARGUMENT', 'cursorPaging.cursor is not a cursor');
      const { filter, offset } = read ?? { filter: query.filter, offset: 0 };
      const list = members
        .flatMap((x) => (x.userId ? [userMember(x, x.userId)] : []))
        .filter((u) => matches(u, filter));
      const page = list.slice(offset, offset + limit);
      const hasNext = offset + limit < list.length;
      const next = JSON.stringify({ filter, offset: offset + limit });
      const cursors = hasNext ? { next: Buffer.from(next).toString('base64url') } : {};
      return { status: 200, body: { userMembers: page, pagingMetadata: { count: page.length, cursors, hasNext } } };
    }
    if (method === 'POST' && route === '/members/v1/members/query') {
      const query = (body.query ?? {}) as { filter?: Json; paging?: { limit?: number; offset?: number } };
      const filter = query.filter ?? {};
      const wanted = (field: string): unknown => {
        const cond = filter[field];
        return cond && typeof cond === 'object' ? cond : cond === undefined ? undefined : { $eq: cond };
      };
      let list = members;
      const id = wanted('id') as { $eq?: string; $in?: string[] } | undefined;
      if (id?.$eq !== undefined) list = list.filter((x) => x.id === id.$eq);
      if (id?.$in) list = list.filter((x) => id.$in!.includes(x.id));
      const slug = wanted('profile.slug') as { $eq?: string } | undefined;
      if (slug?.$eq !== undefined) list = list.filter((x) => x.profile.slug === slug.$eq);
      const offset = query.paging?.offset ?? 0;
      const limit = Math.min(query.paging?.limit ?? 50, 100);
      const page = list.slice(offset, offset + limit).map(publicMember);
      return { status: 200, body: { members: page, metadata: { count: page.length, offset, total: list.length } } };
    }
    return undefined;
  }

  return {
    answer,
    caller,
    member: (id: string) => byId.get(id),
  };
}

export type Members = ReturnType<typeof createMembers>;
