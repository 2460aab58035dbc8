import { stringify } from 'csv-stringify/sync';

// CSV for the owner's exports (the subscribers, analytics' tables), as csv-stringify writes it.

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@` first; an address may start with `+` or `-`) is
 * quoted as text with a leading apostrophe, as OWASP advises for CSV exports.
 */
export const inert = (value: unknown) => {
  const text = value === undefined || value === null ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};

/** Rows as CSV text, every cell made inert. */
export const csvRows = (rows: readonly (readonly unknown[])[]) => stringify(rows.map((row) => row.map(inert)));
