import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { BLOG_EVENT_TYPES, EVENT_TAGS } from '@/lib/core/cache/event-tags';
import { entityEvent, likeEvent } from '@/scripts/wix/events';
import { captureLogs, revalidated, routeContext, signed, webhookRequest, webhookSite } from '../../helpers/webhooks';
import type { EnvelopeInput } from '@/lib/edge/webhooks/envelope';
import { entityChange } from '@/lib/edge/webhooks/envelope';

const { keys: site, POST } = await webhookSite('events');

const send = async (event: EnvelopeInput) => POST(webhookRequest(await signed(event, site.privateKey)), routeContext);

let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  logs = captureLogs();
});

/** A list's tags when the event does not say the language: the all-language list's and every language's. */
const everyLanguage = (list: string) => [list, `${list}:en`, `${list}:es`];
const postTags = (id: string) => [
  ...everyLanguage('posts'),
  `post:${id}`,
  'stats',
  ...everyLanguage('categories'),
  ...everyLanguage('tags'),
];
const exist = ['posts-exist:en', 'posts-exist:es'];
const p = { id: 'p1', slug: 'first-post', title: 'First' };
const c = { id: 'c1', slug: 'rendering', label: 'Rendering' };
const t = { id: 't1', slug: 'caching', label: 'Caching' };

const m = { id: 'm1', slug: 'maya-okafor' };
/** A Wix Members event (`wix.members.v1.member_*`): the same envelope, about a member. */
const memberEvent = (change: 'created' | 'updated' | 'deleted'): EnvelopeInput => {
  const event = entityEvent('post', change, m);
  return {
    ...event,
    eventType: `wix.members.v1.member_${change}`,
    data: { ...event.data, entityFqdn: 'wix.members.v1.member' },
  };
};

/** A Wix Comments event (`wix.comments.v2.comment_*`): the comment as the entity, its post as `resourceId`. */
const commentEvent = (change: 'created' | 'updated' | 'deleted'): EnvelopeInput => ({
  eventType: `wix.comments.v2.comment_${change}`,
  instanceId: 'site-instance',
  identity: { identityType: 'MEMBER', memberId: 'm1' },
  data: {
    id: randomUUID(),
    entityFqdn: 'wix.comments.v2.comment',
    entityId: 'cm1',
    eventTime: '2026-11-24T00:00:00.000Z',
    ...entityChange(change, { id: 'cm1', contextId: 'p1', resourceId: 'p1', status: 'PUBLISHED' }),
  },
});
const commentTags = ['comments:p1', 'metrics:p1'];

/**
 * A Wix Comments action event (@wix/auto_sdk_comments_comments: CommentPublished, CommentHidden,
 * ResourceCommentCountChanged as the body; ActionEvent.body is typed as a string there, so the body travels as JSON
 * text, or as `bodyAsJson`).
 */
const commentAction = (slug: string, body: object, field: 'body' | 'bodyAsJson' = 'body'): EnvelopeInput => ({
  eventType: `wix.comments.v2.${slug}`,
  instanceId: 'site-instance',
  identity: { identityType: 'WIX_USER' },
  data: {
    id: randomUUID(),
    entityFqdn: 'wix.comments.v2.comment',
    eventTime: '2026-11-24T00:00:00.000Z',
    actionEvent: { [field]: JSON.stringify(body) },
  },
});
const wixComment = { id: 'cm1', contextId: 'p1', resourceId: 'p1', status: 'PUBLISHED' };

/**
 * A Wix Pricing Plans plan event (@wix/auto_sdk_pricing-plans_plans: PlanCreatedEnvelope, PlanUpdatedEnvelope, entity
 * events of `wix.pricing_plans.v2.plan`; PlanArchived an action event whose body holds the plan).
 */
const planEvent = (slug: string): EnvelopeInput => ({
  eventType: `wix.pricing_plans.${slug}`,
  instanceId: 'site-instance',
  identity: { identityType: 'WIX_USER' },
  data: {
    id: randomUUID(),
    entityFqdn: 'wix.pricing_plans.v2.plan',
    entityId: 'plan-1',
    eventTime: '2026-11-24T00:00:00.000Z',
    ...(slug === 'plan_plan_archived'
      ? { actionEvent: { body: JSON.stringify({ plan: { id: 'plan-1', name: 'Gold', archived: true } }) } }
      : entityChange(slug === 'plan_created' ? 'created' : 'updated', { id: 'plan-1', name: 'Gold' })),
  },
});

/**
 * A Wix Data item event (@wix/data: onDataItemCreated / Updated / Deleted; DataItemEntity is `{ id, dataCollectionId,
 * data }`). It carries the item as it is now, not as it was, so a series event clears every series read.
 */
