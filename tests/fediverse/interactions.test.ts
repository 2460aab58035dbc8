import {
  Activity,
  Article,
  Create,
  CryptographicKey,
  Follow,
  generateCryptoKeyPair,
  Image,
  Like,
  Note,
  Person,
  signRequest,
} from '@fedify/fedify';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withSite } from '../helpers/site';
import { makePost } from '../helpers/posts';
import { remoteDocuments, siteFederationForTests } from './remote';

// What comes back from the fediverse (issue 49), through the site's own inbox, comments and records: a reply to a
// post, as Mastodon sends one (its NoteSerializer's Create: `inReplyTo` the post's Article, the blog mentioned first),
// becomes a comment with its writer's name, picture and page, held for the owner where the comment settings say; a
// second delivery is the same comment; its writer's Update changes it and their Delete removes it, nobody else's;
// a reply to that reply joins its thread. Likes (Mastodon's LikeSerializer: id `actor#likes/…`) and boosts are counted
// once each per person, and their Undo takes them back. A blocked writer's replies and likes are dropped; an unsigned
// activity is refused. The activities are signed with Fedify's own `signRequest`, the writers served from a document
// loader, as Fedify's own tests do.

vi.setConfig({ testTimeout: 30_000 });

const SITE = 'https://blog.example';
withSite(
  { SITE_URL: SITE, OWNER_PASSWORD: 'pw', SESSION_SECRET: 'fediverse-interactions-secret-long-enough-0123' },
  {
    content: [
      makePost(1),
      makePost(2, { commentingEnabled: false }),
      ...Array.from({ length: 21 }, (_, i) => makePost(i + 3)),
    ],
    database: true,
  },
);

const { siteBlocks, siteFollowing, siteInteractions, siteOutbox, siteReactions, siteTimeline, readPost } =
  await import('@/lib/fediverse');
const { articleOf } = await import('@/lib/fediverse/article');
const { commentModeration, commentSettingsStore, siteComments } = await import('@/lib/comments');

const ACTOR = `${SITE}/ap/actor/blog`;
const POST = `${SITE}/ap/posts/post-0001`;
const ALICE = 'https://mastodon.example/users/alice';
const BOB = 'https://other.example/users/bob';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

const { documents, documentLoader } = remoteDocuments();
const keys = new Map<string, CryptoKeyPair>();
const federation = await siteFederationForTests(SITE, documentLoader, {
  readPost,
  outbox: siteOutbox,
  interactions: siteInteractions(),
});

async function person(id: string, name: string, username: string) {
  const pair = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  keys.set(id, pair);
  const actor = new Person({
    id: new URL(id),
    preferredUsername: username,
    name,
    url: new URL(`https://${new URL(id).host}/@${username}`),
    icon: new Image({ url: new URL(`https://${new URL(id).host}/avatars/${username}.png`) }),
    inbox: new URL(`${id}/inbox`),
    publicKey: new CryptographicKey({ id: new URL(`${id}#main-key`), owner: new URL(id), publicKey: pair.publicKey }),
  });
  documents.set(id, await actor.toJsonLd({ format: 'compact' }));
}

beforeAll(async () => {
  await person(ALICE, 'Alice', 'alice');
  await person(BOB, 'Bob', 'bob');
});

