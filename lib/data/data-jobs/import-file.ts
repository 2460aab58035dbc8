import { parse } from 'csv-parse/sync';
import { isCatalogueError } from '@/lib/core/errors';
import { isRecord } from '@/lib/core/json';
import type { CollectionDeclaration, FieldType } from '../model';
import { checkItem } from '../validate';

// An import file read into items, each with where it stands (file:line, or the item's place in a JSON array), and
// checked as the service will check it: a bad row is found before anything is written. One reader for the CLI's
// `data import` (scripts/blog/data-import.ts reads the file from disk) and the site's import jobs (the file the owner
// uploaded), so both take the same files and refuse the same rows with the same words.

export interface ImportRow {
  where: string;
  item: Record<string, unknown>;
}

/** A row that cannot be imported: names the file and line, and the WDE code when the service's rules refuse it. */
export class RowError extends Error {
  override name = 'RowError';
  constructor(
    readonly where: string,
    message: string,
    readonly wde?: string,
  ) {
    super(message);
  }
}

/** How a file is read: CSV (a header row names the fields), or JSON (an array of objects, or one object a line). */
export type ImportFormat = 'CSV' | 'JSON';

/** What the service stamps itself: accepted in a file (as `data query --csv` writes them) and left out. */
const STAMPED = new Set(['_owner', '_createdDate', '_updatedDate']);

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const TRUE = new Set(['true', 'yes', '1']);
const FALSE = new Set(['false', 'no', '0']);

function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${what} is not JSON: ${(error as Error).message}`);
  }
}

/** A CSV cell as its field's declared type; an empty cell leaves the field out. */
function cellValue(type: FieldType, text: string): unknown {
  switch (type) {
    case 'number':
      if (!NUMBER.test(text)) throw new Error(`"${text}" is not a number`);
      return Number(text);
    case 'boolean': {
      const word = text.toLowerCase();
      if (TRUE.has(word)) return true;
      if (FALSE.has(word)) return false;
      throw new Error(`"${text}" is not a boolean (true or false)`);
    }
    case 'date':
    case 'datetime':
      if (Number.isNaN(Date.parse(text))) throw new Error(`"${text}" is not a date (ISO 8601: 2025-01-31T12:00:00Z)`);
      return text;
    case 'array':
    case 'multiReference': {
      if (!text.startsWith('[')) return text.split(';').map((s) => s.trim());
      const list = parseJson(text, 'the list');
      if (!Array.isArray(list)) throw new Error('a list is a JSON array or values separated by ";"');
      return list;
    }
    case 'object':
    case 'richText': {
      const object = parseJson(text, 'the object');
      if (!isRecord(object)) throw new Error('takes a JSON object');
      return object;
    }
    default:
      return text;
  }
}

function readCsv(text: string, file: string, collection: CollectionDeclaration): ImportRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // Line numbers count "\n" only: csv-parse miscounts "\r\n" around empty lines.
    records = parse(text.replace(/\r\n?/g, '\n'), {
      info: true,
      bom: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new RowError(line ? `${file}:${line}` : file, (error as Error).message);
  }
  const [header, ...rows] = records;
  if (!header) return [];
  const names = header.record.map((name) => name.trim());
  names.forEach((name, i) => {
    const where = `${file}:${header.info.lines}`;
    if (names.indexOf(name) !== i) throw new RowError(where, `column "${name}" appears twice`);
    if (name !== '_id' && !STAMPED.has(name) && !Object.hasOwn(collection.fields, name)) {
      const fields = ['_id', ...Object.keys(collection.fields)].join(', ');
      throw new RowError(where, `column "${name}" is not a field of "${collection.id}" (${fields})`, 'WDE0045');
    }
  });
  return rows.map(({ record, info }) => {
    const where = `${file}:${info.lines}`;
    const item: Record<string, unknown> = {};
    record.forEach((cell, i) => {
      const name = names[i]!;
      if (cell === '' || STAMPED.has(name)) return;
      try {
        item[name] = name === '_id' ? cell : cellValue(collection.fields[name]!.type, cell);
      } catch (error) {
        throw new RowError(where, `column "${name}": ${(error as Error).message}`);
      }
    });
    return { where, item };
  });
}

function readJson(text: string, file: string): ImportRow[] {
  const asItem = (value: unknown, where: string): ImportRow => {
    if (!isRecord(value)) throw new RowError(where, 'an item must be a JSON object');
    return { where, item: value };
  };
  if (
    text
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('[')
  ) {
    let list: unknown[];
    try {
      list = JSON.parse(text.replace(/^\uFEFF/, '')) as unknown[];
    } catch (error) {
      throw new RowError(file, `not JSON: ${(error as Error).message}`);
    }
    return list.map((value, i) => asItem(value, `${file}: item ${i + 1}`));
  }
  // JSON lines: one object a line.
  return text.split('\n').flatMap((line, i) => {
    if (!line.trim()) return [];
    const where = `${file}:${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(i === 0 ? line.replace(/^\uFEFF/, '') : line);
    } catch (error) {
      throw new RowError(where, `not JSON: ${(error as Error).message}`);
    }
    return [asItem(value, where)];
  });
}

/** The format a file's name says: `.csv` is CSV, anything else JSON (an array, or JSON lines). */
export const formatOfName = (name: string): ImportFormat => (/\.csv$/i.test(name) ? 'CSV' : 'JSON');

/**
 * The text's items, each checked by the service's own rules (lib/data/validate.ts): a RowError names the first bad
 * one (`name` is what the places begin with: the file's name). CSV: a header row names the fields; JSON: an array of
 * objects or JSON lines.
 */
export function readImportText(
  text: string,
  name: string,
  collection: CollectionDeclaration,
  format: ImportFormat = formatOfName(name),
): ImportRow[] {
  const rows = format === 'CSV' ? readCsv(text, name, collection) : readJson(text, name);
  for (const { where, item } of rows) {
    try {
      checkItem(item, collection);
    } catch (error) {
      if (isCatalogueError(error)) throw new RowError(where, error.message, error.wde);
      throw error;
    }
  }
  return rows;
}
