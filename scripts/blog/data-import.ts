import { readFileSync } from 'node:fs';
import { type ImportRow, readImportText, RowError } from '@/lib/data/tools';
import type { CollectionDeclaration } from '@/lib/data/types';
import { UsageError } from './errors';

// An import file read from disk into items, each checked as the service will check it: a bad row is found before
// anything is written. The reading itself (CSV, a JSON array, JSON lines) is the data service's
// (lib/data/data-jobs/import-file.ts), so the site's import jobs take the same files and refuse the same rows.

export { type ImportRow, RowError };

/**
 * The file's items, each checked by the service's own rules (lib/data/validate.ts): a RowError names the first bad
 * one. A `.csv` file's header row names the fields; anything else is a JSON array of objects or JSON lines.
 */
export function readImportFile(file: string, collection: CollectionDeclaration): ImportRow[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  return readImportText(text, file, collection);
}
