import { CatalogueError, errors } from '@/lib/core/errors';
import type { DataClient } from './client';
import { defineCollection, OWNER_ONLY } from './collections';
import { appliedMigrations } from './migrations';
import { OWNER } from './permissions';

// Backups of the site's own records (issue 42): `npm run blog -- backup FILE` (scripts/blog/backup.ts) writes one
// archive of the records database and the content folder, `restore FILE` brings it back onto an empty folder. The
// embedded database is one process's (the folder lock): while a site runs, the CLI asks it for a snapshot (POST
// /api/owner/backup, `takeSnapshot`), PGlite's copy of its folder taken while no statement runs; a Postgres server's
// records are pg_dump's. When the last archive was made is a record of the site's (`site-backups`), shown on the
// dashboard.

/** The last backup made, one item (`last`): written when an archive is complete, and by a restore from one. */
export const siteBackups = defineCollection({
  id: 'site-backups',
  internal: true,
  fields: {
    /** When the archive's snapshot of the records was taken. */
    takenAt: { type: 'datetime' },
    /** The archive's size. */
    bytes: { type: 'number' },
    /** Whose snapshot: `embedded` (PGlite's folder) or `postgres` (pg_dump). */
    kind: { type: 'text' },
    /** Whether it holds the content folder (the local source). */
    content: { type: 'boolean' },
    /** When this data was restored from that archive (absent: the backup was made from it). */
    restoredAt: { type: 'datetime' },
  },
  permissions: OWNER_ONLY,
});

export interface BackupRecord {
  takenAt: string;
  bytes: number;
  kind: 'embedded' | 'postgres';
  content: boolean;
  restoredAt?: string;
}

const LAST = 'last';

export async function recordBackup(client: DataClient, record: BackupRecord): Promise<void> {
  await client.save(siteBackups.id, { _id: LAST, ...record }, OWNER);
}

/** The last backup made (or restored from); null before the first. */
export async function readLastBackup(client: DataClient): Promise<BackupRecord | null> {
  const item = await client.get(siteBackups.id, LAST, OWNER);
  if (!item || typeof item.takenAt !== 'string') return null;
  return {
    takenAt: item.takenAt,
    bytes: Number(item.bytes ?? 0),
    kind: item.kind === 'postgres' ? 'postgres' : 'embedded',
    content: item.content === true,
    ...(typeof item.restoredAt === 'string' && { restoredAt: item.restoredAt }),
  };
}

/** The snapshot of the embedded database: a gzipped tarball of its folder, when, and the migration its data is at. */
export interface Snapshot {
  tarball: Blob;
  takenAt: string;
  migration: number;
}

/** The records are on a Postgres server: its backups are pg_dump's, made by the CLI where DATABASE_URL is set. */
export const notEmbedded = () =>
  new CatalogueError(
    409,
    'WDE9409',
    "the site's records are on a Postgres server (DATABASE_URL): `npm run blog -- backup FILE` dumps them with " +
      'pg_dump where DATABASE_URL is set, without asking the site',
  );

export async function takeSnapshot(client: DataClient): Promise<Snapshot> {
  const sql = client.sql;
  if (!sql?.snapshot) throw notEmbedded();
  const takenAt = new Date().toISOString();
  const tarball = await sql.snapshot();
  const migration = (await appliedMigrations(sql)).at(-1)?.id ?? 0;
  return { tarball, takenAt, migration };
}

/** How soon after now a recorded backup may say it was taken (the CLI's clock against the site's). */
const CLOCK_SKEW_MS = 10 * 60_000;

/** The record the CLI sends once its archive is complete (PUT /api/owner/backup, a form), checked (400 otherwise). */
export function backupRecordOf(form: URLSearchParams, kind: BackupRecord['kind']): BackupRecord {
  const takenAt = form.get('takenAt') ?? '';
  const time = Date.parse(takenAt);
  if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z$/.test(takenAt) || Number.isNaN(time) || time > Date.now() + CLOCK_SKEW_MS) {
    throw errors.badValue('takenAt must be the ISO date-time (UTC) the snapshot was taken, not in the future');
  }
  const bytes = Number(form.get('bytes'));
  if (!Number.isSafeInteger(bytes) || bytes <= 0)
    throw errors.badValue('bytes must be the archive size, a whole number');
  const content = form.get('content');
  if (content !== 'true' && content !== 'false') throw errors.badValue('content must be true or false');
  return { takenAt: new Date(time).toISOString(), bytes, kind, content: content === 'true' };
}
