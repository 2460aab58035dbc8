import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_MEMBERS, joinMember, withSite } from '../helpers/site';

// A member's own picture (the account page, issue 47): a file uploaded by the plain form (multipart, no JavaScript)
// becomes a 256-pixel square WebP, judged by its content and re-encoded without its metadata, kept in the site's
// records and served at its own address; a bad file is the catalogue's error and changes nothing; a member keeps one
// picture, whichever way it changes; nothing secret in any answer or log line.

const SITE = 'https://blog.example';
const { contentDir } = withSite(
  {
    ...OPEN_MEMBERS,
    SESSION_SECRET: 'members-picture-test-secret-long-enough-0123',
    SITE_URL: SITE,
    TRUST_PROXY_HOPS: '1',
  },
  { content: true, database: true },
);
mkdirSync(path.join(contentDir, 'media'), { recursive: true });
writeFileSync(path.join(contentDir, 'media', 'hero-bars.png'), 'an illustration');

const { POST: pictureRoute, GET: pictureGet } = await import('@/app/api/members/account/picture/route');
const { GET: servePicture, HEAD: headPicture } = await import('@/app/api/members/account/picture/[file]/route');
const { POST: profileRoute } = await import('@/app/api/members/profile/route');
const { siteMembers, memberPictures, PICTURES_PER_HOUR } = await import('@/lib/members');
const { recordsClient, OWNER } = await import('@/lib/data');

let client = 0;
let logs: string[] = [];
beforeEach(() => {
  client += 1;
  logs = [];
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')));
  }
});

/** An image of `width`×`height` in `format`, with EXIF naming where and by whom it was taken. */
async function image(format: 'jpeg' | 'png' | 'webp' | 'gif', width = 640, height = 480) {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  const exif = { IFD0: { Artist: 'SECRET-ARTIST-NAME', ImageDescription: 'SECRET-PLACE-52.52N' } };
  return base.withExif(exif).toFormat(format).toBuffer();
}

interface Upload {
  cookie?: string;
  name?: string;
  type?: string;
  json?: boolean;
  headers?: Record<string, string>;
}

/** The account page's picture form as a browser posts it (multipart), `bytes` the chosen file; null: none chosen. */
function upload(bytes: Uint8Array | null, { cookie, name = 'me.png', type = 'image/png', json, headers }: Upload) {
  const form = new FormData();
  if (bytes) form.set('picture', new Blob([new Uint8Array(bytes)], { type }), name);
  else form.set('picture', new Blob([], { type: 'application/octet-stream' }), '');
  return new Request(`${SITE}/api/members/account/picture`, {
    method: 'POST',
    body: form,
    headers: {
      origin: SITE,
      'x-forwarded-for': `203.0.113.${client}`,
      ...(cookie && { cookie }),
      ...(json && { accept: 'application/json' }),
      ...headers,
    },
  });
}

const urlencoded = (route: string, fields: Record<string, string>, cookie: string) =>
  new Request(`${SITE}/api/members/${route}`, {
    method: 'POST',
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, cookie },
  });

const location = (response: Response) => [response.status, response.headers.get('location')];
const whoIs = (session: string) => siteMembers().memberOf(session);
const stored = async (memberId: string) =>
  (await recordsClient(memberPictures).query(memberPictures.id, { filter: { memberId: { $eq: memberId } } }, OWNER))
    .items;
const fileOf = (avatar: string | undefined) => avatar!.split('/').at(-1)!;
const get = (file: string, headers: Record<string, string> = {}) =>
  servePicture(new Request(`${SITE}/api/members/account/picture/${file}`, { headers }), {
    params: Promise.resolve({ file }),
  });

/** Every answer must be free of the session token; every log line too. */
async function clean(response: Response, session: string) {
  const body = await response.clone().text();
  expect(body).not.toContain(session);
  expect(response.headers.get('location') ?? '').not.toContain(session);
  expect(logs.join('\n')).not.toContain(session);
  return response;
}

