import { SignJWT, type JWTPayload } from 'jose';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { captureLogs, revalidated, routeContext, webhookRequest, webhookSite } from '../../helpers/webhooks';

const { keys: site, POST } = await webhookSite('envelope');

let logs: () => Array<Record<string, unknown>>;
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  logs = captureLogs();
});

const sign = (payload: JWTPayload) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'RS256' }).setIssuedAt().setExpirationTime('5m').sign(site.privateKey);
const send = async (payload: JWTPayload) => POST(webhookRequest(await sign(payload)), routeContext);

const inner = {
  id: 'evt-1',
  entityFqdn: 'wix.blog.v3.post',
  entityId: 'post-1',
  eventTime: '2026-01-01T00:00:00Z',
  updatedEvent: { currentEntity: { id: 'post-1' } },
};
const envelope = (overrides: Record<string, unknown> = {}) => ({
  eventType: 'wix.blog.v3.post_updated',
  instanceId: 'instance',
  identity: JSON.stringify({ identityType: 'WIX_USER', wixUserId: 'u' }),
  data: JSON.stringify(inner),
  ...overrides,
});
const payload = (overrides?: Record<string, unknown>) => ({ data: JSON.stringify(envelope(overrides)) });

describe('webhook envelope', () => {
  it.each<[string, JWTPayload, RegExp]>([
    ['no data claim', { sub: 'x' }, /payload\.data/],
    ['data that is not a string', { data: { eventType: 'x' } }, /payload\.data/],
    ['data that is not JSON', { data: '{not json' }, /is not valid JSON/],
    ['data that is JSON but not an object', { data: '42' }, /payload\.data/],
    [
      'no inner data',
      { data: JSON.stringify({ eventType: 'wix.blog.v3.post_updated', instanceId: 'i' }) },
      /payload\.data\.data/,
    ],
    ['inner data that is not JSON', payload({ data: '{"id":' }), /is not valid JSON/],
    ['inner data that is an object, not a JSON string', payload({ data: inner }), /payload\.data\.data/],
    ['identity that is not JSON', payload({ identity: 'WIX_USER' }), /identity is not valid JSON/],
    ['an eventType that is a number', payload({ eventType: 7 }), /eventType/],
    ['an empty eventType', payload({ eventType: '' }), /eventType/],
    ['an event id that is a number', payload({ data: JSON.stringify({ ...inner, id: 12 }) }), /data\.id/],
    ['no event id', payload({ data: JSON.stringify({ ...inner, id: undefined }) }), /data\.id/],
    ['an entity id that is not a string', payload({ data: JSON.stringify({ ...inner, entityId: 5 }) }), /entityId/],
    [
      'a like body that is not an object',
      payload({
        eventType: 'wix.blog.v3.post_liked',
        data: JSON.stringify({ id: 'e', actionEvent: { body: 'post-1' } }),
      }),
      /actionEvent\.body/,
    ],
    [
      'a known event with no entity id anywhere',
      payload({ data: JSON.stringify({ id: 'e', updatedEvent: { currentEntity: {} } }) }),
      /names no entity id/,
    ],
    [
      'a 5 KB entity id with a NUL and ../',
      payload({ data: JSON.stringify({ ...inner, entityId: `../${'a'.repeat(5000)}\u0000` }) }),
      /entityId is not a valid id/,
    ],
    [
      'an entity id with a slash',
      payload({ data: JSON.stringify({ ...inner, entityId: 'posts/../secret' }) }),
      /entityId is not a valid id/,
    ],
    [
      'an entity id with a space',
      payload({ data: JSON.stringify({ ...inner, entityId: 'post 1' }) }),
      /entityId is not a valid id/,
    ],
    ['an empty entity id', payload({ data: JSON.stringify({ ...inner, entityId: '' }) }), /entityId is not a valid id/],
    [
      'an entity id of 129 characters',
      payload({ data: JSON.stringify({ ...inner, entityId: 'a'.repeat(129) }) }),
      /entityId is not a valid id/,
    ],
    [
      'an entity id starting with a dash',
      payload({ data: JSON.stringify({ ...inner, entityId: '-post' }) }),
      /entityId is not a valid id/,
    ],
    [
      'a bad id inside updatedEvent',
      payload({
        data: JSON.stringify({ ...inner, entityId: undefined, updatedEvent: { currentEntity: { id: 'x:y' } } }),
      }),
      /currentEntity\.id is not a valid id/,
    ],
    [
      'a bad id inside createdEvent',
      payload({
        eventType: 'wix.blog.v3.post_created',
        data: JSON.stringify({ id: 'e', createdEvent: { entity: { id: '..' } } }),
      }),
      /entity\.id is not a valid id/,
    ],
    [
      'a bad id inside deletedEvent',
      payload({
        eventType: 'wix.blog.v3.post_deleted',
        data: JSON.stringify({ id: 'e', deletedEvent: { deletedEntity: { id: 'a%2F' } } }),
      }),
      /deletedEntity\.id is not a valid id/,
    ],
    [
      'a bad liked post id',
      payload({
        eventType: 'wix.blog.v3.post_liked',
        data: JSON.stringify({ id: 'e', actionEvent: { body: { postId: 'p\n1' } } }),
      }),
      /postId is not a valid id/,
    ],
    [
      'an event id of 5 KB',
      payload({ data: JSON.stringify({ ...inner, id: 'e'.repeat(5000) }) }),
      /data\.id is not a valid id/,
    ],
    [
      'an event id with a NUL',
      payload({ data: JSON.stringify({ ...inner, id: 'evt\u0000' }) }),
      /data\.id is not a valid id/,
    ],
  ])('acknowledges a signed envelope with %s, clears nothing and logs why', async (_, body, message) => {
    // Signed, so from the platform (or the CLI): refused, Wix would resend it for about two days.
    const response = await send(body);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { tags: string[]; ignored: string };
    expect(answer.tags).toEqual([]);
    expect(answer.ignored).toMatch(message);
    expect(revalidated()).toEqual([]);
    expect(logs()).toEqual([
      expect.objectContaining({ msg: 'webhook', outcome: 'unrecognised', tags: [], error: answer.ignored }),
    ]);
  });

  it('acknowledges a known event that names no entity, clearing nothing, and logs it', async () => {
    const response = await send(payload({ data: JSON.stringify({ id: 'evt-no-entity-id' }) }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      eventType: 'wix.blog.v3.post_updated',
      tags: [],
      ignored: 'malformed webhook envelope: wix.blog.v3.post_updated names no entity id',
    });
    expect(revalidated()).toEqual([]);
    expect(logs()).toEqual([
      expect.objectContaining({
        eventType: 'wix.blog.v3.post_updated',
        eventId: 'evt-no-entity-id',
        outcome: 'unrecognised',
      }),
    ]);
  });

  it('acknowledges an unknown event type with no tags', async () => {
    const response = await send(
      payload({ eventType: 'wix.blog.v3.comment_created', data: JSON.stringify({ id: 'evt-unknown' }) }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ eventType: 'wix.blog.v3.comment_created', tags: [] });
    expect(revalidated()).toEqual([]);
  });

  it('takes both spellings of an entity (the proto’s entityAsJson, currentEntityAsJson, deletedEntityAsJson), as JSON text or an object, and an event whose entity is only its entityId', async () => {
    const events: Array<[string, Record<string, unknown>]> = [
      ['evt-as-json-created', { createdEvent: { entityAsJson: JSON.stringify({ id: 'post-2' }) } }],
      ['evt-as-json-updated', { updatedEvent: { currentEntityAsJson: JSON.stringify({ id: 'post-2' }) } }],
      ['evt-as-json-deleted', { deletedEvent: { deletedEntityAsJson: JSON.stringify({ id: 'post-2' }) } }],
      ['evt-text-entity', { updatedEvent: { currentEntity: JSON.stringify({ id: 'post-2' }) } }],
      ['evt-deleted-null', { entityId: 'post-2', deletedEvent: { deletedEntity: null } }],
      ['evt-no-entity', { entityId: 'post-2', updatedEvent: {} }],
    ];
    for (const [id, event] of events) {
      const response = await send(payload({ data: JSON.stringify({ id, ...event }) }));
      expect(response.status, id).toBe(200);
      expect(((await response.json()) as { tags: string[] }).tags, id).toContain('post:post-2');
    }
  });

  it('ignores fields it does not know, as the platform adds them', async () => {
    const extra = payload({
      data: JSON.stringify({ ...inner, id: 'evt-extra', triggeredByAnonymizeRequest: false, entityEventSequence: '3' }),
      newField: 1,
    });
    expect((await send({ ...extra, iat: Math.floor(Date.now() / 1000) })).status).toBe(200);
  });

  it('takes the ids the platform, the CLI and the demo content use', async () => {
    const { WixId } = await import('@/lib/edge/webhooks/envelope');
    const { randomUUID } = await import('node:crypto');
    const { readdirSync, readFileSync } = await import('node:fs');
    const demo = [
      ...readdirSync('content/posts')
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.slice(0, -'.json'.length)),
      ...(JSON.parse(readFileSync('content/categories.json', 'utf8')) as Array<{ id: string }>).map((c) => c.id),
      ...(JSON.parse(readFileSync('content/tags.json', 'utf8')) as Array<{ id: string }>).map((t) => t.id),
    ];
    expect(demo.length).toBeGreaterThan(39);
    for (const id of [...demo, randomUUID(), 'post-1', 'cat-0', 'tag-even', 'evt-1', 'a', 'A_b-9', 'x'.repeat(128)]) {
      expect(WixId.safeParse(id).success, id).toBe(true);
    }
  });

  it('acknowledges a valid token whose ids are hostile, clearing nothing and repeating none of them', async () => {
    const hostile = `../../${'x'.repeat(5000)}\u0000`;
    const response = await send(
      payload({
        data: JSON.stringify({
          ...inner,
          id: hostile,
          entityId: hostile,
          updatedEvent: { currentEntity: { id: hostile } },
        }),
      }),
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeLessThan(300);
    expect(text).not.toContain('xxx');
    expect(revalidated()).toEqual([]);
    const [line] = logs();
    expect(line).toMatchObject({ outcome: 'unrecognised', eventType: 'wix.blog.v3.post_updated', eventId: null });
    expect(JSON.stringify(line)).not.toContain('xxx');
  });
});
