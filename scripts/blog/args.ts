import { parseArgs } from 'node:util';
import type { TermKind } from './content-folder';
import { DATA_USAGE } from './data-args';
import { OUTBOX_USAGE } from './outbox';
import { WIX_USAGE } from './wix';
import { BACKUP_USAGE } from './backup';
import { IMPORT_USAGE } from './transfer/command';
import { UsageError } from './errors';
import {
  nonEmpty,
  OPTIONS,
  type OptionName,
  type PostFields,
  postFields,
  type TermFields,
  termFields,
  text,
  type Values,
} from './fields';

export type Command =
  | { name: 'help' }
  | { name: 'create'; post: PostFields & { title: string }; draft: boolean }
  | { name: 'update'; ref: string; post: PostFields }
  | { name: 'publish' | 'unpublish' | 'delete' | 'unschedule'; ref: string }
  | { name: 'schedule'; ref: string; at: string }
  | { name: 'like' | 'unlike'; ref: string }
  | { name: 'term-create'; kind: TermKind; term: TermFields & { label: string } }
  | { name: 'term-update'; kind: TermKind; ref: string; term: TermFields }
  | { name: 'term-delete'; kind: TermKind; ref: string };

export const USAGE = `Usage: npm run blog -- <command> [options]

Posts (<post> is an id or a slug):
  create <title> [--excerpt TEXT] [--slug SLUG] [--content FILE.md|FILE.json]
         [--categories a,b] [--tags a,b] [--hashtags a,b] [--featured] [--pinned] [--draft] [--member ID]
         [--language CODE] [--translation-of POST]   (a translation: its categories and tags default to the
         original's, in its language; the original's page then links to it)
  update <post> [--title TEXT] [--excerpt TEXT] [--slug SLUG] [--content FILE] [--categories a,b]
         [--tags a,b] [--hashtags a,b] [--featured|--no-featured] [--pinned|--no-pinned]
         [--plans a,b [--preview N] | --free]   paid: for members with one of the plans (each an id or a name of
                                                 the site's Plans, read from DATABASE_URL, else from DATA_DIR while
                                                 no running site holds it); --preview: the blocks everyone reads
                                                 (default 3); --free: for everyone again
  publish <post>       unpublish <post>       delete <post>
  schedule <post> <when>   a draft goes live at <when>, published by the site: an ISO date-time with its
                           offset (2026-12-07T09:00:00+01:00) or from now (+90s, +15m, +2h, +1d)
  unschedule <post>        back to a draft that waits
  like <post>                                 unlike <post>

Categories and tags (<term> is an id or a slug; categories also take --title and --description):
  categories create <label> [--slug SLUG] [--title TEXT] [--description TEXT]
  categories update <term> [--label TEXT] [--slug SLUG] [--title TEXT] [--description TEXT]
  categories delete <term>
  tags create <label> [--slug SLUG]     tags update <term> [--label TEXT] [--slug SLUG]     tags delete <term>

Each command writes the content folder (BLOG_CONTENT_DIR, default content/) atomically and sends nothing: a
running site watches the folder and shows the change. New posts and terms get their address under SITE_URL
(default http://localhost:3000, as the site reads it). The commands that ask the running site (data import --job,
data job, backup) reach it at SITE_URL, or at http://localhost:$PORT when only PORT is set, and say where.

Another blog in, this one out (docs/owning.md, "Moving in and out"):
${IMPORT_USAGE.replace(/^/gm, '  ')}

${DATA_USAGE}

${OUTBOX_USAGE}

${WIX_USAGE}

${BACKUP_USAGE}`;

const POST_EDIT: OptionName[] = ['title', 'excerpt', 'slug', 'content', 'categories', 'tags', 'hashtags'];
const ALLOWED: Record<string, OptionName[]> = {
  create: [...POST_EDIT, 'featured', 'pinned', 'draft', 'member', 'language', 'translation-of'],
  update: [...POST_EDIT, 'featured', 'no-featured', 'pinned', 'no-pinned', 'plans', 'free', 'preview'],
  publish: [],
  unpublish: [],
  delete: [],
  schedule: [],
  unschedule: [],
  like: [],
  unlike: [],
  'category create': ['label', 'slug', 'title', 'description'],
  'category update': ['label', 'slug', 'title', 'description'],
  'tag create': ['label', 'slug'],
  'tag update': ['label', 'slug'],
  'category delete': [],
  'tag delete': [],
};