describe('uploading a picture', () => {
  it('makes a 256-pixel square WebP without the file’s metadata, shown as the member’s picture', async () => {
    const ada = await joinMember('ada@example.com', 'Ada');
    const jpeg = await image('jpeg', 1200, 800);
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const answer = await clean(
      await pictureRoute(upload(jpeg, { cookie: ada.cookie, name: 'me.jpg' })),
      ada.sessionToken,
    );
    expect(location(answer)).toEqual([303, '/account?notice=picture-saved']);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');

    const member = await whoIs(ada.sessionToken);
    expect(member?.avatar).toMatch(/^\/api\/members\/account\/picture\/[0-9a-f]{32}\.webp$/);
    const served = await get(fileOf(member?.avatar));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('SECRET');
    // The same bytes again are a 304 by their ETag; HEAD says as much without the body.
    const etag = served.headers.get('etag')!;
    expect((await get(fileOf(member?.avatar), { 'if-none-match': etag })).status).toBe(304);
    const head = await headPicture(new Request(`${SITE}${member!.avatar}`, { method: 'HEAD' }), {
      params: Promise.resolve({ file: fileOf(member?.avatar) }),
    });
    expect([head.status, await head.text()]).toEqual([200, '']);
  });

  it('judges the file by its content, not its name or declared type: PNG, WebP and GIF in, a square out', async () => {
    const bo = await joinMember('bo@example.com', 'Bo');
    for (const [format, name, type] of [
      ['png', 'portrait.txt', 'text/plain'],
      ['webp', 'noname', 'application/octet-stream'],
      ['gif', 'anim.jpg', 'image/jpeg'],
    ] as const) {
      const answer = await pictureRoute(upload(await image(format, 300, 900), { cookie: bo.cookie, name, type }));
      expect(location(answer)).toEqual([303, '/account?notice=picture-saved']);
      const served = await get(fileOf((await whoIs(bo.sessionToken))?.avatar));
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
        format: 'webp',
        width: 256,
        height: 256,
      });
    }
  });

  it('answers JSON with the new picture, or the catalogue’s error, to a client that asks for it', async () => {
    const cy = await joinMember('cy@example.com', 'Cy');
    const made = await pictureRoute(upload(await image('png'), { cookie: cy.cookie, json: true }));
    expect(made.status).toBe(201);
    expect(await made.json()).toEqual({ avatar: (await whoIs(cy.sessionToken))?.avatar });

    const refused = await pictureRoute(upload(Buffer.from('not a picture'), { cookie: cy.cookie, json: true }));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({
      error: { code: 'WD_VALIDATION_ERROR', wde: 'WDE9422', message: expect.stringMatching(/JPEG, PNG, WebP or GIF/) },
    });
    const anonymous = await pictureRoute(upload(await image('png'), { json: true }));
    expect(anonymous.status).toBe(401);
  });
});

describe('a bad file', () => {
  /** A PNG whose header claims `side`×`side` pixels, with almost no data: what decodes to gigabytes. */
  function pngClaiming(side: number) {
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(side, 0);
    header.writeUInt32BE(side, 4);
    header.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  it('is refused with a notice (not an image, too large, none chosen), the picture as it was and nothing stored', async () => {
    const di = await joinMember('di@example.com', 'Di');
    await pictureRoute(upload(await image('png'), { cookie: di.cookie }));
    const before = await whoIs(di.sessionToken);
    const kept = await stored(di.id);
    expect(kept).toHaveLength(1);

    const png = await image('png');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const bmp = await sharp(png).toFormat('tiff').toBuffer();
    for (const [bytes, name, type] of [
      [Buffer.from('hello, I am text'), 'me.png', 'image/png'],
      [svg, 'me.svg', 'image/svg+xml'],
      [html, 'me.gif', 'image/gif'],
      [bmp, 'me.tiff', 'image/tiff'],
      [png.subarray(0, Math.floor(png.length / 2)), 'half.png', 'image/png'],
      [pngClaiming(20_000), 'bomb.png', 'image/png'],
    ] as const) {
      const refused = await clean(
        await pictureRoute(upload(bytes, { cookie: di.cookie, name, type })),
        di.sessionToken,
      );
      expect([name, ...location(refused)]).toEqual([name, 303, '/account?notice=picture-not-image']);
    }
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 7);
    expect(location(await pictureRoute(upload(big, { cookie: di.cookie })))).toEqual([
      303,
      '/account?notice=picture-too-large',
    ]);
    const huge = Buffer.alloc(6 * 1024 * 1024, 7);
    const tooLarge = await pictureRoute(upload(huge, { cookie: di.cookie, json: true }));
    expect([tooLarge.status, (await tooLarge.json()).error.wde]).toEqual([413, 'WDE0109']);
    expect(location(await pictureRoute(upload(null, { cookie: di.cookie })))).toEqual([
      303,
      '/account?notice=picture-missing',
    ]);

    expect(await whoIs(di.sessionToken)).toEqual(before);
    expect(await stored(di.id)).toEqual(kept);
    // Refusals are the catalogue's, not failures: nothing is logged as one.
    expect(logs.join('\n')).not.toContain('picture upload failed');
  });

  it('is refused from another site, or without a session, and nothing is stored', async () => {
    const ed = await joinMember('ed@example.com', 'Ed');
    const png = await image('png');
    const crossSite = await pictureRoute(
      upload(png, { cookie: ed.cookie, headers: { origin: 'https://evil.example' } }),
    );
    expect(location(crossSite)).toEqual([303, '/account?notice=cross-site']);
    expect(location(await pictureRoute(upload(png, {})))).toEqual([303, '/signin?notice=signin-required']);
    const forged = await pictureRoute(upload(png, { cookie: `${ed.cookie.slice(0, -3)}AAA` }));
    expect(location(forged)).toEqual([303, '/signin?notice=signin-required']);
    expect(forged.headers.getSetCookie().some((c) => c.startsWith('member_session=;'))).toBe(true);
    expect(await stored(ed.id)).toEqual([]);
    expect((await whoIs(ed.sessionToken))?.avatar).toBeUndefined();
  });

  it('past PICTURES_PER_HOUR uploads a member, is refused until the hour is over', async () => {
    const fay = await joinMember('fay@example.com', 'Fay');
    const png = await image('png', 64, 64);
    for (let i = 0; i < PICTURES_PER_HOUR; i += 1) {
      expect(location(await pictureRoute(upload(png, { cookie: fay.cookie })))).toEqual([
        303,
        '/account?notice=picture-saved',
      ]);
    }
    const before = await whoIs(fay.sessionToken);
    expect(location(await pictureRoute(upload(png, { cookie: fay.cookie })))).toEqual([
      303,
      '/account?notice=picture-rate-limited',
    ]);
    expect(await whoIs(fay.sessionToken)).toEqual(before);
    // Twenty uploads kept one picture.
    expect(await stored(fay.id)).toHaveLength(1);
  });
});