const dataItemEvent = (change: 'created' | 'updated' | 'deleted', dataCollectionId: string): EnvelopeInput => ({
  eventType: `wix.data.v2.data_item_${change}`,
  instanceId: 'site-instance',
  identity: { identityType: 'WIX_USER' },
  data: {
    id: randomUUID(),
    entityFqdn: 'wix.data.v2.data_item',
    entityId: 'item-1',
    eventTime: '2026-11-24T00:00:00.000Z',
    ...entityChange(change, { id: 'item-1', dataCollectionId, data: { title: 'Part one', posts: ['p1'] } }),
  },
});

const cases: Array<[string, EnvelopeInput, string[]]> = [
  // A post that comes or goes may also make its language have posts or none (the switcher's read).
  ['wix.blog.v3.post_created', entityEvent('post', 'created', p), [...postTags('p1'), ...exist]],
  ['wix.blog.v3.post_updated', entityEvent('post', 'updated', p), postTags('p1')],
  ['wix.blog.v3.post_deleted', entityEvent('post', 'deleted', p), [...postTags('p1'), ...exist]],
  ['wix.blog.v3.post_liked', likeEvent('liked', 'p1'), ['metrics:p1']],
  ['wix.blog.v3.post_unliked', likeEvent('unliked', 'p1', 'member-7'), ['metrics:p1']],
  [
    'wix.blog.v3.category_created',
    entityEvent('category', 'created', c),
    [...everyLanguage('categories'), 'category:c1', 'term-translations'],
  ],
  [
    'wix.blog.v3.category_updated',
    entityEvent('category', 'updated', c),
    [...everyLanguage('categories'), 'category:c1', 'term-translations'],
  ],
  [
    'wix.blog.v3.category_deleted',
    entityEvent('category', 'deleted', c),
    [...everyLanguage('categories'), 'category:c1', 'term-translations'],
  ],
  [
    'wix.blog.v3.tag_created',
    entityEvent('tag', 'created', t),
    [...everyLanguage('tags'), 'tag:t1', 'term-translations'],
  ],
  [
    'wix.blog.v3.tag_updated',
    entityEvent('tag', 'updated', t),
    [...everyLanguage('tags'), 'tag:t1', 'term-translations'],
  ],
  [
    'wix.blog.v3.tag_deleted',
    entityEvent('tag', 'deleted', t),
    [...everyLanguage('tags'), 'tag:t1', 'term-translations'],
  ],
  ['wix.blog.v3.draft_created', entityEvent('draft', 'created', p), ['drafts', 'draft:p1']],
  ['wix.blog.v3.draft_updated', entityEvent('draft', 'updated', p), ['drafts', 'draft:p1']],
  ['wix.blog.v3.draft_deleted', entityEvent('draft', 'deleted', p), ['drafts', 'draft:p1']],
  ['wix.members.v1.member_created', memberEvent('created'), ['authors', 'author:m1']],
  ['wix.members.v1.member_updated', memberEvent('updated'), ['authors', 'author:m1']],
  ['wix.members.v1.member_deleted', memberEvent('deleted'), ['authors', 'author:m1']],
  ['wix.comments.v2.comment_created', commentEvent('created'), commentTags],
  ['wix.comments.v2.comment_updated', commentEvent('updated'), commentTags],
  ['wix.comments.v2.comment_deleted', commentEvent('deleted'), commentTags],
  [
    'wix.comments.v2.comment_comment_published',
    commentAction('comment_comment_published', { comment: wixComment, firstPublish: false }),
    commentTags,
  ],
  [
    'wix.comments.v2.comment_comment_hidden',
    commentAction('comment_comment_hidden', { comment: wixComment }, 'bodyAsJson'),
    commentTags,
  ],
  [
    'wix.comments.v2.comment_comment_content_changed',
    commentAction('comment_comment_content_changed', { comment: wixComment }),
    commentTags,
  ],
  [
    'wix.comments.v2.comment_resource_comment_count_changed',
    commentAction('comment_resource_comment_count_changed', { appId: 'blog', contextId: 'p1', resourceId: 'p1' }),
    commentTags,
  ],
  ['wix.data.v2.data_item_created', dataItemEvent('created', 'series'), ['series']],
  ['wix.data.v2.data_item_updated', dataItemEvent('updated', 'series'), ['series']],
  ['wix.data.v2.data_item_deleted', dataItemEvent('deleted', 'series'), ['series']],
  ['wix.pricing_plans.plan_created', planEvent('plan_created'), ['plans']],
  ['wix.pricing_plans.plan_updated', planEvent('plan_updated'), ['plans']],
  ['wix.pricing_plans.plan_plan_archived', planEvent('plan_plan_archived'), ['plans']],
];

