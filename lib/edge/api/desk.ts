import type { DeskAction, DeskInput, TermInput } from '@/lib/blog';
import { errors } from '@/lib/core/errors';
import { sitePlans } from '@/lib/plans';

// The owner's editor's requests, parsed (app/api/owner/posts): shapes, and the plans a post names (lib/plans, which
// lib/blog does not read); what a post must hold is the desk's.

/** A post's body may be this large (a long post with tables is ~200 KB of Ricos). */
export const MAX_POST_BYTES = 2 * 1024 * 1024;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown, name: string) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw errors.badValue(`${name} must be text`);
  return value;
};

/** The editor's post, its plans checked: one the site does not offer is a 400, and nothing is written. */
export async function deskInput(body: unknown): Promise<DeskInput> {
  if (!isRecord(body)) throw errors.badValue('the body is { title, slug?, excerpt?, nodes, editedDate? }');
  if (typeof body.title !== 'string') throw errors.badValue('title must be text');
  if (!Array.isArray(body.nodes)) throw errors.badValue('nodes must be a list of rich content nodes');
  return {
    title: body.title,
    slug: optionalString(body.slug, 'slug'),
    excerpt: optionalString(body.excerpt, 'excerpt'),
    nodes: body.nodes as DeskInput['nodes'],
    // Their shapes are the desk's to check (lists of ids, booleans).
    categoryIds: body.categoryIds as DeskInput['categoryIds'],
    tagIds: body.tagIds as DeskInput['tagIds'],
    featured: body.featured as DeskInput['featured'],
    pinned: body.pinned as DeskInput['pinned'],
    coverImage: body.coverImage as DeskInput['coverImage'],
    memberId: body.memberId as DeskInput['memberId'],
    language: body.language as DeskInput['language'],
    translationOf: body.translationOf as DeskInput['translationOf'],
    hashtags: body.hashtags as DeskInput['hashtags'],
    seoTitle: body.seoTitle as DeskInput['seoTitle'],
    seoDescription: body.seoDescription as DeskInput['seoDescription'],
    pricingPlanIds: await knownPlans(body.pricingPlanIds),
    previewBlocks: body.previewBlocks as DeskInput['previewBlocks'],
    publish: body.publish as DeskInput['publish'],
    editedDate: optionalString(body.editedDate, 'editedDate'),
  };
}

/** Plan ids, each one a plan the site offers (its own, or Wix's Pricing Plans); absent stays absent. */
async function knownPlans(ids: unknown): Promise<string[] | undefined> {
  if (ids === undefined || ids === null) return undefined;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string') || ids.length > 100)
    throw errors.badValue('pricingPlanIds is a list of at most 100 plan ids');
  if (ids.length === 0) return [];
  const offered = new Set((await sitePlans().plans(ids)).map((plan) => plan.id));
  const unknown = ids.find((id) => !offered.has(id));
  if (unknown !== undefined) throw errors.badValue(`no plan "${unknown}" is offered on this site`);
  return ids;
}

const ACTIONS: readonly DeskAction[] = ['publish', 'unpublish', 'schedule', 'unschedule', 'trash', 'restore'];

export function deskAction(body: unknown): { action: DeskAction; at?: string } {
  const action = isRecord(body) ? body.action : undefined;
  if (!ACTIONS.includes(action as DeskAction)) throw errors.notAChoice(`action is one of ${ACTIONS.join(', ')}`);
  return { action: action as DeskAction, at: optionalString((body as Record<string, unknown>).at, 'at') };
}

/** `category` or `tag`. */
export function termKind(value: unknown): 'category' | 'tag' {
  if (value !== 'category' && value !== 'tag') throw errors.notAChoice('kind is category or tag');
  return value;
}

export function termInput(body: unknown): TermInput {
  if (!isRecord(body) || typeof body.label !== 'string')
    throw errors.badValue('the body is { label, slug?, description? }');
  return {
    label: body.label,
    slug: optionalString(body.slug, 'slug'),
    description: optionalString(body.description, 'description'),
  };
}
