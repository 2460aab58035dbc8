import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeJsonAtomic } from '@/lib/core/files/atomic';
import { type Author, authorFromMember } from '../authors';
import { slugify, uniqueSlug } from '../slug';

// The local source's writers: `<content>/authors.json`, a list of Wix `Member` objects in the REST shape of the
// PUBLIC fieldset (`{ id, profile: { nickname, slug, photo: { url }, title } }`), the demo's writers among them. Read
// again when its mtime or size changes; what readers see still changes only when a member event clears the author's
// tag, as on Wix. A missing file is no writers; a broken one is logged and read as none, so posts still render.

export const AUTHORS_FILE = 'authors.json';

export interface LocalAuthors {
  byId(id: string): Promise<Author | null>;
  bySlug(slug: string): Promise<Author | null>;
  all(): Promise<Author[]>;
  /** A writer added to the file (a member whose post the owner approved): their name, and a slug no one has. */
  add(member: { id: string; name: string }): Promise<Author>;
}

export function localAuthors(dir: string): LocalAuthors {
  const file = path.join(/*turbopackIgnore: true*/ dir, AUTHORS_FILE);
  let held: { stamp: string; authors: Author[] } | null = null;

  async function load(): Promise<Author[]> {
    let stamp: string;
    try {
      const info = await stat(file);
      stamp = `${info.mtimeMs}:${info.size}`;
    } catch {
      held = null;
      return [];
    }
    if (held?.stamp === stamp) return held.authors;
    let authors: Author[] = [];
    try {
      const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
      const list = Array.isArray(raw) ? raw : [];
      const seen = new Set<string>();
      for (const member of list) {
        const author = authorFromMember(member);
        if (author && !seen.has(author.id)) {
          seen.add(author.id);
          authors.push(author);
        }
      }
    } catch (error) {
      console.warn(JSON.stringify({ msg: 'authors.json unreadable', error: (error as Error).message }));
      authors = [];
    }
    held = { stamp, authors };
    return authors;
  }

  return {
    byId: async (id) => (await load()).find((a) => a.id === id) ?? null,
    bySlug: async (slug) => (await load()).find((a) => a.slug !== null && a.slug === slug) ?? null,
    all: load,
    async add(member) {
      // The file as it is (every field of each entry kept), the member added in the PUBLIC fieldset's shape.
      const raw: unknown = await readFile(file, 'utf8').then(JSON.parse, () => []);
      const list = Array.isArray(raw) ? raw : [];
      const slug = uniqueSlug(slugify(member.name, 'writer'), new Set((await load()).map((a) => a.slug ?? '')));
      const entry = { id: member.id, profile: { nickname: member.name, slug } };
      await writeJsonAtomic(file, [...list, entry]);
      held = null;
      return authorFromMember(entry)!;
    },
  };
}