/** `activity` posted to the blog's shared inbox, signed by `actor` (unsigned with `signed: false`). */
async function deliver(activity: Record<string, unknown>, actor = ALICE, signed = true) {
  const request = new Request(`${SITE}/ap/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
    body: JSON.stringify({ '@context': 'https://www.w3.org/ns/activitystreams', ...activity }),
  });
  const signedRequest = signed
    ? await signRequest(request, keys.get(actor)!.privateKey, new URL(`${actor}#main-key`))
    : request;
  return federation.fetch(signedRequest, { contextData: undefined });
}

/** Mastodon's reply (NoteSerializer inside its Create), status `n` of `actor`, answering `inReplyTo`. */
function reply(n: number, text: string, inReplyTo = POST, actor = ALICE) {
  const note = `${actor}/statuses/${n}`;
  const mention = `<span class="h-card"><a href="${SITE}/" class="u-url mention">@<span>blog</span></a></span>`;
  return {
    id: `${note}/activity`,
    type: 'Create',
    actor,
    published: '2026-11-30T12:00:00Z',
    to: [PUBLIC],
    cc: [`${actor}/followers`, ACTOR],
    object: {
      id: note,
      type: 'Note',
      attributedTo: actor,
      inReplyTo,
      content: `<p>${mention} ${text}</p><p>Second paragraph &amp; more.</p>`,
      published: '2026-11-30T12:00:00Z',
      url: `https://${new URL(actor).host}/@x/${n}`,
      to: [PUBLIC],
      cc: [`${actor}/followers`, ACTOR],
      tag: [{ type: 'Mention', href: ACTOR, name: '@blog@blog.example' }],
    },
  };
}

const thread = async (postId = 'post-0001') => (await siteComments().list(postId, { limit: 20 })).threads;
const setApproval = (approval: 'none' | 'visitors') =>
  commentSettingsStore().set({ visitorsMayComment: true, approval });

beforeEach(async () => {
  await setApproval('none');
});

describe('replies from the fediverse', () => {
  it("a Mastodon reply is a comment with its writer's name, picture and page; sent twice, it is one", async () => {
    expect((await deliver(reply(1, 'Nice post!'))).status).toBe(202);
    expect((await deliver(reply(1, 'Nice post!'))).status).toBe(202);
    const threads = await thread();
    expect(threads).toHaveLength(1);
    const { comment } = threads[0]!;
    expect(comment).toMatchObject({
      postId: 'post-0001',
      status: 'PUBLISHED',
      text: 'Nice post!\n\nSecond paragraph & more.',
      author: {
        memberId: null,
        name: 'Alice',
        handle: '@alice@mastodon.example',
        profile: 'https://mastodon.example/@alice',
        avatar: 'https://mastodon.example/avatars/alice.png',
      },
    });
  });

  it("a reply to that reply joins its thread; Update changes the text, its writer's Delete removes it", async () => {
    await deliver(reply(2, 'First.'));
    expect((await deliver(reply(3, 'Answering Alice.', `${ALICE}/statuses/2`, BOB), BOB)).status).toBe(202);
    const mine = (await thread()).find((t) => t.comment.text.startsWith('First.'))!;
    expect(mine.replies.map((r) => [r.author.name, r.text.split('\n')[0]])).toEqual([['Bob', 'Answering Alice.']]);

    const update = (actor: string) => ({
      id: `${actor}/statuses/2#updates/1`,
      type: 'Update',
      actor,
      object: { ...reply(2, 'First, edited.').object },
    });
    await deliver(update(BOB), BOB);
    expect((await commentModeration().get(mine.comment.id))?.text).toMatch(/^First\.\n/);
    await deliver(update(ALICE));
    expect(await commentModeration().get(mine.comment.id)).toMatchObject({ edited: true });
    expect((await commentModeration().get(mine.comment.id))?.text).toMatch(/^First, edited\./);

    const remove = (actor: string) => ({
      id: `${actor}/statuses/2#delete`,
      type: 'Delete',
      actor,
      object: { id: `${ALICE}/statuses/2`, type: 'Tombstone' },
    });
    await deliver(remove(BOB), BOB);
    expect(await commentModeration().get(mine.comment.id)).not.toBeNull();
    await deliver(remove(ALICE));
    expect(await commentModeration().get(mine.comment.id)).toBeNull();
    // Its thread went with it.
    expect((await thread()).some((t) => t.replies.some((r) => r.author.name === 'Bob'))).toBe(false);
  });

  it('waits for the owner where visitors’ comments are approved first', async () => {
    await setApproval('visitors');
    await deliver(reply(4, 'Please approve me.'));
    expect((await thread()).some((t) => t.comment.text.startsWith('Please approve me.'))).toBe(false);
    const { comments } = await commentModeration().queue('PENDING', { limit: 10 });
    expect(comments.map((c) => c.author.handle)).toContain('@alice@mastodon.example');
  });

  it('keeps nothing on a post whose comments are closed, an unknown post, or from a blocked writer', async () => {
    const before = await commentModeration().queue('PUBLISHED', { limit: 100 });
    await deliver(reply(5, 'Closed.', `${SITE}/ap/posts/post-0002`));
    await deliver(reply(6, 'Nowhere.', `${SITE}/ap/posts/no-such-post`));
    await siteBlocks().block({ kind: 'host', value: 'other.example' });
    await deliver(reply(7, 'Blocked.', POST, BOB));
    await deliver({ id: `${BOB}#likes/1`, type: 'Like', actor: BOB, object: POST }, BOB);
    const after = await commentModeration().queue('PUBLISHED', { limit: 100 });
    expect(after.comments.length).toBe(before.comments.length);
    expect(await thread('post-0002')).toEqual([]);
    expect(await siteReactions().counts('post-0001')).toEqual({ likes: 0, boosts: 0 });
    await siteBlocks().unblock({ kind: 'host', value: 'other.example' });
  });

  it('refuses an unsigned reply, 401, and keeps nothing', async () => {
    const answer = await deliver(reply(8, 'Forged.'), ALICE, false);
    expect(answer.status).toBe(401);
    expect((await thread()).some((t) => t.comment.text.startsWith('Forged.'))).toBe(false);
  });
});

describe('likes and boosts', () => {
  it('counts a Mastodon Like and a boost once per person, and their Undo takes them back', async () => {
    const like = { id: `${ALICE}#likes/456`, type: 'Like', actor: ALICE, object: POST };
    const boost = { id: `${ALICE}/statuses/9/activity`, type: 'Announce', actor: ALICE, object: POST, to: [PUBLIC] };
    for (const activity of [like, like, boost]) expect((await deliver(activity)).status).toBe(202);
    await deliver({ id: `${BOB}#likes/7`, type: 'Like', actor: BOB, object: POST }, BOB);
    expect(await siteReactions().counts('post-0001')).toEqual({ likes: 2, boosts: 1 });

    await deliver({ id: `${ALICE}#likes/456/undo`, type: 'Undo', actor: ALICE, object: like });
    await deliver({ id: `${ALICE}/statuses/9/undo`, type: 'Undo', actor: ALICE, object: boost.id });
    expect(await siteReactions().counts('post-0001')).toEqual({ likes: 1, boosts: 0 });
  });
});

describe("the framework's own reading of the payloads", () => {
  it('reads Mastodon’s Follow, Create(Note) and Like as those activities', async () => {
    const follow = await Activity.fromJsonLd(
      {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${ALICE}#follows/123`,
        type: 'Follow',
        actor: ALICE,
        object: ACTOR,
      },
      { documentLoader, contextLoader: documentLoader },
    );
    expect(follow).toBeInstanceOf(Follow);
    expect(follow.objectId?.href).toBe(ACTOR);

    const create = await Activity.fromJsonLd(
      { '@context': 'https://www.w3.org/ns/activitystreams', ...reply(10, 'Hi') },
      { documentLoader, contextLoader: documentLoader },
    );
    expect(create).toBeInstanceOf(Create);
    const note = await (create as Create).getObject({ documentLoader, contextLoader: documentLoader });
    expect(note).toBeInstanceOf(Note);
    expect((note as Note).replyTargetId?.href).toBe(POST);

    const like = await Activity.fromJsonLd(
      {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${ALICE}#likes/1`,
        type: 'Like',
        actor: ALICE,
        object: POST,
      },
      { documentLoader, contextLoader: documentLoader },
    );
    expect(like).toBeInstanceOf(Like);
  });

  it("accepts the site's Article: its JSON-LD read back by Fedify is the same Article", async () => {
    const source = (await readPost('post-0001'))!;
    const ctx = federation.createContext(new URL(SITE), undefined);
    const article = articleOf(ctx, 'blog', SITE, source);
    const json = await article.toJsonLd({ format: 'compact', contextLoader: documentLoader });
    const read = await Article.fromJsonLd(json, { documentLoader, contextLoader: documentLoader });
    expect(read).toBeInstanceOf(Article);
    expect(read.id?.href).toBe(POST);
    expect(read.name?.toString()).toBe('Post number 1');
    expect(read.url?.toString()).toBe(`${SITE}/post/post-1`);
    expect(read.content?.toString()).toContain('Body 1');
    expect(read.attributionId?.href).toBe(ACTOR);
  });
});

describe('the outbox', () => {
  it('pages every published post, newest first, each as the Create that delivered it', async () => {
    const get = async (url: string) =>
      (await (
        await federation.fetch(new Request(url, { headers: { accept: 'application/activity+json' } }), {
          contextData: undefined,
        })
      ).json()) as Record<string, unknown>;
    const collection = await get(`${ACTOR}/outbox`);
    expect(collection).toMatchObject({ type: 'OrderedCollection', totalItems: 23 });
    const seen: { id: string; published: string }[] = [];
    let next = collection.first as string | undefined;
    let pages = 0;
    while (next) {
      const page = await get(next);
      pages++;
      for (const item of page.orderedItems as {
        id: string;
        type: string;
        object: { id: string; published: string };
      }[]) {
        expect(item.type).toBe('Create');
        expect(item.id).toBe(`${item.object.id}#create`);
        seen.push(item.object);
      }
      next = page.next as string | undefined;
    }
    expect(pages).toBe(2);
    expect(new Set(seen.map((a) => a.id)).size).toBe(23);
    const dates = seen.map((a) => a.published);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe('the accounts the blog follows', () => {
  it('an Accept marks the follow; their posts are kept, changed and deleted by them alone, others are not kept', async () => {
    const followId = `${ACTOR}#follows/alice-1`;
    await siteFollowing().follow({
      actorId: ALICE,
      inbox: `${ALICE}/inbox`,
      handle: '@alice@mastodon.example',
      name: 'Alice',
      url: 'https://mastodon.example/@alice',
      followId,
    });
    // Mastodon's Accept embeds the Follow it answers.
    const follow = { id: followId, type: 'Follow', actor: ACTOR, object: ALICE };
    await deliver({ id: `${ALICE}#accepts/follows/1`, type: 'Accept', actor: ALICE, object: follow });
    expect((await siteFollowing().get(ALICE))?.state).toBe('accepted');

    const article = (id: string, actor: string, name: string) => ({
      id: `${id}/activity`,
      type: 'Create',
      actor,
      to: [PUBLIC],
      object: {
        id,
        type: 'Article',
        attributedTo: actor,
        name,
        content: '<p>Hello <b>fediverse</b>.</p>',
        url: `${id}/page`,
        published: '2026-11-30T12:00:00Z',
        to: [PUBLIC],
      },
    });
    await deliver(article(`${ALICE}/articles/1`, ALICE, 'From Alice'));
    await deliver(article(`${BOB}/articles/1`, BOB, 'From Bob'), BOB);
    expect((await siteTimeline().list(10)).map((p) => [p.title, p.text])).toEqual([['From Alice', 'Hello fediverse.']]);

    const update = { ...article(`${ALICE}/articles/1`, ALICE, 'From Alice, edited'), type: 'Update' };
    await deliver({ ...update, id: `${ALICE}/articles/1#updates/1` });
    expect((await siteTimeline().get(`${ALICE}/articles/1`))?.title).toBe('From Alice, edited');

    const remove = (actor: string) => ({
      id: `${actor}/articles/1#delete`,
      type: 'Delete',
      actor,
      object: { id: `${ALICE}/articles/1`, type: 'Tombstone' },
    });
    await deliver(remove(BOB), BOB);
    expect(await siteTimeline().get(`${ALICE}/articles/1`)).not.toBeNull();
    await deliver(remove(ALICE));
    expect(await siteTimeline().list(10)).toEqual([]);
  });
});
