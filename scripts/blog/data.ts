import path from 'node:path';
import cliProgress from 'cli-progress';
import { stringify } from 'csv-stringify/sync';
import { readConfig } from '@/lib/core/config';
import {
  createDataClient,
  createEmbeddedBackend,
  type DataClient,
  DataFolderBusyError,
  SITE_COLLECTIONS,
} from '@/lib/data/tools';
import { type DataItem, MAX_BULK_ITEMS, MAX_DATA_PAGE_SIZE, OWNER } from '@/lib/data/types';
import { errors, isCatalogueError } from '@/lib/core/errors';
import { DATA_USAGE, type DataCommand } from './data-args';
import { type ImportRow, readImportFile, RowError } from './data-import';
import type { DataIo } from './data-io';
import { runDataJob } from './data-jobs';
import { runIndexes } from './data-indexes';
import { UsageError } from './errors';

// `npm run blog -- data ...`: the site's collections, read and written as the owner on the embedded database, the
// way the JSON API at /api/data does it for a logged-in owner. Exit status: 0 done; 2 bad input (a usage error, a bad
// import row, any WD_VALIDATION_ERROR of the service); 1 anything else (the database held by another process).

type Run<A extends DataCommand['action']> = (
  client: DataClient,
  command: Extract<DataCommand, { action: A }>,
  io: DataIo,
) => Promise<void>;

const heldHint = (dataDir: string) =>
  `The database in ${dataDir} is in use: stop the site first, or use the JSON API at /api/data ` + 'as the owner.';

/** An import that a request stopped midway: the service's error, and what was written before it. */
class ImportStopped extends Error {
  override name = 'ImportStopped';
  constructor(
    readonly reason: unknown,
    readonly written: string,
  ) {
    super(written);
  }
}

/** Prints the error as the CLI shows every error, one line without a stack; returns the exit status. */
function report(error: unknown, io: DataIo): number {
  if (error instanceof ImportStopped) {
    const status = report(error.reason, io);
    io.err(error.written);
    return status;
  }
  if (error instanceof DataFolderBusyError) {
    io.err(`blog: ${error.holder}`);
    return 1;
  }
  if (isCatalogueError(error)) {
    io.err(`blog: ${error.wde} ${error.message}`);
    return error.code === 'WD_VALIDATION_ERROR' ? 2 : 1;
  }
  if (error instanceof RowError) {
    io.err(`blog: ${error.where}: ${error.wde ? `${error.wde} ` : ''}${error.message}`);
    return 2;
  }
  io.err(`blog: ${error instanceof Error ? error.message : String(error)}`);
  return error instanceof UsageError ? 2 : 1;
}

const show = (item: unknown) => JSON.stringify(item, null, 2);

