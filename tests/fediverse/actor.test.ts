import {
  CryptographicKey,
  fetchDocumentLoader,
  generateCryptoKeyPair,
  Person,
  signRequest,
  verifyRequest,
} from '@fedify/fedify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { withSite } from '../helpers/site';
import { remoteDocuments, siteFederationForTests } from './remote';

// The blog as an ActivityPub actor (issue 49), through the site's own routes and its records: found by WebFinger as
// `@blog@blog.example`, its profile as Mastodon reads it (a Service with the site's title, its keys, its inbox and
// shared inbox), NodeInfo; a Mastodon-shaped Follow, signed as Mastodon signs it (draft-cavage HTTP Signatures,
// Fedify's own `signRequest`), makes a follower and is answered with an Accept signed by the blog's key; an Undo takes
// it back; an unsigned or wrongly signed activity is refused, 401, and changes nothing. The remote actor is served
// from a document loader, as Fedify's own tests serve theirs.

vi.setConfig({ testTimeout: 30_000 });

const SITE = 'https://blog.example';
const SECRET = 'fediverse-test-secret-long-enough-0123456789';
withSite(
  { SITE_URL: SITE, OWNER_PASSWORD: 'pw', SESSION_SECRET: SECRET },
  {
    database: true,
  },
);

const { fediverseFetch, guardInbox, MAX_ACTIVITY_BYTES, siteBlocks, siteFollowers, ownerFollowerAction } =
  await import('@/lib/fediverse');
const { POST: ownerRoute } = await import('@/app/api/owner/fediverse/route');
const { SESSION_COOKIE, signSession } = await import('@/lib/owner/tokens');
const { PER_INSTANCE_PER_MINUTE } = await import('@/lib/fediverse/inbox-guard');
const { POST: inbox } = await import('@/app/ap/[...path]/route');

const ACTOR = `${SITE}/ap/actor/blog`;
const ALICE = 'https://mastodon.example/users/alice';
const ALICE_KEY = `${ALICE}#main-key`;
const ALICE_INBOX = `${ALICE}/inbox`;

const get = (path: string, accept = 'application/activity+json') =>
  fediverseFetch(new Request(`${SITE}${path}`, { headers: { accept } }));

let alice: CryptoKeyPair;
let wrong: CryptoKeyPair;
const { documents, documentLoader } = remoteDocuments();

/** The site's federation over its own records, fetching remote actors from `documents`. */
const theFederation = await siteFederationForTests(SITE, documentLoader);
const federation = () => theFederation;

beforeAll(async () => {
  alice = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  wrong = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const person = new Person({
    id: new URL(ALICE),
    preferredUsername: 'alice',
    name: 'Alice',
    inbox: new URL(ALICE_INBOX),
    publicKey: new CryptographicKey({ id: new URL(ALICE_KEY), owner: new URL(ALICE), publicKey: alice.publicKey }),
  });
  documents.set(ALICE, await person.toJsonLd({ format: 'compact' }));
});

afterEach(() => vi.unstubAllGlobals());