describe('event → tags', () => {
  it('covers the 14 event types of the design, the 3 member, 7 comment, 3 data item and 3 plan events, and only those', () => {
    expect(cases.map(([type]) => type).sort()).toEqual([...BLOG_EVENT_TYPES].sort());
    expect(Object.keys(EVENT_TAGS)).toHaveLength(30);
  });

  it('clears nothing for a data item of another collection (subscribers show on no public page)', async () => {
    expect(await (await send(dataItemEvent('updated', 'subscribers'))).json()).toMatchObject({ tags: [] });
  });

  it('clears every thread for a comment deletion that does not carry the comment', async () => {
    const event = commentEvent('deleted');
    delete event.data.deletedEvent;
    expect(await (await send(event)).json()).toEqual({
      eventType: 'wix.comments.v2.comment_deleted',
      tags: ['comments'],
    });
  });

  it.each(cases)('%s clears exactly its tags, immediately', async (eventType, event, tags) => {
    expect(event.eventType).toBe(eventType);
    const response = await send(event);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ eventType, tags });
    expect(revalidated()).toEqual(tags.map((tag) => [tag, { expire: 0 }]));
    expect(logs()).toEqual([
      expect.objectContaining({
        eventType,
        eventId: event.data.id,
        tags,
        outcome: tags.length ? 'cleared' : 'nothing-to-clear',
      }),
    ]);
  });

  it('takes the liked post from the action body', async () => {
    const event = likeEvent('liked', 'from-body');
    event.data.entityId = 'something-else';
    expect(await (await send(event)).json()).toEqual({
      eventType: 'wix.blog.v3.post_liked',
      tags: ['metrics:from-body'],
    });
  });

  it('falls back to the entity id inside the event when entityId is absent', async () => {
    const event = entityEvent('category', 'created', c);
    delete event.data.entityId;
    expect(await (await send(event)).json()).toEqual({
      eventType: 'wix.blog.v3.category_created',
      tags: [...everyLanguage('categories'), 'category:c1', 'term-translations'],
    });
  });
});

describe('one language', () => {
  // Wix Multilingual's posts, categories and tags carry `language` (@wix/auto_sdk_blog_posts Post.language, Category
  // and Tag likewise): an event about one refreshes its language's pages and the all-language lists, not the others'.
  it('a Spanish post clears the Spanish lists and the post, never an English list', async () => {
    const tags = (await (await send(entityEvent('post', 'updated', { ...p, language: 'es' }))).json()).tags;
    expect(tags).toEqual(['posts', 'posts:es', 'post:p1', 'stats', 'categories', 'categories:es', 'tags', 'tags:es']);
    expect(revalidated()).not.toContain('posts:en');
  });

  it('an English category clears the English lists only', async () => {
    const event = entityEvent('category', 'updated', { ...c, language: 'en' });
    expect((await (await send(event)).json()).tags).toEqual([
      'categories',
      'categories:en',
      'category:c1',
      'term-translations',
    ]);
  });

  it('an edit leaves whether a language has posts alone; a post published in Spanish clears the Spanish one', async () => {
    const edited = (await (await send(entityEvent('post', 'updated', { ...p, language: 'es' }))).json()).tags;
    expect(edited.filter((tag: string) => tag.startsWith('posts-exist:'))).toEqual([]);
    const published = (await (await send(entityEvent('post', 'created', { ...p, language: 'es' }))).json()).tags;
    expect(published.filter((tag: string) => tag.startsWith('posts-exist:'))).toEqual(['posts-exist:es']);
  });

  it('a post in a language the site has no words for is shown in the main language, so clears its lists', async () => {
    const tags = (await (await send(entityEvent('post', 'created', { ...p, language: 'de' }))).json()).tags;
    expect(tags).toContain('posts:en');
    expect(tags).not.toContain('posts:es');
  });

  it('the entity as JSON text (entityAsJson) carries its language too', async () => {
    const event = entityEvent('tag', 'created', t);
    event.data.createdEvent = { entityAsJson: JSON.stringify({ ...t, language: 'es' }) };
    expect((await (await send(event)).json()).tags).toEqual(['tags', 'tags:es', 'tag:t1', 'term-translations']);
  });
});

describe('duplicates', () => {
  it('processes a repeated event id once', async () => {
    const event = entityEvent('post', 'updated', { id: 'dup' });
    const token = await signed(event, site.privateKey);
    const first = await POST(webhookRequest(token), routeContext);
    const again = await POST(webhookRequest(token), routeContext);
    const resigned = await send(event);
    expect(await first.json()).toEqual({ eventType: 'wix.blog.v3.post_updated', tags: postTags('dup') });
    expect([again.status, resigned.status]).toEqual([200, 200]);
    expect(await again.json()).toEqual({ eventType: 'wix.blog.v3.post_updated', tags: [], duplicate: true });
    expect(revalidated()).toHaveLength(postTags('dup').length);
    expect(logs().map((line) => line.outcome)).toEqual(['cleared', 'duplicate', 'duplicate']);
  });
});
