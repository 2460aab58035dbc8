import { errors } from '@/lib/core/errors';
import { LANGUAGES, isLanguage } from '@/lib/core/i18n/languages';
import { isSlug } from '../slug';
import { RichNode } from '../types';
import type { DeskInput } from './types';

// What the editor may send the desk (service.ts), checked before anything is read or written: a title, a slug, an
// excerpt, a body of Ricos nodes no deeper than a document is, term ids, flags, hashtags, the SEO texts, plans and the
// preview's cut, a new post's language, each within Wix's DraftPost limits.

const MAX_TITLE = 200;
const MAX_EXCERPT = 500;
/** Wix's DraftPost limits (@wix/auto_sdk_blog_draft-posts index.typings.d.ts: hashtags @maxSize 100, @maxLength 100;
 * pricingPlanIds @maxSize 100). An SEO title past 200 or description past 500 characters is cut by every engine. */
const MAX_HASHTAGS = 100;
const MAX_HASHTAG = 100;
const MAX_PLANS = 100;
const MAX_SEO_TITLE = 200;
const MAX_SEO_DESCRIPTION = 500;
const TERM_ID = /^[\w-]{1,128}$/;
/** Ricos' nesting is shallow (a table's cell's list's paragraph's text is 6 deep): deeper is not a document. */
const MAX_DEPTH = 32;

function isRichNode(value: unknown, depth: number): boolean {
  const parsed = RichNode.safeParse(value);
  if (!parsed.success || depth > MAX_DEPTH) return false;
  return (parsed.data.nodes ?? []).every((child) => isRichNode(child, depth + 1));
}

/** The editor's input checked (a 400 naming what is wrong) and tidied: trimmed, each id once. */
export function checked(input: DeskInput): DeskInput {
  const title = typeof input.title === 'string' ? input.title.trim() : '';
  if (!title) throw errors.badValue('a post needs a title');
  if (title.length > MAX_TITLE) throw errors.badValue(`a title is at most ${MAX_TITLE} characters`);
  if (input.slug !== undefined && input.slug !== '' && !isSlug(input.slug))
    throw errors.badValue('a slug is lowercase letters and digits joined by single hyphens, at most 100 characters');
  if (input.publish !== undefined && typeof input.publish !== 'boolean')
    throw errors.badValue('publish is true or false');
  if (input.excerpt !== undefined && (typeof input.excerpt !== 'string' || input.excerpt.length > MAX_EXCERPT))
    throw errors.badValue(`an excerpt is text of at most ${MAX_EXCERPT} characters`);
  if (!Array.isArray(input.nodes) || !input.nodes.every((node) => isRichNode(node, 0)))
    throw errors.badValue('the body is a list of rich content nodes, each with a type and its nodes a list of nodes');
  for (const [name, ids] of [
    ['categoryIds', input.categoryIds],
    ['tagIds', input.tagIds],
  ] as const) {
    if (ids !== undefined && (!Array.isArray(ids) || ids.length > 50 || !ids.every((id) => TERM_ID.test(String(id)))))
      throw errors.badValue(`${name} is a list of at most 50 ids`);
  }
  for (const name of ['featured', 'pinned'] as const)
    if (input[name] !== undefined && typeof input[name] !== 'boolean')
      throw errors.badValue(`${name} is true or false`);
  const text = (name: string, value: unknown, max: number) => {
    if (value !== undefined && (typeof value !== 'string' || value.length > max))
      throw errors.badValue(`${name} is text of at most ${max} characters`);
    return typeof value === 'string' ? value.trim() : undefined;
  };
  const seoTitle = text('the SEO title', input.seoTitle, MAX_SEO_TITLE);
  const seoDescription = text('the SEO description', input.seoDescription, MAX_SEO_DESCRIPTION);
  let hashtags: string[] | undefined;
  if (input.hashtags !== undefined) {
    if (!Array.isArray(input.hashtags) || input.hashtags.length > MAX_HASHTAGS)
      throw errors.badValue(`hashtags is a list of at most ${MAX_HASHTAGS}`);
    const seen = new Set<string>();
    hashtags = [];
    for (const raw of input.hashtags) {
      const tag = typeof raw === 'string' ? raw.trim().replace(/^#+/, '') : '';
      if (!tag || tag.length > MAX_HASHTAG || /[\s#]/.test(tag))
        throw errors.badValue(`a hashtag is one word of at most ${MAX_HASHTAG} characters, without spaces`);
      if (seen.has(tag.toLowerCase())) continue;
      seen.add(tag.toLowerCase());
      hashtags.push(tag);
    }
  }
  const plans = input.pricingPlanIds;
  if (
    plans !== undefined &&
    (!Array.isArray(plans) || plans.length > MAX_PLANS || !plans.every((id) => TERM_ID.test(String(id))))
  )
    throw errors.badValue(`pricingPlanIds is a list of at most ${MAX_PLANS} plan ids`);
  const cover = input.coverImage;
  if (cover !== undefined && cover !== null) {
    const size = (n: unknown) => Number.isInteger(n) && (n as number) > 0 && (n as number) <= 20_000;
    const url = typeof cover === 'object' ? cover.url : undefined;
    if (
      typeof url !== 'string' ||
      url.length > 2000 ||
      !/^(?:\/media\/|https?:\/\/)/.test(url) ||
      !size(cover.width) ||
      !size(cover.height) ||
      typeof cover.altText !== 'string' ||
      cover.altText.length > 1000
    )
      throw errors.badValue(
        'a cover image is { url (an uploaded /media/ file or an http(s) address), width, height, altText }, or null',
      );
  }
  if (input.memberId !== undefined && input.memberId !== null && !TERM_ID.test(String(input.memberId)))
    throw errors.badValue('memberId is a writer’s id, or null');
  if (input.language !== undefined && !isLanguage(input.language))
    throw errors.badValue(`language is one of ${LANGUAGES.join(', ')}`);
  // Empty: none (the editor's field left blank).
  const translationOf = input.translationOf || undefined;
  if (translationOf !== undefined && (typeof translationOf !== 'string' || !/^[\w-]{1,128}$/.test(translationOf)))
    throw errors.badValue('translationOf is the original post’s id or slug');
  const cut = input.previewBlocks;
  if (cut !== undefined && cut !== null && !(Number.isInteger(cut) && cut >= 0 && cut <= 1000))
    throw errors.badValue('previewBlocks is how many blocks everyone reads: a whole number from 0 to 1000, or null');
  return {
    ...input,
    translationOf,
    title,
    seoTitle,
    seoDescription,
    hashtags,
    pricingPlanIds: plans && [...new Set(plans)],
    slug: input.slug || undefined,
    excerpt: input.excerpt?.trim(),
    categoryIds: input.categoryIds && [...new Set(input.categoryIds)],
    tagIds: input.tagIds && [...new Set(input.tagIds)],
  };
}
