import { randomUUID } from 'node:crypto';
import type { TermFields } from './fields';
import type { ContentFolder, RawTerm, TermKind } from './content-folder';
import { UsageError } from './errors';
import type { Change } from './posts';
import { slugify } from './slug';

// Category and tag commands. A deleted term is also taken off every post that carried it, as the platform does.

const LIST_FIELD = { category: 'categoryIds', tag: 'tagIds' } as const;
const PATH = { category: '/categories/', tag: '/tags/' } as const;

const describe = (kind: TermKind, term: RawTerm) => `${kind} "${term.label}" (${term.slug}, ${term.id})`;

function checkSlugFree(kind: TermKind, slug: string, terms: RawTerm[], selfId?: string) {
  if (terms.some((t) => t.slug === slug && t.id !== selfId))
    throw new UsageError(`the slug "${slug}" is taken by another ${kind}`);
  return slug;
}

export async function createTerm(
  folder: ContentFolder,
  kind: TermKind,
  fields: TermFields & { label: string },
  siteUrl: string,
): Promise<Change> {
  const terms = await folder.terms(kind);
  const slug = checkSlugFree(kind, fields.slug ?? slugify(fields.label, kind), terms);
  const now = new Date().toISOString();
  const positions = terms.map((t) => (typeof t.displayPosition === 'number' ? t.displayPosition : -1));
  const term: RawTerm = {
    id: randomUUID(),
    label: fields.label,
    slug,
    ...(kind === 'category' && {
      ...(fields.title !== undefined && { title: fields.title }),
      ...(fields.description !== undefined && { description: fields.description }),
      displayPosition: Math.max(-1, ...positions) + 1,
    }),
    language: 'en',
    url: { base: siteUrl, path: `${PATH[kind]}${slug}` },
    createdDate: now,
    updatedDate: now,
  };
  await folder.writeTerms(kind, [...terms, term]);
  return { summary: `created ${describe(kind, term)}`, written: true };
}

export async function updateTerm(
  folder: ContentFolder,
  kind: TermKind,
  ref: string,
  fields: TermFields,
): Promise<Change> {
  const terms = await folder.terms(kind);
  const term = await folder.term(kind, ref);
  const next: RawTerm = { ...term, ...fields, updatedDate: new Date().toISOString() };
  if (fields.slug !== undefined) {
    checkSlugFree(kind, fields.slug, terms, term.id);
    if (typeof term.url === 'object' && term.url) next.url = { ...term.url, path: `${PATH[kind]}${fields.slug}` };
  }
  await folder.writeTerms(
    kind,
    terms.map((t) => (t.id === term.id ? next : t)),
  );
  return { summary: `updated ${describe(kind, next)}`, written: true };
}

export async function deleteTerm(folder: ContentFolder, kind: TermKind, ref: string): Promise<Change> {
  const terms = await folder.terms(kind);
  const term = await folder.term(kind, ref);
  await folder.writeTerms(
    kind,
    terms.filter((t) => t.id !== term.id),
  );
  const field = LIST_FIELD[kind];
  let detached = 0;
  for (const post of await folder.posts()) {
    const ids = post[field];
    if (!ids?.includes(term.id)) continue;
    await folder.writePost({ ...post, [field]: ids.filter((id) => id !== term.id) });
    detached++;
  }
  return {
    summary: `deleted ${describe(kind, term)}${detached ? `, and took it off ${detached} post${detached === 1 ? '' : 's'}` : ''}`,
    written: true,
  };
}
