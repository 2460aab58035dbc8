import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { revalidateTag } from 'next/cache';
import { BLOG_EVENT_TYPES, EVENT_TAGS } from '@/lib/core/cache/event-tags';
import { entityEvent, likeEvent } from '@/scripts/blog/events';
import { captureLogs, revalidated, routeContext, signed, webhookRequest, webhookSite } from './helpers';
import type { EnvelopeInput } from '@/lib/edge/webhooks/envelope';
import { entityChange } from '@/lib/edge/webhooks/envelope';

const { keys: site, POST } = await webhookSite('events');

const send = async (event: EnvelopeInput) => POST(webhookRequest(await signed(event, site.privateKey)), routeContext);

let logs: ReturnType<typeof captureLogs>;
beforeEach(() => {
  vi.mocked(revalidateTag).mockClear();
  logs = captureLogs();
});

const postTags = (id: string) => ['posts', `post:${id}`, 'stats', 'categories', 'tags'];
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
  ['wix.blog.v3.post_created', entityEvent('post', 'created', p), postTags('p1')],
  ['wix.blog.v3.post_updated', entityEvent('post', 'updated', p), postTags('p1')],
  ['wix.blog.v3.post_deleted', entityEvent('post', 'deleted', p), postTags('p1')],
  ['wix.blog.v3.post_liked', likeEvent('liked', 'p1'), ['metrics:p1']],
  ['wix.blog.v3.post_unliked', likeEvent('unliked', 'p1', 'member-7'), ['metrics:p1']],
  ['wix.blog.v3.category_created', entityEvent('category', 'created', c), ['categories', 'category:c1']],
  ['wix.blog.v3.category_updated', entityEvent('category', 'updated', c), ['categories', 'category:c1']],
  ['wix.blog.v3.category_deleted', entityEvent('category', 'deleted', c), ['categories', 'category:c1']],
  ['wix.blog.v3.tag_created', entityEvent('tag', 'created', t), ['tags', 'tag:t1']],
  ['wix.blog.v3.tag_updated', entityEvent('tag', 'updated', t), ['tags', 'tag:t1']],
  ['wix.blog.v3.tag_deleted', entityEvent('tag', 'deleted', t), ['tags', 'tag:t1']],
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
      tags: ['categories', 'category:c1'],
    });
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
