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

// Moving the blog's handle (issue 49, docs/fediverse.md): with FEDIVERSE_HANDLE=news and FEDIVERSE_MOVED_FROM=blog,
// the old actor answers as moved to the new one (`movedTo`), the new one names the old (`alsoKnownAs`, which Mastodon
// checks before it believes a Move), both are found by WebFinger; the followers get a Move signed by the old actor;
// and when Mastodon follows the new handle and then undoes its old Follow (its order), the follower stays.

vi.setConfig({ testTimeout: 30_000 });

const SITE = 'https://blog.example';
withSite(
  {
    SITE_URL: SITE,
    OWNER_PASSWORD: 'pw',
    SESSION_SECRET: 'fediverse-move-secret-long-enough-0123456789',
    FEDIVERSE_HANDLE: 'news',
    FEDIVERSE_MOVED_FROM: 'blog',
  },
  { database: true },
);

const { siteFollowers } = await import('@/lib/fediverse');
const { announceMove } = await import('@/lib/fediverse/delivery');
const { config } = await import('@/lib/core/config');

const OLD = `${SITE}/ap/actor/blog`;
const NEW = `${SITE}/ap/actor/news`;
const ALICE = 'https://mastodon.example/users/alice';
const { documents, documentLoader } = remoteDocuments();
let alice: CryptoKeyPair;

const federation = await siteFederationForTests(SITE, documentLoader, {
  handle: config().fediverse.handle,
  movedFrom: config().fediverse.movedFrom,
});

const get = async (url: string, accept = 'application/activity+json') =>
  federation.fetch(new Request(url, { headers: { accept } }), { contextData: undefined });

beforeAll(async () => {
  alice = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const person = new Person({
    id: new URL(ALICE),
    preferredUsername: 'alice',
    inbox: new URL(`${ALICE}/inbox`),
    publicKey: new CryptographicKey({
      id: new URL(`${ALICE}#main-key`),
      owner: new URL(ALICE),
      publicKey: alice.publicKey,
    }),
  });
  documents.set(ALICE, await person.toJsonLd({ format: 'compact' }));
});

afterEach(() => vi.unstubAllGlobals());

async function deliver(activity: Record<string, unknown>) {
  const request = new Request(`${SITE}/ap/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body: JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity }),
  });
  return federation.fetch(await signRequest(request, alice.privateKey, new URL(`${ALICE}#main-key`)), {
    contextData: undefined,
  });
}

describe('a moved handle', () => {
  it('answers the old actor as moved to the new, which names the old; WebFinger finds both', async () => {
    const old = (await (await get(OLD)).json()) as Record<string, unknown>;
    const now = (await (await get(NEW)).json()) as Record<string, unknown>;
    expect(old).toMatchObject({ id: OLD, type: 'Service', preferredUsername: 'blog', movedTo: NEW });
    expect(now).toMatchObject({ id: NEW, preferredUsername: 'news', alsoKnownAs: OLD });
    for (const [acct, self] of [
      ['blog', OLD],
      ['news', NEW],
    ]) {
      const finger = await get(
        `${SITE}/.well-known/webfinger?resource=acct:${acct}@blog.example`,
        'application/jrd+json',
      );
      const links = ((await finger.json()) as { links: { rel: string; href?: string }[] }).links;
      expect(links.find((l) => l.rel === 'self')?.href).toBe(self);
    }
  });

  it('sends the followers a Move signed by the old actor; their new Follow outlives the Undo of the old', async () => {
    expect((await deliver({ id: `${ALICE}#follows/1`, type: 'Follow', actor: ALICE, object: OLD })).status).toBe(202);
    // A Follow to the old handle is not taken (it moved); the follower was Alice before the move, kept in the records.
    await siteFollowers().add({
      actorId: ALICE,
      inbox: `${ALICE}/inbox`,
      sharedInbox: '',
      handle: '@alice@mastodon.example',
      name: 'Alice',
      followId: `${ALICE}#follows/1`,
    });

    const sent: Request[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.method !== 'POST') return fetchDocumentLoader(request.url).then((d) => Response.json(d.document));
      sent.push(request);
      return new Response(null, { status: 202 });
    });
    const settings = { federation, handle: 'news', siteUrl: SITE, followers: siteFollowers() };
    expect(await announceMove(settings, 'blog')).toBe(1);
    const [request] = sent;
    expect(request?.url).toBe(`${ALICE}/inbox`);
    const move = (await request!.clone().json()) as Record<string, unknown>;
    expect(move).toMatchObject({ type: 'Move', actor: OLD, object: OLD, target: NEW });
    documents.set(OLD, await (await get(OLD)).json());
    const signer = await verifyRequest(request!, { documentLoader, contextLoader: documentLoader });
    expect(signer?.id?.href).toBe(`${OLD}#main-key`);
    vi.unstubAllGlobals();

    // Mastodon follows the new handle in Alice's name, then undoes the Follow of the old one.
    vi.stubGlobal('fetch', async () => new Response(null, { status: 202 }));
    expect((await deliver({ id: `${ALICE}#follows/2`, type: 'Follow', actor: ALICE, object: NEW })).status).toBe(202);
    const undoOld = {
      id: `${ALICE}#follows/1/undo`,
      type: 'Undo',
      actor: ALICE,
      object: { id: `${ALICE}#follows/1`, type: 'Follow', actor: ALICE, object: OLD },
    };
    expect((await deliver(undoOld)).status).toBe(202);
    expect((await siteFollowers().get(ALICE))?.followId).toBe(`${ALICE}#follows/2`);
    const undoNew = {
      id: `${ALICE}#follows/2/undo`,
      type: 'Undo',
      actor: ALICE,
      object: { id: `${ALICE}#follows/2`, type: 'Follow', actor: ALICE, object: NEW },
    };
    expect((await deliver(undoNew)).status).toBe(202);
    expect(await siteFollowers().has(ALICE)).toBe(false);
  });
});