const TERM_WORDS: Record<string, TermKind> = { categories: 'category', category: 'category', tags: 'tag', tag: 'tag' };

const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** When a scheduled post goes live: `+90s`, `+15m`, `+2h`, `+1d` from now, or an ISO date-time with its offset. */
export function parseWhen(value: string, now = new Date()): string {
  const relative = /^\+(\d{1,6})([smhd])$/.exec(value.trim());
  const absolute = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim());
  const at = relative
    ? new Date(now.getTime() + Number(relative[1]) * UNITS[relative[2]!]!)
    : absolute
      ? new Date(value.trim())
      : null;
  if (!at || Number.isNaN(at.getTime()))
    throw new UsageError(
      `"${value}" is not a time: give an ISO date-time with its offset (2026-12-07T09:00:00+01:00) or +90s, +15m, +2h, +1d`,
    );
  if (at.getTime() <= now.getTime()) throw new UsageError(`${at.toISOString()} has passed: a post is scheduled ahead`);
  return at.toISOString();
}

function one(positionals: string[], what: string): string {
  if (positionals.length === 0) throw new UsageError(`missing ${what}`);
  if (positionals.length > 1)
    throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(' ')} (quote a title with spaces)`);
  return positionals[0]!;
}

export function parseCommand(argv: string[]): Command {
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  let positionals = parsed.positionals;
  if (values.help || positionals.length === 0 || positionals[0] === 'help') return { name: 'help' };
  if (positionals[0] === 'posts' || positionals[0] === 'post') positionals = positionals.slice(1);
  const [verb = '', ...rest] = positionals;
  const kind = TERM_WORDS[verb];
  const [action = '', ...args] = kind ? rest : [verb, ...rest];
  const key = kind ? `${kind} ${action}` : action;
  const allowed = ALLOWED[key];
  if (!allowed) throw new UsageError(`unknown command: ${positionals.join(' ')}`);
  const extra = (Object.keys(values) as OptionName[]).filter((name) => !allowed.includes(name));
  if (extra.length) throw new UsageError(`${key} does not take ${extra.map((name) => `--${name}`).join(', ')}`);

  if (kind) {
    if (action === 'create') {
      const label = nonEmpty(text(values.label) ?? args[0], 'the label');
      if (!label) throw new UsageError(`missing the ${kind}'s label`);
      if (args.length > (values.label ? 0 : 1)) throw new UsageError(`unexpected arguments: ${args.join(' ')}`);
      return { name: 'term-create', kind, term: { ...termFields(values), label } };
    }
    const ref = one(args, `the ${kind} (id or slug)`);
    if (action === 'update') {
      const term = termFields(values);
      if (Object.keys(term).length === 0)
        throw new UsageError(
          `nothing to update: give --label, --slug${kind === 'category' ? ', --title or --description' : ''}`,
        );
      return { name: 'term-update', kind, ref, term };
    }
    return { name: 'term-delete', kind, ref };
  }

  switch (action) {
    case 'create': {
      const title = nonEmpty(text(values.title) ?? args[0], 'the title');
      if (!title) throw new UsageError('missing the title: create "My title" or --title "My title"');
      if (args.length > (values.title ? 0 : 1))
        throw new UsageError(`unexpected arguments: ${args.join(' ')} (quote a title with spaces)`);
      return { name: 'create', post: { ...postFields(values), title }, draft: values.draft === true };
    }
    case 'update': {
      const ref = one(args, 'the post (id or slug)');
      const post = postFields(values);
      if (Object.keys(post).length === 0)
        throw new UsageError(
          'nothing to update: give at least one of --title, --excerpt, --slug, --content, --categories, --tags, --hashtags, --featured, --pinned, --plans, --free, --preview',
        );
      return { name: 'update', ref, post };
    }
    case 'like':
    case 'unlike':
      return {
        name: action,
        ref: one(args, 'the post (id or slug)'),
      };
    case 'schedule': {
      const [ref, when, ...more] = args;
      if (!ref || !when) throw new UsageError('schedule <post> <when>: give the post and when it goes live');
      if (more.length) throw new UsageError(`unexpected arguments: ${more.join(' ')}`);
      return { name: 'schedule', ref, at: parseWhen(when) };
    }
    default:
      return {
        name: action as 'publish' | 'unpublish' | 'delete' | 'unschedule',
        ref: one(args, 'the post (id or slug)'),
      };
  }
}
