import type { CollectionDeclaration, FieldDeclaration, ItemOf, Operation, Role } from './model';

// The site's collections, declared in code: their fields (the seed's data field types) and who may do what. An item's
// type derives from its declaration (`ItemOf<typeof subscribers>`).

const COLLECTION_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The permissions of a collection only the owner (and the site's own server code) reads or writes. */
export const OWNER_ONLY: Readonly<Record<Operation, Role>> = Object.freeze({
  read: 'ADMIN',
  insert: 'ADMIN',
  update: 'ADMIN',
  remove: 'ADMIN',
});

/** Checks the names once, where they are written: they become table and index names in the embedded backend. */
export function defineCollection<const F extends Record<string, FieldDeclaration>>(
  declaration: CollectionDeclaration<F>,
): CollectionDeclaration<F> {
  if (!COLLECTION_ID.test(declaration.id)) throw new Error(`collection id "${declaration.id}" is not a plain name`);
  for (const name of Object.keys(declaration.fields)) {
    if (!FIELD_NAME.test(name)) throw new Error(`field "${name}" of ${declaration.id} is not a plain name`);
  }
  return declaration;
}

/**
 * Newsletter subscribers: only the owner writes, reads, confirms or removes them. A visitor subscribes through the
 * subscribe form's route alone (lib/newsletter/subscribe.ts: limited per client and per address, stored `pending`,
 * mailed a link), which writes as the site; through the data API a visitor's insert or save is WDE0027 (403), so no one
 * else's address becomes `confirmed`, is probed for by its id (a 409), or gets a `confirmationSentDate` that silences
 * its real subscription. `status` is `pending` until the address's confirmation link is followed, then `confirmed`;
 * `week` (ISO week of subscribing, `2026-W48`) is what the dashboard groups by; `confirmationSentDate` is when the last
 * link was mailed (none again for 10 minutes), `confirmedDate` when it was followed. `unsubscribed` (the mail's
 * one-click link: `unsubscribedDate`) and `bounced` (the mail server refused the address for good: `bouncedDate`) are
 * never mailed again; subscribing again needs the confirmation again. `language` is the language of the page the form
 * was on: the subscriber is mailed that language's posts (none given: the main language's).
 */
export const subscribers = defineCollection({
  id: 'subscribers',
  feature: 'the newsletter sign-up',
  fields: {
    email: { type: 'text', indexed: true },
    status: { type: 'text', indexed: true },
    week: { type: 'text', indexed: true },
    confirmationSentDate: { type: 'datetime' },
    confirmedDate: { type: 'datetime' },
    unsubscribedDate: { type: 'datetime' },
    bouncedDate: { type: 'datetime' },
    language: { type: 'text' },
  },
  permissions: OWNER_ONLY,
});

/** Post series, kept by the owner; readers see them on the posts they hold. */
export const series = defineCollection({
  id: 'series',
  feature: 'series on posts',
  fields: {
    title: { type: 'text' },
    slug: { type: 'text', indexed: true },
    description: { type: 'text' },
    posts: { type: 'multiReference', references: 'posts' },
  },
  permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
});

/**
 * Members' reading lists (lib/reading-list/index.ts): one item per member and post, `post` referring to the post by id.
 * SITE_MEMBER_AUTHOR: a member reads and removes only the items they saved; the owner may read all.
 */
export const readingList = defineCollection({
  id: 'readingList',
  feature: "members' reading lists",
  fields: { post: { type: 'reference', references: 'posts', indexed: true } },
  permissions: {
    read: 'SITE_MEMBER_AUTHOR',
    insert: 'SITE_MEMBER',
    update: 'SITE_MEMBER_AUTHOR',
    remove: 'SITE_MEMBER_AUTHOR',
  },
});

export const SITE_COLLECTIONS: CollectionDeclaration[] = [subscribers, series, readingList];

export type Subscriber = ItemOf<typeof subscribers>;
export type Series = ItemOf<typeof series>;
export type ReadingListItem = ItemOf<typeof readingList>;
