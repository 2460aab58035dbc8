import { isSlug, slugify } from '@/lib/blog/tools';
import type { ImportReport, Tally } from './report';
import type { Bundle, SourceTerm } from './types';
import type { ImportClient, WixCalls } from './wix-calls';

// An import's categories and tags on a Wix site: each found by its slug (the site's own "news" is the export's
// "news", and a second run finds what the first made), else created with the source's label, slug and description.
// A term the site has is never renamed. The calls, in @wix/auto_sdk_blog_categories and _tags
// (build/cjs/index.typings.d.ts):
// - categories.getCategoryBySlug(slug) (:1024, GET /blog/v3/categories/slugs/{slug}; 404 when none) and
//   categories.createCategory(category) (:883, POST /blog/v3/categories, answering the Category itself); a
//   category's `label` is at most 35 characters (:11-15), its description 500 (:26-30);
// - tags.getTagBySlug(slug) (:966, GET /blog/v3/tags/slugs/{slug}), tags.getTagByLabel(label) (:913, GET
//   /v3/tags/labels/{label}) and tags.createTag(label, { slug }) (:877, POST
//   /blog/v3/tags: "Creates a new tag with the provided label if a tag with the same label doesn't already exist").
// Wix's categories are flat: a WordPress category's parent is not kept (said once in the report).

export type TermKind = 'category' | 'tag';

export interface WixTerm {
  id: string;
  slug: string;
}

const LABEL_MAX = { category: 35, tag: 100 } as const;
const DESCRIPTION_MAX = 500;

/** The slug a source's term asks for (as terms.ts makes it for the local site). */
export const termSlug = (term: SourceTerm) =>
  isSlug(term.slug) ? term.slug : slugify(term.slug || term.label, 'term');

/** An id for a term a dry run would create (never sent). */
const plannedId = (kind: TermKind, slug: string) => `dry-run:${kind}:${slug}`;

/** Finds or creates the bundle's terms of `kind` on Wix; answers each source id's Wix term. */
export async function importWixTerms(
  client: ImportClient,
  calls: WixCalls,
  bundle: Bundle,
  kind: TermKind,
  tally: Tally,
  report: ImportReport,
  dryRun: boolean,
): Promise<Map<string, WixTerm>> {
  const terms = new Map<string, WixTerm>();
  const bySlug = new Map<string, WixTerm>();
  const sources = kind === 'category' ? bundle.categories : bundle.tags;
  for (const source of sources) {
    const slug = termSlug(source);
    const known = bySlug.get(slug);
    if (known) {
      // Two of the export's terms with one slug are one term here.
      terms.set(source.sourceId, known);
      continue;
    }
    const found =
      kind === 'category'
        ? await calls
            .find('getCategoryBySlug', () => client.categories.getCategoryBySlug(slug))
            .then((r) => r?.category)
        : // A tag is also one by its label (Wix keeps one tag per label: createTag answers the existing one), so an
          // export's two tags of one label (slugs `content`, `content-2`) are found again on a second run.
          ((await calls.find('getTagBySlug', () => client.tags.getTagBySlug(slug)).then((r) => r?.tag)) ??
          (await calls
            .find('getTagByLabel', () => client.tags.getTagByLabel(source.label.trim() || slug))
            .then((r) => r?.tag)));
    let term: WixTerm;
    if (found?._id) {
      term = { id: found._id, slug: found.slug ?? slug };
      tally(kind, 'unchanged');
    } else {
      term = { id: plannedId(kind, slug), slug };
      tally(kind, 'created');
      if (!dryRun) term = await create(client, calls, kind, source, slug, report);
    }
    terms.set(source.sourceId, term);
    bySlug.set(slug, term);
  }
  if (kind === 'category' && sources.some((t) => t.parentId)) {
    report.warnings.push({
      item: 'categories',
      message: "Wix's categories are flat: the export's category tree is not kept",
    });
  }
  return terms;
}

async function create(
  client: ImportClient,
  calls: WixCalls,
  kind: TermKind,
  source: SourceTerm,
  slug: string,
  report: ImportReport,
): Promise<WixTerm> {
  const label = source.label.trim() || slug;
  const shown = label.slice(0, LABEL_MAX[kind]);
  if (shown !== label) {
    report.warnings.push({
      item: source.sourceId,
      message: `${kind} label cut to Wix's ${LABEL_MAX[kind]} characters: "${shown}"`,
    });
  }
  if (kind === 'category') {
    const description = source.description?.slice(0, DESCRIPTION_MAX);
    const made = await calls.write('createCategory', () =>
      client.categories.createCategory({ label: shown, slug, ...(description && { description }) }),
    );
    return madeTerm(kind, made, slug);
  }
  const made = await calls.write('createTag', () => client.tags.createTag(shown, { slug }));
  return madeTerm(kind, made.tag, slug);
}

function madeTerm(kind: TermKind, made: { _id?: string; slug?: string } | undefined, slug: string): WixTerm {
  if (!made?._id) throw new Error(`Wix answered the ${kind} "${slug}" without its id`);
  return { id: made._id, slug: made.slug || slug };
}
