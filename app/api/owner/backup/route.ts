import { ownerForm } from '@/lib/edge/api/owner-form';
import { jsonHandler, otherMethods } from '@/lib/edge/api/respond';
import { recordSiteBackup, siteSnapshot } from '@/lib/data';

// The backup's side of the running site (`npm run blog -- backup FILE`, scripts/blog/backup.ts), the owner's only (401
// otherwise, 403 cross-site; nothing is read or written):
// - POST: a snapshot of the embedded records database, which this process holds (PGlite: one process per folder):
//   its folder as a gzipped tarball, copied while no statement runs (every write committed before it, none after),
//   with when it was taken and the migration its data is at. 409 WDE9409 when the records are on a Postgres server
//   (pg_dump backs those up, without the site).
// - PUT: the record of an archive the CLI has written whole from it (a form: takenAt, bytes, content), which the
//   dashboard shows as the last backup; 204.
// The archive holds members' password hashes: the answer is never cached or stored on the way.

export const POST = jsonHandler(async (request: Request): Promise<Response> => {
  await ownerForm(request);
  const { tarball, takenAt, migration } = await siteSnapshot();
  return new Response(tarball.stream(), {
    status: 200,
    headers: {
      'Content-Type': 'application/gzip',
      'Content-Length': String(tarball.size),
      'Content-Disposition': 'attachment; filename="data.tar.gz"',
      'Cache-Control': 'private, no-store',
      'X-Backup-Taken-At': takenAt,
      'X-Data-Migration': String(migration),
    },
  });
});

export const PUT = jsonHandler(async (request: Request): Promise<Response> => {
  await recordSiteBackup(await ownerForm(request));
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
});

export const { GET, HEAD, PATCH, DELETE, OPTIONS } = otherMethods(['POST', 'PUT']);
