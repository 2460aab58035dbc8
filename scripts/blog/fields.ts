import { UsageError } from './errors';
import { isSlug } from './slug';

// The post and term commands' options (args.ts parses the command line with them), read and checked into the fields
// a command writes: a post's (posts.ts) and a category's or tag's (taxonomy.ts).

export interface PostFields {
  title?: string;
  excerpt?: string;
  slug?: string;
  content?: string;
  categories?: string[];
  tags?: string[];
  hashtags?: string[];
  featured?: boolean;
  pinned?: boolean;
  memberId?: string;
  /** The pricing plans a paid post is for, by id or name ([] makes it free again). */
  plans?: string[];
  /** A paid post's paywall: the top-level blocks everyone reads. */
  previewBlocks?: number;
  /** The post's language (Wix Multilingual's `language`, a BCP 47 code); English when not given. */
  language?: string;
  /** The post this one translates (an id or a slug): they share a `translationId` and list each other. */
  translationOf?: string;
}

export interface TermFields {
  label?: string;
  slug?: string;
  title?: string;
  description?: string;
}

/** Every option of the post and term commands, as node:util's parseArgs takes them (args.ts allows each its own). */
export const OPTIONS = {
  title: { type: 'string' },
  excerpt: { type: 'string' },
  slug: { type: 'string' },
  content: { type: 'string' },
  categories: { type: 'string' },
  tags: { type: 'string' },
  hashtags: { type: 'string' },
  featured: { type: 'boolean' },
  'no-featured': { type: 'boolean' },
  pinned: { type: 'boolean' },
  'no-pinned': { type: 'boolean' },
  plans: { type: 'string' },
  free: { type: 'boolean' },
  preview: { type: 'string' },
  draft: { type: 'boolean' },
  member: { type: 'string' },
  language: { type: 'string' },
  'translation-of': { type: 'string' },
  label: { type: 'string' },
  description: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type OptionName = keyof typeof OPTIONS;
export type Values = Partial<Record<OptionName, string | boolean>>;

const list = (value: string | boolean | undefined) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : undefined;
export const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

export function nonEmpty(value: string | undefined, what: string) {
  if (value !== undefined && value.trim() === '') throw new UsageError(`${what} must not be empty`);
  return value?.trim();
}

function slug(value: string | undefined) {
  if (value !== undefined && !isSlug(value))
    throw new UsageError(`--slug "${value}" is not a slug: lowercase letters, digits and single hyphens`);
  return value;
}

function flag(values: Values, on: OptionName, off: OptionName, name: string) {
  if (values[on] && values[off]) throw new UsageError(`--${name} and --no-${name} contradict each other`);
  return values[on] ? true : values[off] ? false : undefined;
}

/** A language code as Wix writes them: `es`, `pt-BR` (BCP 47's language and region). */
function languageCode(value: string | undefined) {
  if (value !== undefined && !/^[a-z]{2,3}(-[A-Z]{2})?$/.test(value))
    throw new UsageError(`--language "${value}" is not a language code such as es or pt-BR`);
  return value;
}

/** A post's fields from its command's options: those given, checked. */
export function postFields(values: Values): PostFields {
  const fields: PostFields = {
    title: nonEmpty(text(values.title), '--title'),
    excerpt: text(values.excerpt),
    slug: slug(text(values.slug)),
    content: nonEmpty(text(values.content), '--content'),
    categories: list(values.categories),
    tags: list(values.tags),
    hashtags: list(values.hashtags)?.map((h) => h.replace(/^#/, '')),
    featured: flag(values, 'featured', 'no-featured', 'featured'),
    pinned: flag(values, 'pinned', 'no-pinned', 'pinned'),
    memberId: nonEmpty(text(values.member), '--member'),
    language: languageCode(text(values.language)),
    translationOf: nonEmpty(text(values['translation-of']), '--translation-of'),
    ...paidFields(values),
  };
  if (fields.translationOf && !fields.language)
    throw new UsageError('--translation-of needs --language: the translation’s language');
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as PostFields;
}

function paidFields(values: Values): Pick<PostFields, 'plans' | 'previewBlocks'> {
  if (values.free && (values.plans || values.preview))
    throw new UsageError('--free and --plans/--preview contradict each other');
  const plans = values.free ? [] : list(values.plans);
  if (plans && !values.free && plans.length === 0)
    throw new UsageError('--plans needs at least one plan (its id or its name)');
  const preview = text(values.preview);
  if (preview !== undefined && !/^\d{1,3}$/.test(preview))
    throw new UsageError(`--preview "${preview}" is not a number of blocks (0 to 999)`);
  return { plans, previewBlocks: preview === undefined ? undefined : Number(preview) };
}

/** A category's or tag's fields from its command's options: those given, checked. */
export function termFields(values: Values): TermFields {
  const fields: TermFields = {
    label: nonEmpty(text(values.label), '--label'),
    slug: slug(text(values.slug)),
    title: text(values.title),
    description: text(values.description),
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as TermFields;
}