/** A CSV cell: lists of plain text joined with ";" (as import reads them), other lists and objects as JSON. */
function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    const plain = value.length > 0 && value.every((v) => typeof v === 'string' && v !== '' && !/[;[]/.test(v));
    return plain ? value.join(';') : JSON.stringify(value);
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const insert: Run<'insert'> = async (client, { collection, item }, io) => {
  io.out(show(await client.insert(collection, item, OWNER)));
};

const get: Run<'get' | 'remove'> = async (client, { action, collection, id }, io) => {
  const item = action === 'get' ? await client.get(collection, id, OWNER) : await client.remove(collection, id, OWNER);
  if (!item) throw errors.notFound(`no item with _id "${id}" in "${collection}"`);
  io.out(show(item));
};

const count: Run<'count'> = async (client, { collection, filter }, io) => {
  io.out(String(await client.count(collection, { filter }, OWNER)));
};

/** Every matching item (or `--limit` of them), a service page (1000) at a time. */
const query: Run<'query'> = async (client, { collection, filter, sort, limit, skip, csv }, io) => {
  const declaration = SITE_COLLECTIONS.find((c) => c.id === collection);
  const columns = ['_id', ...Object.keys(declaration?.fields ?? {}), '_owner', '_createdDate', '_updatedDate'];
  const print = (items: DataItem[], first: boolean) => {
    if (!csv) return items.forEach((item) => io.out(JSON.stringify(item)));
    const rows = items.map((item) => columns.map((name) => cell(item[name])));
    const text = stringify(rows, { header: first, columns });
    if (text) io.out(text.replace(/\n$/, ''));
  };
  let total = 0;
  let shown = 0;
  let remaining = limit ?? Infinity;
  for (let offset = skip; remaining > 0;) {
    const size = Math.min(MAX_DATA_PAGE_SIZE, remaining);
    const page = await client.query(collection, { filter, sort, limit: size, skip: offset }, OWNER);
    print(page.items, shown === 0);
    total = page.totalCount;
    shown += page.items.length;
    offset += page.items.length;
    remaining -= page.items.length;
    if (!page.hasNext || page.items.length < size) break;
  }
  if (csv && shown === 0) print([], true);
  io.err(`${shown} of ${total} item${total === 1 ? '' : 's'}${skip ? ` (skipped ${skip})` : ''}`);
};

function progress(io: DataIo, collection: string, total: number) {
  const requests = Math.ceil(total / MAX_BULK_ITEMS);
  if (io.errStream?.isTTY) {
    const bar = new cliProgress.SingleBar(
      { stream: io.errStream, format: `${collection} [{bar}] {value}/{total} items, {percentage}%, ETA {eta}s` },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0);
    return { step: (done: number) => bar.update(done), stop: () => bar.stop() };
  }
  let request = 0;
  return {
    step: (done: number) => io.err(`${collection}: request ${++request}/${requests}, ${done}/${total} items written`),
    stop: () => {},
  };
}

/**
 * The whole file is read and checked first (a bad row: nothing written); then 1000 items per request. A request the
 * service refuses (an `_id` stored already, without --save) stops the import: the requests before it stay written.
 */
const importFile: Run<'import'> = async (client, { collection, file, save }, io) => {
  // Names an unknown collection (WDE0025) and opens the database before the file is read.
  const before = await client.count(collection, {}, OWNER);
  const rows = readImportFile(
    file,
    SITE_COLLECTIONS.find((c) => c.id === collection)!,
  );
  if (!rows.length) {
    io.out(`nothing to import: ${file} holds no items`);
    return;
  }
  const bar = progress(io, collection, rows.length);
  let written = 0;
  let chunk: ImportRow[] = [];
  try {
    for (let start = 0; start < rows.length; start += MAX_BULK_ITEMS) {
      chunk = rows.slice(start, start + MAX_BULK_ITEMS);
      const items = chunk.map((row) => row.item);
      await (save ? client.bulkSave(collection, items, OWNER) : client.bulkInsert(collection, items, OWNER));
      written += chunk.length;
      bar.step(written);
    }
  } catch (error) {
    bar.stop();
    throw new ImportStopped(
      error,
      `stopped at the items of ${chunk[0]!.where} to ${chunk.at(-1)!.where}: ${written} of ${rows.length} ` +
        'were written before them, none after',
    );
  }
  bar.stop();
  const requests = Math.ceil(rows.length / MAX_BULK_ITEMS);
  const from = `from ${file} (${requests} request${requests === 1 ? '' : 's'})`;
  if (!save) {
    io.out(`imported ${written} items into ${collection} ${from}`);
    return;
  }
  const added = (await client.count(collection, {}, OWNER)) - before;
  io.out(`saved ${written} items into ${collection} ${from}: ${added} new, ${written - added} replaced`);
};

function run(client: DataClient, command: Exclude<DataCommand, { action: 'help' }>, io: DataIo) {
  switch (command.action) {
    case 'insert':
      return insert(client, command, io);
    case 'get':
    case 'remove':
      return get(client, command, io);
    case 'count':
      return count(client, command, io);
    case 'query':
      return query(client, command, io);
    case 'import':
      return importFile(client, command, io);
  }
}

/** Runs a data command on DATA_DIR's database, closed at the end whatever happened (its lock goes with it). */
export async function runData(command: DataCommand, io: DataIo): Promise<number> {
  if (command.action === 'help') {
    io.out(DATA_USAGE);
    return 0;
  }
  // A job of the running site: its database is the site's to open, not this process's.
  if (command.action === 'job' || (command.action === 'import' && command.job)) {
    try {
      return await runDataJob(command, io);
    } catch (error) {
      return report(error, io);
    }
  }
  const dataDir = path.resolve(readConfig({ DATA_DIR: io.env.DATA_DIR }).dataDir);
  let client: DataClient | undefined;
  let status = 0;
  try {
    // Opening a folder fails when another process holds it (the site, most likely); the site answers the same calls.
    // It is waited for a second (a site stopping), then said here, once.
    const open = io.openBackend ?? ((dir) => createEmbeddedBackend(dir, { waitMs: 1_000, log: () => {} }));
    const backend = open(dataDir);
    client = createDataClient({ backend, collections: SITE_COLLECTIONS });
    if (command.action === 'indexes') await runIndexes(backend, client, command, io);
    else await run(client, command, io);
  } catch (error) {
    status = report(error, io);
    if (error instanceof DataFolderBusyError) io.err(heldHint(dataDir));
  } finally {
    try {
      await client?.close();
    } catch (error) {
      io.err(`blog: could not close the database in ${dataDir}: ${(error as Error).message}`);
      status ||= 1;
    }
  }
  return status;
}
