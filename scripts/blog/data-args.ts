import { parseArgs } from 'node:util';
import { SITE_COLLECTIONS } from '@/lib/data/tools';
import type { SortSpec } from '@/lib/core/query/sort';
import { type IndexesCommand, indexFields } from './data-indexes';
import { UsageError } from './errors';

// `npm run blog -- data <action> ...`: the data collections' own arguments. What the service checks (a filter's
// operators, field names, an item's fields) is left to it, so the CLI answers with the same WDE codes as the JSON API.

export type DataCommand =
  | { action: 'help' }
  | { action: 'insert'; collection: string; item: unknown }
  | { action: 'get' | 'remove'; collection: string; id: string }
  | {
      action: 'query';
      collection: string;
      filter?: unknown;
      sort: SortSpec[];
      /** Absent: every matching item. */
      limit?: number;
      skip: number;
      csv: boolean;
    }
  | { action: 'count'; collection: string; filter?: unknown }
  | {
      action: 'import';
      collection: string;
      file: string;
      save: boolean;
      /** As a job of the running site (SITE_URL, as its owner), followed with a progress bar; `detach`: left. */
      job: boolean;
      detach: boolean;
    }
  | { action: 'job'; id: string }
  | IndexesCommand;

export const DATA_USAGE = `Data collections (as the site owner, on the embedded database in DATA_DIR, default .data/;
stop the site first, the database opens in one process at a time):
  data insert <collection> '<json object>'          data get <collection> <id>       data remove <collection> <id>
  data query <collection> [--filter '<json>'] [--sort field,-field] [--limit N] [--skip N] [--csv]
  data count <collection> [--filter '<json>']
  data import <collection> <file.json|file.jsonl|file.csv> [--save] [--job [--detach]]     data job <job id>
Collections: ${SITE_COLLECTIONS.map((c) => c.id).join(', ')}. query prints JSON lines (CSV with --csv) and the total on stderr; import writes
1000 items per request (--save replaces items whose _id is stored), after checking the whole file.
With --job the running site (at SITE_URL, or http://localhost:$PORT when only PORT is set) imports the file as a job,
signed in as its owner (OWNER_PASSWORD), and the CLI shows its progress; --detach (or Ctrl-C) leaves it running there,
and data job <job id> follows it again.
  data indexes create <collection> <name> <field,-field...> [--unique] [--case-insensitive]
  data indexes list <collection>                    data indexes drop <collection> <name>
An index is built by the database: create waits for it to be ACTIVE (or FAILED: a unique index over repeated values),
drop for DROPPED. A collection has at most 3 indexes of up to 3 fields (- first: descending) and 1 unique index.`;

