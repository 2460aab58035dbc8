import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE, signSession } from '@/lib/owner/tokens';
import { withSite } from '../../helpers/site';

// The dashboard's Categories and tags (issue 45) through its route handlers, on a copy of the demo content: a term
// made, renamed, re-slugged and deleted in categories.json / tags.json; a deletion takes the term off every post that
// carried it and says how many; each change is the platform's event; bad input changes nothing.

const SECRET = 'desk-terms-test-secret-long-enough-0123456789';
const site = withSite(
  { OWNER_PASSWORD: 'owner-password', SESSION_SECRET: SECRET, SITE_URL: 'https://blog.example' },
  { content: 'content' },
);
const { POST: create } = await import('@/app/api/owner/terms/route');
const { PUT: update, DELETE: remove } = await import('@/app/api/owner/terms/[kind]/[id]/route');
const { observeEvents } = await import('@/lib/core/events/bus');

const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;
const request = (method: string, body?: unknown, cookie: string | null = owner) =>
  new Request('https://blog.example/api/owner/terms', {
    method,
    headers: { 'content-type': 'application/json', origin: 'https://blog.example', ...(cookie && { cookie }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
const on = (kind: string, id: string) => ({ params: Promise.resolve({ kind, id }) });
const json = (file: string) => JSON.parse(readFileSync(path.join(site.contentDir, file), 'utf8'));
const posts = () =>
  readdirSync(path.join(site.contentDir, 'posts')).map(
    (n) => json(path.join('posts', n)) as { categoryIds?: string[] },
  );

const events: string[] = [];
observeEvents((event) => events.push(event.type));

describe('categories and tags', () => {
  it('a category is made, renamed and re-slugged, its address following', async () => {
    const made = await create(
      request('POST', { kind: 'category', label: 'Letters from the lab', description: 'Short pieces.' }),
    );
    expect(made.status, JSON.stringify(await made.clone().json())).toBe(201);
    const { term } = await made.json();
    expect(term).toMatchObject({
      label: 'Letters from the lab',
      slug: 'letters-from-the-lab',
      url: { path: '/categories/letters-from-the-lab' },
    });
    expect(json('categories.json').at(-1)).toMatchObject({ id: term.id, description: 'Short pieces.' });

    const renamed = await update(
      request('PUT', { label: 'Notes from the field', slug: 'notes' }),
      on('category', term.id),
    );
    expect(renamed.status).toBe(200);
    expect(json('categories.json').find((c: { id: string }) => c.id === term.id)).toMatchObject({
      label: 'Notes from the field',
      slug: 'notes',
      url: { path: '/categories/notes' },
    });
    expect(events.slice(-2)).toEqual(['wix.blog.v3.category_created', 'wix.blog.v3.category_updated']);

    // Its old addresses are remembered, and say where the page went; the current one is not among them.
    const again = await update(request('PUT', { label: 'Notes', slug: 'field-notes-2' }), on('category', term.id));
    expect(again.status).toBe(200);
    expect(json('categories.json').find((c: { id: string }) => c.id === term.id).previousSlugs).toEqual([
      'letters-from-the-lab',
      'notes',
    ]);
    const { createLocalSource } = await import('@/lib/blog/local');
    const source = createLocalSource(site.contentDir);
    expect(await source.movedTerm!('category', 'letters-from-the-lab', 'en')).toBe('field-notes-2');
    expect(await source.movedTerm!('category', 'notes', 'en')).toBe('field-notes-2');
    expect(await source.movedTerm!('category', 'notes', 'es')).toBeNull();
    expect(await source.movedTerm!('category', 'never-was', 'en')).toBeNull();
  });

  it('a deletion takes the category off its posts and says how many', async () => {
    const category = json('categories.json')[0] as { id: string };
    const carrying = posts().filter((p) => p.categoryIds?.includes(category.id)).length;
    expect(carrying).toBeGreaterThan(0);
    const response = await remove(request('DELETE'), on('category', category.id));
    expect(await response.json()).toEqual({ posts: carrying });
    expect(json('categories.json').some((c: { id: string }) => c.id === category.id)).toBe(false);
    expect(posts().filter((p) => p.categoryIds?.includes(category.id))).toEqual([]);
    expect(events).toContain('wix.blog.v3.category_deleted');
  });

  it('a taken slug, no name, an unknown kind or term, a stranger: the catalogue’s errors, nothing written', async () => {
    const before = [
      readFileSync(path.join(site.contentDir, 'tags.json'), 'utf8'),
      readFileSync(path.join(site.contentDir, 'categories.json'), 'utf8'),
    ];
    const tag = json('tags.json')[0] as { id: string; slug: string };
    const other = json('tags.json')[1] as { id: string };
    expect((await create(request('POST', { kind: 'tag', label: 'Again', slug: tag.slug }))).status).toBe(400);
    expect((await create(request('POST', { kind: 'tag', label: '  ' }))).status).toBe(400);
    expect((await create(request('POST', { kind: 'shelf', label: 'Shelf' }))).status).toBe(400);
    expect((await update(request('PUT', { label: 'X', slug: tag.slug }), on('tag', other.id))).status).toBe(400);
    expect((await update(request('PUT', { label: 'X' }), on('tag', 'no-such-tag'))).status).toBe(404);
    expect((await remove(request('DELETE', undefined, null), on('tag', tag.id))).status).toBe(401);
    expect([
      readFileSync(path.join(site.contentDir, 'tags.json'), 'utf8'),
      readFileSync(path.join(site.contentDir, 'categories.json'), 'utf8'),
    ]).toEqual(before);
  });
});