/** Mastodon's Follow (its FollowSerializer: id `actor#follows/…`, actor, object), signed with `key`. */
async function follow(key: CryptoKey, id = `${ALICE}#follows/123`, body?: unknown) {
  const activity = body ?? {
    '@context': 'https://www.w3.org/ns/activitystreams',
    id,
    type: 'Follow',
    actor: ALICE,
    object: ACTOR,
  };
  const request = new Request(`${ACTOR}/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
    body: JSON.stringify(activity),
  });
  return federation().fetch(await signRequest(request, key, new URL(ALICE_KEY)), { contextData: undefined });
}

/** What the blog sent, recorded instead of sent. */
function recordDeliveries() {
  const sent: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === 'POST') {
      sent.push(request);
      return new Response(null, { status: 202 });
    }
    return fetchDocumentLoader(request.url).then((d) => Response.json(d.document));
  });
  return sent;
}

describe('the blog as an actor', () => {
  it('is found by WebFinger as @blog@host, and its profile is a Service with its keys and inboxes', async () => {
    const finger = await get('/.well-known/webfinger?resource=acct:blog@blog.example', 'application/jrd+json');
    expect(finger.status).toBe(200);
    const links = ((await finger.json()) as { links: { rel: string; href?: string }[] }).links;
    expect(links.find((link) => link.rel === 'self')?.href).toBe(ACTOR);

    const actor = (await (await get('/ap/actor/blog')).json()) as Record<string, unknown>;
    expect(actor).toMatchObject({
      id: ACTOR,
      type: 'Service',
      preferredUsername: 'blog',
      name: 'The Render Path',
      inbox: `${ACTOR}/inbox`,
      endpoints: { sharedInbox: `${SITE}/ap/inbox` },
      followers: `${ACTOR}/followers`,
      url: `${SITE}/`,
    });
    const key = actor.publicKey as { id: string; publicKeyPem: string };
    expect(key.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // The same keys for every request and instance: kept in the records, never in the answer's private half.
    const again = (await (await get('/ap/actor/blog')).json()) as { publicKey: { publicKeyPem: string } };
    expect(again.publicKey.publicKeyPem).toBe(key.publicKeyPem);
    expect(JSON.stringify(actor)).not.toMatch(/PRIVATE KEY|"d":/);
  });

  it('sends a browser to the home page, and answers 404 for another handle', async () => {
    const page = await get('/ap/actor/blog', 'text/html');
    expect([page.status, page.headers.get('location')]).toEqual([303, `${SITE}/`]);
    expect((await get('/ap/actor/someone-else')).status).toBe(404);
    expect(
      (await get('/.well-known/webfinger?resource=acct:someone@blog.example', 'application/jrd+json')).status,
    ).toBe(404);
  });

  it('answers NodeInfo 2.1', async () => {
    const links = (await (await get('/.well-known/nodeinfo', 'application/json')).json()) as {
      links: { href: string }[];
    };
    expect(links.links[0]!.href).toBe(`${SITE}/nodeinfo/2.1`);
    const info = (await (await get('/nodeinfo/2.1', 'application/json')).json()) as Record<string, unknown>;
    expect(info).toMatchObject({ version: '2.1', protocols: ['activitypub'] });
  });
});

describe('followers', () => {
  it("a Mastodon Follow, signed: a follower, an Accept signed with the blog's key; an Undo takes it back", async () => {
    const sent = recordDeliveries();
    const answer = await follow(alice.privateKey);
    expect(answer.status).toBe(202);
    const [mine] = await siteFollowers().list(10);
    expect(mine).toMatchObject({
      actorId: ALICE,
      inbox: ALICE_INBOX,
      host: 'mastodon.example',
      handle: '@alice@mastodon.example',
    });
    expect(await siteFollowers().count()).toBe(1);

    // The Accept went to Alice's inbox, signed with the blog's key (what Mastodon checks before it believes it).
    const accept = sent.find((request) => request.url === ALICE_INBOX)!;
    expect(accept).toBeDefined();
    const body = (await accept.clone().json()) as { type: string; actor: string; object: { id: string } | string };
    expect([body.type, body.actor]).toEqual(['Accept', ACTOR]);
    const blogActor = (await (await get('/ap/actor/blog')).json()) as Record<string, unknown>;
    documents.set(ACTOR, blogActor);
    const signer = await verifyRequest(accept, { documentLoader, contextLoader: documentLoader });
    expect(signer?.id?.href).toBe(`${ACTOR}#main-key`);

    // The followers' count is public; their list is not.
    const collection = (await (await get('/ap/actor/blog/followers')).json()) as Record<string, unknown>;
    expect(collection.totalItems).toBe(1);
    expect(JSON.stringify(collection)).not.toContain(ALICE);

    const undo = await follow(alice.privateKey, undefined, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${ALICE}#follows/123/undo`,
      type: 'Undo',
      actor: ALICE,
      object: { id: `${ALICE}#follows/123`, type: 'Follow', actor: ALICE, object: ACTOR },
    });
    expect(undo.status).toBe(202);
    expect(await siteFollowers().count()).toBe(0);
  });

  it('refuses an unsigned Follow and one signed with another key: 401, no follower', async () => {
    recordDeliveries();
    const unsigned = await federation().fetch(
      new Request(`${ACTOR}/inbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify({
          '@context': 'https://www.w3.org/ns/activitystreams',
          type: 'Follow',
          id: `${ALICE}#follows/9`,
          actor: ALICE,
          object: ACTOR,
        }),
      }),
      { contextData: undefined },
    );
    expect(unsigned.status).toBe(401);
    expect((await follow(wrong.privateKey, `${ALICE}#follows/10`)).status).toBe(401);
    expect(await siteFollowers().count()).toBe(0);
  });
});