const OPTIONS = {
  filter: { type: 'string' },
  sort: { type: 'string', multiple: true },
  limit: { type: 'string' },
  skip: { type: 'string' },
  csv: { type: 'boolean' },
  save: { type: 'boolean' },
  job: { type: 'boolean' },
  detach: { type: 'boolean' },
  unique: { type: 'boolean' },
  'case-insensitive': { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

type OptionName = keyof typeof OPTIONS;

const ALLOWED: Record<string, { args: string[]; options: OptionName[] }> = {
  insert: { args: ['collection', "item (a JSON object, in '...')"], options: [] },
  get: { args: ['collection', 'item id'], options: [] },
  remove: { args: ['collection', 'item id'], options: [] },
  query: { args: ['collection'], options: ['filter', 'sort', 'limit', 'skip', 'csv'] },
  count: { args: ['collection'], options: ['filter'] },
  import: { args: ['collection', 'file'], options: ['save', 'job', 'detach'] },
  job: { args: ['job id'], options: [] },
  'indexes create': {
    args: ['collection', 'index name', 'fields (field,-field: - for descending)'],
    options: ['unique', 'case-insensitive'],
  },
  'indexes list': { args: ['collection'], options: [] },
  'indexes drop': { args: ['collection', 'index name'], options: [] },
};

const VALUED = new Set(Object.entries(OPTIONS).flatMap(([name, o]) => (o.type === 'string' ? [`--${name}`] : [])));

/**
 * After `indexes`, a word that is not one of our `--` options is an argument (`-age,name` is a descending field, not a
 * short option): the options first, then `--` and the words.
 */
function indexWords(argv: string[]): string[] {
  if (argv[0] !== 'indexes') return argv;
  const isOption = (arg: string) => arg.startsWith('--') && arg !== '--';
  return [...argv.filter(isOption), '--', ...argv.filter((arg) => !isOption(arg) && arg !== '--')];
}

/** `--sort -field` reads as two options to parseArgs: a value is joined to its option, whatever its first character. */
function joinValues(argv: string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    joined.push(VALUED.has(arg) && i + 1 < argv.length ? `${arg}=${argv[++i]}` : arg);
  }
  return joined;
}

function json(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${what} is not JSON: ${(error as Error).message}`);
  }
}

function count(text: string | undefined, name: string, min: number): number | undefined {
  if (text === undefined) return undefined;
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!Number.isSafeInteger(value) || value < min)
    throw new UsageError(`--${name} must be a whole number${min ? ` from ${min}` : ''}, got "${text}"`);
  return value;
}

/** `a,-b` (or several --sort): ascending, or descending with a leading `-`; the service checks the fields. */
function sortSpecs(values: string[] = []): SortSpec[] {
  return values
    .flatMap((value) => value.split(','))
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) =>
      s.startsWith('-') ? { fieldName: s.slice(1), order: 'DESC' } : { fieldName: s.replace(/^\+/, ''), order: 'ASC' },
    );
}

/** The arguments after `data`. */
export function parseDataCommand(argv: string[]): DataCommand {
  let parsed;
  try {
    parsed = parseArgs({ args: joinValues(indexWords(argv)), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [verb = '', ...given] = positionals;
  // `indexes` has its own commands: `indexes create` is one command, its arguments after it.
  const [action, args] = verb === 'indexes' ? [`indexes ${given[0] ?? ''}`, given.slice(1)] : [verb, given];
  if (values.help || action === 'help') return { action: 'help' };
  if (!action) throw new UsageError('missing the data command');
  if (action === 'indexes ') throw new UsageError('missing the indexes command: create, list or drop');
  const allowed = ALLOWED[action];
  if (!allowed) throw new UsageError(`unknown data command: ${action}`);
  const extra = (Object.keys(values) as OptionName[]).filter((name) => !allowed.options.includes(name));
  if (extra.length) throw new UsageError(`data ${action} does not take ${extra.map((name) => `--${name}`).join(', ')}`);
  if (args.length < allowed.args.length) throw new UsageError(`missing the ${allowed.args[args.length]}`);
  if (args.length > allowed.args.length)
    throw new UsageError(`unexpected arguments: ${args.slice(allowed.args.length).join(' ')}`);
  const [collection = '', second = ''] = args;
  const filter = values.filter === undefined ? undefined : json(values.filter, '--filter');

  switch (action) {
    case 'insert':
      return { action, collection, item: json(second, 'the item') };
    case 'get':
    case 'remove':
      return { action, collection, id: second };
    case 'query':
      return {
        action,
        collection,
        filter,
        sort: sortSpecs(values.sort),
        limit: count(values.limit, 'limit', 1),
        skip: count(values.skip, 'skip', 0) ?? 0,
        csv: values.csv === true,
      };
    case 'count':
      return { action, collection, filter };
    case 'job':
      return { action, id: collection };
    case 'indexes create':
      return {
        action: 'indexes',
        op: 'create',
        collection,
        name: second,
        fields: indexFields([args[2]!]),
        unique: values.unique === true,
        caseInsensitive: values['case-insensitive'] === true,
      };
    case 'indexes list':
      return { action: 'indexes', op: 'list', collection };
    case 'indexes drop':
      return { action: 'indexes', op: 'drop', collection, name: second };
    default:
      // --detach is a job's: it implies --job.
      return {
        action: 'import',
        collection,
        file: second,
        save: values.save === true,
        job: values.job === true || values.detach === true,
        detach: values.detach === true,
      };
  }
}