describe('one picture a member', () => {
  it('a new upload replaces the last, whose address is gone', async () => {
    const gus = await joinMember('gus@example.com', 'Gus');
    await pictureRoute(upload(await image('png'), { cookie: gus.cookie }));
    const first = fileOf((await whoIs(gus.sessionToken))?.avatar);
    await pictureRoute(upload(await image('jpeg'), { cookie: gus.cookie }));
    const second = fileOf((await whoIs(gus.sessionToken))?.avatar);
    expect(second).not.toBe(first);
    expect((await get(first)).status).toBe(404);
    expect((await get(second)).status).toBe(200);
    expect((await stored(gus.id)).map((item) => `${item._id}.webp`)).toEqual([second]);
  });

  it('choosing one of the blog’s pictures, or removing it, removes the upload', async () => {
    const hal = await joinMember('hal@example.com', 'Hal');
    await pictureRoute(upload(await image('png'), { cookie: hal.cookie }));
    const uploaded = fileOf((await whoIs(hal.sessionToken))?.avatar);

    // Saving the name alone (no choice checked: the form sends none) keeps it.
    await profileRoute(urlencoded('profile', { displayName: 'Hal B' }, hal.cookie));
    expect(fileOf((await whoIs(hal.sessionToken))?.avatar)).toBe(uploaded);

    const chose = await profileRoute(
      urlencoded('profile', { displayName: 'Hal', avatar: '/media/hero-bars.png' }, hal.cookie),
    );
    expect(location(chose)).toEqual([303, '/account?notice=profile-saved']);
    expect((await whoIs(hal.sessionToken))?.avatar).toBe('/media/hero-bars.png');
    expect((await get(uploaded)).status).toBe(404);
    expect(await stored(hal.id)).toEqual([]);

    await pictureRoute(upload(await image('png'), { cookie: hal.cookie }));
    const removed = await pictureRoute(urlencoded('account/picture', { intent: 'remove' }, hal.cookie));
    expect(location(removed)).toEqual([303, '/account?notice=picture-removed']);
    expect((await whoIs(hal.sessionToken))?.avatar).toBeUndefined();
    expect(await stored(hal.id)).toEqual([]);
  });

  it('no one can make another’s upload their picture through the profile form', async () => {
    const ivy = await joinMember('ivy@example.com', 'Ivy');
    const jo = await joinMember('jo@example.com', 'Jo');
    await pictureRoute(upload(await image('png'), { cookie: ivy.cookie }));
    const ivys = (await whoIs(ivy.sessionToken))!.avatar!;
    const taken = await profileRoute(urlencoded('profile', { displayName: 'Jo', avatar: ivys }, jo.cookie));
    expect(location(taken)).toEqual([303, '/account?notice=invalid-avatar']);
    expect((await whoIs(jo.sessionToken))?.avatar).toBeUndefined();
  });
});

describe('serving pictures', () => {
  it('answers the catalogue’s 404 for a name that is not a picture’s, and takes only GET and HEAD', async () => {
    for (const file of ['0123456789abcdef0123456789abcdef.webp', 'x.webp', '../members.webp', 'abc', '']) {
      const answer = await get(file);
      expect([file, answer.status, (await answer.json()).error.wde]).toEqual([file, 404, 'WDE0073']);
    }
    expect((await pictureGet(new Request(`${SITE}/api/members/account/picture`))).status).toBe(405);
  });
});