describe('the inbox guard', () => {
  const signed = (host: string, body = '{}') =>
    new Request(`${SITE}/ap/inbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/activity+json',
        signature: `keyId="https://${host}/users/x#main-key",headers="(request-target) host date",signature="AA=="`,
        'x-forwarded-for': '203.0.113.9',
      },
      body,
    });

  it('refuses an oversized activity, 413, before it is read, and changes nothing', async () => {
    const answer = await inbox(signed('big.example', `{"a":"${'x'.repeat(MAX_ACTIVITY_BYTES)}"}`));
    expect(answer.status).toBe(413);
    expect(((await answer.json()) as { error: { wde: string } }).error.wde).toBe('WDE0109');
    expect(await siteFollowers().count()).toBe(0);
  });

  it('counts each instance: past its budget a minute, 429 with Retry-After', async () => {
    for (let i = 0; i < PER_INSTANCE_PER_MINUTE; i++) await guardInbox(signed('busy.example'));
    const answer = await inbox(signed('busy.example'));
    expect(answer.status).toBe(429);
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another instance is not held back by it.
    await expect(guardInbox(signed('quiet.example'))).resolves.toBeInstanceOf(Request);
  });
});

describe("the owner's followers: remove, block one or an instance", () => {
  const owner = () => ({
    cookie: `${SESSION_COOKIE}=${signSession(SECRET).token}`,
    origin: SITE,
    'content-type': 'application/x-www-form-urlencoded',
  });
  const act = (action: string, value: string, headers: Record<string, string> = owner()) =>
    ownerRoute(
      new Request(`${SITE}/api/owner/fediverse`, {
        method: 'POST',
        headers,
        body: new URLSearchParams({ action, value }),
      }),
    );

  it('removes a follower; a blocked one is refused with a Reject; an instance blocked loses its followers', async () => {
    const sent = recordDeliveries();
    expect((await follow(alice.privateKey, `${ALICE}#follows/20`)).status).toBe(202);
    expect(await siteFollowers().has(ALICE)).toBe(true);

    const removed = await act('remove', ALICE);
    expect([removed.status, removed.headers.get('location')]).toEqual([303, '/dashboard/followers?done=removed']);
    expect(await siteFollowers().has(ALICE)).toBe(false);

    expect((await act('block-actor', ALICE)).status).toBe(303);
    sent.length = 0;
    expect((await follow(alice.privateKey, `${ALICE}#follows/21`)).status).toBe(202);
    expect(await siteFollowers().has(ALICE)).toBe(false);
    const reject = (await sent
      .find((r) => r.url === ALICE_INBOX)!
      .clone()
      .json()) as { type: string };
    expect(reject.type).toBe('Reject');

    expect((await act('unblock-actor', ALICE)).status).toBe(303);
    expect((await follow(alice.privateKey, `${ALICE}#follows/22`)).status).toBe(202);
    expect(await siteFollowers().has(ALICE)).toBe(true);
    expect(await ownerFollowerAction('block-host', 'mastodon.example')).toBe('blocked');
    expect(await siteFollowers().has(ALICE)).toBe(false);
    expect(await siteBlocks().blocked(ALICE)).toBe(true);
    await ownerFollowerAction('unblock-host', 'mastodon.example');
  });

  it('refuses someone else than the owner (401), a cross-site post (403), an unknown action (400): nothing changes', async () => {
    const { cookie: _cookie, ...anonymous } = owner();
    expect((await act('block-host', 'mastodon.example', anonymous)).status).toBe(401);
    expect(
      (await act('block-host', 'mastodon.example', { ...owner(), origin: 'https://elsewhere.example' })).status,
    ).toBe(403);
    expect((await act('explode', 'mastodon.example')).status).toBe(400);
    expect((await act('block-host', 'not a host!')).status).toBe(400);
    expect(await siteBlocks().list()).toEqual([]);
  });

  it("sends the page's own form, posted after the session ended, to the login, which leads back: nothing changes", async () => {
    const { cookie: _cookie, ...anonymous } = owner();
    // A browser's form post (a navigation), from the Following page.
    const fromPage = {
      ...anonymous,
      'sec-fetch-mode': 'navigate',
      referer: `${SITE}/dashboard/following?page=2&done=replied`,
    };
    const answer = await act('block-host', 'mastodon.example', fromPage);
    // Back to the page as it was, without the notice of what was done before.
    expect([answer.status, answer.headers.get('location')]).toEqual([
      303,
      '/login?notice=session-ended&next=%2Fdashboard%2Ffollowing%3Fpage%3D2',
    ]);
    // From a page that is not the dashboard's, the login leads to the dashboard; a script's request gets the 401.
    const elsewhere = await act('block-host', 'mastodon.example', { ...fromPage, referer: `${SITE}/post/x` });
    expect(elsewhere.headers.get('location')).toBe('/login?notice=session-ended');
    expect((await act('block-host', 'mastodon.example', { ...anonymous, 'sec-fetch-mode': 'cors' })).status).toBe(401);
    expect(await siteBlocks().list()).toEqual([]);
  });
});
