import path from 'node:path';
import { readFile } from 'node:fs/promises';
import type { ContentFolder, RawTerm, TermKind } from '@/lib/blog/tools';
import { AUTHORS_FILE, isSlug, slugify } from '@/lib/blog/tools';
import { writeJsonAtomic } from '@/lib/core/files/atomic';
import { languageOf } from '@/lib/core/i18n/languages';
import { importId } from './ids';
import type { Bundle, SourceAuthor, SourceTerm } from './types';
import type { Tally } from './report';

// An import's categories, tags and writers: each found by the id an earlier run gave it, else by its slug within its
// language (the site's own "news" category is the export's "news"; Spanish `css` is not English `css`), else made in
// its language. A term of the site's own is never renamed by an import; one the import made before takes the source's
// label and description again.

const termSlug = (term: SourceTerm) => (isSlug(term.slug) ? term.slug : slugify(term.slug || term.label, 'term'));

/** Writes the bundle's terms of `kind` into the folder; answers each source id's term id. */
export async function importTerms(
  folder: ContentFolder,
  bundle: Bundle,
  kind: TermKind,
  tally: Tally,
  dryRun: boolean,
): Promise<Map<string, string>> {
  const terms = await folder.terms(kind);
  const byId = new Map(terms.map((t) => [t.id, t]));
  const ids = new Map<string, string>();
  let changed = false;
  for (const source of kind === 'category' ? bundle.categories : bundle.tags) {
    const id = importId(bundle.source, kind, source.sourceId);
    const slug = termSlug(source);
    const language = languageOf(source.language);
    const mine = byId.get(id);
    const theirs = mine ? null : terms.find((t) => t.slug === slug && languageOf(t.language) === language);
    if (theirs) {
      ids.set(source.sourceId, theirs.id);
      tally(kind, 'unchanged');
      continue;
    }
    const next: RawTerm = {
      ...(mine ?? {}),
      id,
      label: source.label,
      slug: mine?.slug ?? slug,
      language,
      ...(source.description && { description: source.description }),
    };
    ids.set(source.sourceId, id);
    if (mine && JSON.stringify(mine) === JSON.stringify(next)) tally(kind, 'unchanged');
    else {
      tally(kind, mine ? 'updated' : 'created');
      if (mine) terms[terms.indexOf(mine)] = next;
      else terms.push(next);
      byId.set(id, next);
      changed = true;
    }
  }
  if (changed && !dryRun) await folder.writeTerms(kind, terms);
  return ids;
}

interface Member {
  id: string;
  profile: { nickname: string; slug: string; title?: string; photo?: { url: string } };
}

/** Writes the bundle's writers into `authors.json`: found by id, then slug, then name; answers each one's id. */
export async function importAuthors(
  folder: ContentFolder,
  bundle: Bundle,
  tally: Tally,
  dryRun: boolean,
  avatar: (author: SourceAuthor) => string | undefined,
  /** The site's member with this address, if any (the records open): the writer is that member. */
  memberOf: (email: string) => Promise<string | null> = async () => null,
): Promise<Map<string, string>> {
  const file = path.join(folder.dir, AUTHORS_FILE);
  const members: Member[] = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Member[])
    .catch(() => []);
  const ids = new Map<string, string>();
  let changed = false;
  for (const author of bundle.authors) {
    // A writer who is already a member of this site (by e-mail) writes as that member: their posts are theirs.
    const member = author.email ? await memberOf(author.email) : null;
    const id = member ?? importId(bundle.source, 'author', author.sourceId);
    const slug = slugify(author.slug || author.name, 'writer');
    const mine = members.find((m) => m.id === id);
    const theirs = mine ?? members.find((m) => m.profile?.slug === slug || m.profile?.nickname === author.name) ?? null;
    if (theirs && theirs !== mine) {
      ids.set(author.sourceId, theirs.id);
      tally('author', 'unchanged');
      continue;
    }
    const photo = avatar(author);
    const next: Member = {
      id,
      profile: {
        nickname: author.name,
        slug,
        ...(author.bio && { title: author.bio }),
        ...(photo && { photo: { url: photo } }),
      },
    };
    ids.set(author.sourceId, id);
    if (mine && JSON.stringify(mine) === JSON.stringify(next)) tally('author', 'unchanged');
    else {
      tally('author', mine ? 'updated' : 'created');
      if (mine) members[members.indexOf(mine)] = next;
      else members.push(next);
      changed = true;
    }
  }
  if (changed && !dryRun) await writeJsonAtomic(file, members);
  return ids;
}
