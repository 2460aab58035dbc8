import { randomUUID } from 'node:crypto';
import { errors } from '@/lib/core/errors';
import { publish } from '@/lib/core/events/bus';
import type { BlogEventType } from '@/lib/core/cache/event-tags';
import { categoryPath, tagPath } from '@/lib/core/site';
import type { ContentFolder, RawTerm, TermKind } from '../local/folder';
import { isSlug, slugify } from '../slug';
import { deskErrors } from './types';

// The owner's categories and tags (the dashboard's Categories and tags page, issue 45): create, rename, change the
// slug, describe, delete. Every rule here: a label, a slug unique among the kind's in its language, a description of
// bounded length; a deletion says first how many posts carry the term and takes it off them, as Wix's Blog does. On
// the content folder through its one writer; each change published as the platform's event (category_created, ...,
// and post_updated for each post a deletion changed), which refreshes the lists and pages it touches.

export interface TermInput {
  label: string;
  slug?: string;
  description?: string;
}

export interface OwnerTerm {
  id: string;
  kind: TermKind;
  label: string;
  slug: string;
  description: string;
  language: string;
  /** How many posts (drafts too) carry it. */
  posts: number;
}

const MAX_LABEL = 100;
const MAX_DESCRIPTION = 500;
const EVENT: Record<TermKind, Record<'created' | 'updated' | 'deleted', BlogEventType>> = {
  category: {
    created: 'wix.blog.v3.category_created',
    updated: 'wix.blog.v3.category_updated',
    deleted: 'wix.blog.v3.category_deleted',
  },
  tag: { created: 'wix.blog.v3.tag_created', updated: 'wix.blog.v3.tag_updated', deleted: 'wix.blog.v3.tag_deleted' },
};
const FIELD: Record<TermKind, 'categoryIds' | 'tagIds'> = { category: 'categoryIds', tag: 'tagIds' };

function checked(input: TermInput): TermInput {
  const label = typeof input?.label === 'string' ? input.label.trim() : '';
  if (!label) throw errors.badValue('a name is needed');
  if (label.length > MAX_LABEL) throw errors.badValue(`a name is at most ${MAX_LABEL} characters`);
  if (input.slug !== undefined && input.slug !== '' && (typeof input.slug !== 'string' || !isSlug(input.slug)))
    throw errors.badValue('a slug is lowercase letters and digits joined by single hyphens, at most 100 characters');
  if (
    input.description !== undefined &&
    (typeof input.description !== 'string' || input.description.length > MAX_DESCRIPTION)
  )
    throw errors.badValue(`a description is text of at most ${MAX_DESCRIPTION} characters`);
  return { label, slug: input.slug || undefined, description: input.description?.trim() };
}

/** The categories and tags of a content folder, as the owner edits them; `siteUrl` makes their addresses. */
export function localTerms(folder: ContentFolder, siteUrl: string) {
  const path = (kind: TermKind, slug: string) => (kind === 'category' ? categoryPath(slug) : tagPath(slug));
  const event = (kind: TermKind, change: 'created' | 'updated' | 'deleted', term: RawTerm) =>
    publish({ type: EVENT[kind][change], entityId: term.id, language: term.language ?? 'en' } as Parameters<
      typeof publish
    >[0]);
  const freeSlug = (terms: RawTerm[], slug: string, language: string, self?: string) => {
    if (terms.some((t) => t.slug === slug && (t.language ?? 'en') === language && t.id !== self))
      throw errors.badValue(`the slug "${slug}" is taken`);
    return slug;
  };
  const find = async (kind: TermKind, id: string) => {
    const terms = await folder.terms(kind);
    const term = terms.find((t) => t.id === id);
    if (!term) throw errors.notFound(`no ${kind} "${id}"`);
    return { terms, term };
  };

  return {
    async list(): Promise<OwnerTerm[]> {
      const posts = await folder.posts();
      const out: OwnerTerm[] = [];
      for (const kind of ['category', 'tag'] as const) {
        for (const t of await folder.terms(kind)) {
          out.push({
            id: t.id,
            kind,
            label: t.label,
            slug: t.slug,
            description: String((t as Record<string, unknown>).description ?? ''),
            language: t.language ?? 'en',
            posts: posts.filter((p) => (p[FIELD[kind]] ?? []).includes(t.id)).length,
          });
        }
      }
      return out;
    },

    async create(kind: TermKind, raw: TermInput): Promise<RawTerm> {
      const input = checked(raw);
      const terms = await folder.terms(kind);
      const slug = freeSlug(terms, input.slug ?? slugify(input.label, 'term'), 'en');
      const now = new Date().toISOString();
      const term = {
        id: randomUUID(),
        label: input.label,
        slug,
        ...(input.description && { description: input.description }),
        ...(kind === 'category' && { displayPosition: terms.length }),
        language: 'en',
        url: { base: siteUrl, path: path(kind, slug) },
        createdDate: now,
        updatedDate: now,
      } as RawTerm;
      await folder.writeTerms(kind, [...terms, term]);
      event(kind, 'created', term);
      return term;
    },

    async update(kind: TermKind, id: string, raw: TermInput): Promise<RawTerm> {
      const input = checked(raw);
      const { terms, term } = await find(kind, id);
      const slug = freeSlug(terms, input.slug ?? term.slug, term.language ?? 'en', id);
      // The old address keeps working: it redirects to the new one (lib/edge/pages/taxonomy.ts).
      const previousSlugs = [...new Set([...(term.previousSlugs ?? []), term.slug])].filter((s) => s !== slug);
      const next = {
        ...term,
        label: input.label,
        slug,
        ...(previousSlugs.length > 0 && { previousSlugs }),
        ...(input.description !== undefined && { description: input.description }),
        url: { base: siteUrl, path: path(kind, slug) },
        updatedDate: new Date().toISOString(),
      } as RawTerm;
      await folder.writeTerms(
        kind,
        terms.map((t) => (t.id === id ? next : t)),
      );
      event(kind, 'updated', next);
      return next;
    },

    /** Deletes the term and takes it off every post that carries it; answers how many posts it was on. */
    async remove(kind: TermKind, id: string): Promise<number> {
      const { terms, term } = await find(kind, id);
      const field = FIELD[kind];
      const carrying = (await folder.posts()).filter((p) => (p[field] ?? []).includes(id));
      for (const post of carrying) await folder.writePost({ ...post, [field]: post[field]!.filter((t) => t !== id) });
      await folder.writeTerms(
        kind,
        terms.filter((t) => t.id !== id),
      );
      event(kind, 'deleted', term);
      for (const post of carrying)
        publish({
          type: post.status === 'PUBLISHED' || !post.status ? 'wix.blog.v3.post_updated' : 'wix.blog.v3.draft_updated',
          entityId: post.id,
          language: post.language ?? 'en',
        } as Parameters<typeof publish>[0]);
      return carrying.length;
    },
  };
}

export type OwnerTerms = ReturnType<typeof localTerms>;

/** On a Wix site the Blog's categories and tags are edited in Wix's dashboard for now. */
export const wixTerms = (): OwnerTerms => {
  const notHere = () =>
    Promise.reject(
      deskErrors.notHere("on a Wix site, edit categories and tags in Wix's dashboard (Blog → Categories)"),
    );
  return { list: notHere, create: notHere, update: notHere, remove: notHere } as unknown as OwnerTerms;
};
