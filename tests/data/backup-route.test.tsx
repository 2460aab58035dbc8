import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MIGRATIONS } from '@/lib/data/migrations';
import { withSite } from '../helpers/site';

// POST /api/owner/backup (the embedded database's snapshot) and PUT (the record of an archive made from it) answer
// the owner only: anyone else gets 401, another site's page 403, a bad record 400, other methods 405, and nothing
// is read or written. The dashboard's line says when the last backup was made, or that none was, with the command.

const SECRET = 'backup-route-secret-that-is-long-enough-0123456789';
withSite({ OWNER_PASSWORD: 'backup-route-password', SESSION_SECRET: SECRET }, { database: true });

const route = await import('@/app/api/owner/backup/route');
const { SESSION_COOKIE, signSession } = await import('@/lib/owner/tokens');
const { lastBackup } = await import('@/lib/data');
const { BackupStatus } = await import('@/components/dashboard/backup-status');

const owner = () => `${SESSION_COOKIE}=${signSession(SECRET).token}`;
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const request = (method: string, headers: Record<string, string> = {}, body?: string) =>
  new Request('http://127.0.0.1:3000/api/owner/backup', { method, headers, body });
const errorOf = async (response: Response) => [
  response.status,
  ((await response.json()) as { error: { wde: string } }).error.wde,
];

describe('the backup route', () => {
  it('answers the owner only', async () => {
    expect(await errorOf(await route.POST(request('POST', form, '')))).toEqual([401, 'WDE9401']);
    const record = 'takenAt=2026-01-01T00:00:00.000Z&bytes=10&content=false';
    expect(await errorOf(await route.PUT(request('PUT', form, record)))).toEqual([401, 'WDE9401']);
    const crossSite = { ...form, cookie: owner(), origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect(await errorOf(await route.POST(request('POST', crossSite, '')))).toEqual([403, 'WDE9403']);
    expect(await errorOf(await route.PUT(request('PUT', crossSite, record)))).toEqual([403, 'WDE9403']);
    expect((await route.GET(request('GET', { cookie: owner() }))).status).toBe(405);
    expect(await lastBackup()).toBeNull();
  });

  it('gives the owner a snapshot of the database, and records a whole archive', async () => {
    const snapshot = await route.POST(request('POST', { ...form, cookie: owner() }, ''));
    expect(snapshot.status).toBe(200);
    expect(snapshot.headers.get('content-type')).toBe('application/gzip');
    expect(snapshot.headers.get('cache-control')).toBe('private, no-store');
    // The newest migration the database has had: the last this release knows.
    expect(snapshot.headers.get('x-data-migration')).toBe(String(MIGRATIONS.at(-1)!.id));
    const tarball = Buffer.from(await snapshot.arrayBuffer());
    expect(tarball.length).toBe(Number(snapshot.headers.get('content-length')));
    expect([...tarball.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const takenAt = snapshot.headers.get('x-backup-taken-at')!;

    for (const bad of [
      'takenAt=yesterday&bytes=10&content=false',
      `takenAt=${takenAt}&bytes=-1&content=false`,
      `takenAt=${takenAt}&bytes=10&content=maybe`,
      `takenAt=2999-01-01T00:00:00.000Z&bytes=10&content=false`,
    ]) {
      expect(await errorOf(await route.PUT(request('PUT', { ...form, cookie: owner() }, bad)))).toEqual([
        400,
        'WDE0046',
      ]);
    }
    expect(await lastBackup()).toBeNull();
    const recorded = await route.PUT(
      request('PUT', { ...form, cookie: owner() }, `takenAt=${takenAt}&bytes=${tarball.length}&content=false`),
    );
    expect(recorded.status).toBe(204);
    expect(await lastBackup()).toEqual({ takenAt, bytes: tarball.length, kind: 'embedded', content: false });
  });
});

describe("the dashboard's line", () => {
  const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&[a-z]+;/g, '"');
  it('says when the last backup was made, or that none was, with the command', () => {
    expect(text(renderToStaticMarkup(<BackupStatus last={null} />))).toContain(
      'No backup yet: make one with npm run blog -- backup FILE',
    );
    const last = { takenAt: '2026-11-28T09:30:00.000Z', bytes: 1, kind: 'embedded' as const, content: true };
    expect(text(renderToStaticMarkup(<BackupStatus last={last} />))).toContain(
      'Last backup: Nov 28, 2026, 9:30 AM UTC.',
    );
    expect(
      text(renderToStaticMarkup(<BackupStatus last={{ ...last, restoredAt: '2026-11-29T10:00:00.000Z' }} />)),
    ).toContain('this data was restored from it on Nov 29, 2026, 10:00 AM UTC');
    expect(text(renderToStaticMarkup(<BackupStatus last={undefined} />))).toContain('cannot be read just now');
  });
});
