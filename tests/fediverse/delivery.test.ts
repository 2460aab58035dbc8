import { Article, Create, CryptographicKey, Delete, Person, Update, verifyRequest } from '@fedify/fedify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { withSite } from '../helpers/site';
import { remoteDocuments, siteFederationForTests } from './remote';

// A post's life sent to the blog's followers (issue 49): its publication as Create(Article), an edit as Update, its
// removal as Delete with a Tombstone; once per instance where followers share an inbox, to each personal inbox
// otherwise; every request signed with the blog's key; the Article read back by Fedify's own vocabulary (what another
// Fedify server, Ghost's among them, does with it) with the post's title, page, hashtags and text; a paid post's
// Article carries its preview and never the rest.

vi.setConfig({ testTimeout: 30_000 });

const SITE = 'https://blog.example';
const PAID_TEXT = 'Only members read this sentence.';
const free = makePost(3, { hashtags: ['css'], slug: 'free-post' });
const paid = makePost(4, {
  slug: 'paid-post',
  pricingPlanIds: ['gold'],
  previewBlocks: 1,
  richContent: {
    nodes: [
      {
        type: 'PARAGRAPH',
        id: 'a',
        nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: 'Everyone reads this.', decorations: [] } }],
      },
      {
        type: 'PARAGRAPH',
        id: 'b',
        nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text: PAID_TEXT, decorations: [] } }],
      },
    ],
  },
});
withSite(
  { SITE_URL: SITE, OWNER_PASSWORD: 'pw', SESSION_SECRET: 'fediverse-delivery-secret-long-enough-0123456789' },
  { database: true, content: [free, paid] },
);

const { readPost, siteFollowers } = await import('@/lib/fediverse');
const { deliverPost } = await import('@/lib/fediverse/delivery');

const ACTOR = `${SITE}/ap/actor/blog`;
const { documents, documentLoader } = remoteDocuments();
const federation = await siteFederationForTests(SITE, documentLoader, { readPost });
const settings = { federation, handle: 'blog', siteUrl: SITE, followers: siteFollowers(), readPost };

beforeAll(async () => {
  // Three followers: two on one Mastodon (one shared inbox), one on a server without a shared inbox.
  for (const [actorId, sharedInbox] of [
    ['https://mastodon.example/users/alice', 'https://mastodon.example/inbox'],
    ['https://mastodon.example/users/bob', 'https://mastodon.example/inbox'],
    ['https://solo.example/carol', ''],
  ] as const) {
    await siteFollowers().add({
      actorId,
      inbox: `${actorId}/inbox`,
      sharedInbox,
      handle: `@x@${new URL(actorId).host}`,
      name: actorId,
      followId: `${actorId}#follows/1`,
    });
  }
  // The blog's actor, as a follower's server fetches it to check the signature.
  const ctx = federation.createContext(new URL(SITE), undefined);
  const pairs = await ctx.getActorKeyPairs('blog');
  documents.set(
    ACTOR,
    await new Person({
      id: new URL(ACTOR),
      inbox: ctx.getInboxUri('blog'),
      publicKey: new CryptographicKey({
        id: new URL(`${ACTOR}#main-key`),
        owner: new URL(ACTOR),
        publicKey: pairs[0]!.publicKey,
      }),
    }).toJsonLd({ format: 'compact' }),
  );
});

afterEach(() => vi.unstubAllGlobals());

function recordDeliveries() {
  const sent: Request[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push(new Request(input, init));
    return new Response(null, { status: 202 });
  });
  return sent;
}

const bodyOf = async (request: Request) => (await request.clone().json()) as Record<string, unknown>;

describe("a post sent to the blog's followers", () => {
  it('is published as Create(Article): once to the shared inbox, once to the lone inbox, signed by the blog', async () => {
    const sent = recordDeliveries();
    expect(await deliverPost(settings, free.id, 'published')).toBe(3);
    expect(sent.map((request) => request.url).sort()).toEqual([
      'https://mastodon.example/inbox',
      'https://solo.example/carol/inbox',
    ]);
    for (const request of sent) {
      const signer = await verifyRequest(request, { documentLoader, contextLoader: documentLoader });
      expect(signer?.id?.href).toBe(`${ACTOR}#main-key`);
    }
    const create = await Create.fromJsonLd(await bodyOf(sent[0]!), { documentLoader, contextLoader: documentLoader });
    const article = await create.getObject({ documentLoader, contextLoader: documentLoader });
    expect(article).toBeInstanceOf(Article);
    expect(article!.id?.href).toBe(`${SITE}/ap/posts/${free.id}`);
    expect(String(article!.name)).toBe(free.title);
    expect((article as Article).url?.toString()).toBe(`${SITE}/post/free-post`);
    expect(String(article!.content)).toContain('Body 3');
    const tags = [];
    for await (const tag of (article as Article).getTags({ documentLoader, contextLoader: documentLoader }))
      tags.push(tag);
    expect(tags.map((tag) => String((tag as { name?: unknown }).name))).toEqual(['#css']);
  });

  it('sends an edit as Update and a removal as Delete of the Article', async () => {
    const sent = recordDeliveries();
    await deliverPost(settings, free.id, 'updated');
    await deliverPost(settings, free.id, 'removed');
    const activities = await Promise.all(sent.filter((r) => r.url === 'https://solo.example/carol/inbox').map(bodyOf));
    expect(activities.map((a) => a.type)).toEqual(['Update', 'Delete']);
    const update = await Update.fromJsonLd(activities[0], { documentLoader, contextLoader: documentLoader });
    expect((await update.getObject({ documentLoader, contextLoader: documentLoader }))?.id?.href).toBe(
      `${SITE}/ap/posts/${free.id}`,
    );
    const remove = await Delete.fromJsonLd(activities[1], { documentLoader, contextLoader: documentLoader });
    expect(remove.objectId?.href).toBe(`${SITE}/ap/posts/${free.id}`);
  });

  it("carries a paid post's preview, never the rest", async () => {
    const sent = recordDeliveries();
    await deliverPost(settings, paid.id, 'published');
    const body = JSON.stringify(await bodyOf(sent[0]!));
    expect(body).toContain('Everyone reads this.');
    expect(body).not.toContain(PAID_TEXT);
    // The Article at its address, as a server fetching it reads it.
    const answer = await federation.fetch(
      new Request(`${SITE}/ap/posts/${paid.id}`, { headers: { accept: 'application/activity+json' } }),
      {
        contextData: undefined,
      },
    );
    expect(answer.status).toBe(200);
    expect(await answer.text()).not.toContain(PAID_TEXT);
  });
});
