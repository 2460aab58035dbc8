import { revalidateTag } from 'next/cache';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { makePost } from '../helpers/posts';
import { joinMember, OPEN_MEMBERS, withSite } from '../helpers/site';

// The site's settings (issue 47): the owner's form (POST /api/owner/settings) checks every field (the accent's
// contrast on the light and dark backgrounds, the menus' addresses, the time zone, the sender's name), stores nothing
// when one is refused, and a save clears `site-settings`, which every public page's document reads: the header's
// name and logo, the menu, the footer's links and accounts, the colours and fonts as CSS variables.

const site = 'https://blog.example';
const SECRET = 'settings-test-secret-long-enough-0123456789';
withSite(
  { SESSION_SECRET: SECRET, OWNER_PASSWORD: 'settings owner password', SITE_URL: site, ...OPEN_MEMBERS },
  { content: [makePost(1)], database: true },
);

const route = await import('@/app/api/owner/settings/route');
const { SESSION_COOKIE, signSession } = await import('@/lib/owner/tokens');
const { DEFAULT_SETTINGS, checkSettings, settingsStore } = await import('@/lib/settings');
const { getSiteSettings } = await import('@/lib/settings/reads');
const { contrast, darkAccentOf } = await import('@/lib/settings/colour');
const { SiteShell } = await import('@/components/layout/site-shell');
const { siteSending } = await import('@/lib/newsletter');
const { messageOf } = await import('@/lib/newsletter/message');

vi.setConfig({ testTimeout: 30_000 });
const owner = `${SESSION_COOKIE}=${signSession(SECRET).token}`;

/** The form as the dashboard sends it: every field, the menus' and accounts' rows in order. */
function formOf(overrides: Record<string, string | string[]> = {}): URLSearchParams {
  const fields: Record<string, string | string[]> = {
    title: 'Field Notes',
    description: 'Notes from the field.',
    logo: '',
    icon: '',
    cover: '',
    socialImage: '',
    accent: '#7a1f5c',
    accentDark: '',
    fonts: 'editorial',
    senderName: 'Field Notes',
    replyTo: 'editor@blog.example',
    'primaryNav.label': ['About', 'Archive', ''],
    'primaryNav.url': ['/about', 'https://archive.example/', ''],
    'footerNav.label': ['Privacy'],
    'footerNav.url': ['/privacy'],
    'social.network': ['mastodon', 'github'],
    'social.url': ['https://mastodon.social/@fieldnotes', ''],
    ...overrides,
  };
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  return form;
}

const save = (form: URLSearchParams, { cookie = owner, json = true, origin = site } = {}) =>
  route.POST(
    new Request(`${site}/api/owner/settings`, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/x-www-form-urlencoded',
        ...(cookie ? { cookie } : {}),
        ...(json ? { accept: 'application/json' } : {}),
      },
      body: form.toString(),
    }),
  );

describe('checking the settings form', () => {
  it('takes a whole form: the menus in order without their empty rows, the dark accent made readable', () => {
    const checked = checkSettings(formOf());
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.settings.primaryNav).toEqual([
      { label: 'About', url: '/about' },
      { label: 'Archive', url: 'https://archive.example/' },
    ]);
    expect(checked.settings.social).toEqual([{ network: 'mastodon', url: 'https://mastodon.social/@fieldnotes' }]);
    // #7a1f5c is 9.6:1 on the light background and 1.9:1 on the dark one: the dark accent is derived, readable there.
    expect(contrast(checked.settings.accentDark, '#15171c')).toBeGreaterThanOrEqual(4.5);
    expect(checked.settings.accentDark).toBe(darkAccentOf('#7a1f5c', '#15171c'));
  });

  it('refuses an accent under 4.5:1 on either background, saying its contrast', () => {
    const pale = checkSettings(formOf({ accent: '#f5c542' }));
    expect(pale.ok).toBe(false);
    if (!pale.ok) expect(pale.problems.accent).toMatch(/reads at 1\.\d\d:1 on the light background.*4\.5:1/);
    const dim = checkSettings(formOf({ accentDark: '#333366' }));
    expect(dim.ok).toBe(false);
    if (!dim.ok) expect(dim.problems.accentDark).toMatch(/on the dark background/);
    const notAColour = checkSettings(formOf({ accent: 'blue' }));
    expect(notAColour.ok ? null : notAColour.problems.accent).toMatch(/colour like/);
  });

  it('refuses what would be unsafe or wrong on a page or in a mail, field by field', () => {
    const checked = checkSettings(
      formOf({
        title: '  ',
        'primaryNav.label': ['Home', 'Evil', 'Nowhere'],
        'primaryNav.url': ['javascript:alert(1)', '//evil.example/x', ''],
        'social.url': ['http://mastodon.social/@x', ''],
        logo: 'file:///etc/passwd',
        senderName: 'Editor <evil@example.com>',
        replyTo: 'not an address',
        fonts: 'comic',
      }),
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.keys(checked.problems).sort()).toEqual(
      [
        'fonts',
        'logo',
        'primaryNav.0',
        'primaryNav.1',
        'primaryNav.2',
        'replyTo',
        'senderName',
        'social.0',
        'title',
      ].sort(),
    );
    expect(checkSettings(formOf({ extra: 'x' })).ok).toBe(false);
  });
});

describe('the owner’s settings route', () => {
  it('answers only the owner, from this site; a refused form stores nothing', async () => {
    expect((await save(formOf(), { cookie: '' })).status).toBe(401);
    const member = (await joinMember('reader@example.com', 'Reader')).cookie;
    expect((await save(formOf(), { cookie: member })).status).toBe(401);
    expect((await save(formOf(), { origin: 'https://elsewhere.example' })).status).toBe(403);

    const refused = await save(formOf({ accent: '#ffff00' }));
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { wde: string }; problems: Record<string, string> };
    expect(body.error.wde).toBe('WDE0046');
    expect(Object.keys(body.problems)).toEqual(['accent']);

    const page = await save(formOf({ accent: '#ffff00' }), { json: false });
    expect([page.status, page.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
    expect(await page.text()).toContain('on the light background');

    expect(await settingsStore().get()).toEqual(DEFAULT_SETTINGS);
    expect((await route.GET(new Request(`${site}/api/owner/settings`))).status).toBe(405);
  });

  it('stores a checked form and clears every page’s document, which then shows it', async () => {
    vi.mocked(revalidateTag).mockClear();
    const saved = await save(formOf(), { json: false });
    expect([saved.status, saved.headers.get('location')]).toEqual([303, '/dashboard/settings?saved=1']);
    expect(vi.mocked(revalidateTag)).toHaveBeenCalledWith('site-settings', { expire: 0 });

    const settings = await getSiteSettings();
    expect(settings).toMatchObject({ title: 'Field Notes', accent: '#7a1f5c', fonts: 'editorial' });
    const html = renderToStaticMarkup(
      <SiteShell
        lang="en"
        settings={settings}
        categories={[{ id: 'c1', slug: 'performance', label: 'Performance' }]}
        newsletter={false}
      >
        <p>page</p>
      </SiteShell>,
    );
    expect(html).toContain('>Field Notes</a>');
    expect(html).toContain('--accent:#7a1f5c');
    expect(html).toContain("--font-body:'Iowan Old Style'");
    // The owner's menu, in its order, replaces the categories; the footer has their links and accounts.
    expect(html.indexOf('>About</a>')).toBeLessThan(html.indexOf('>Archive</a>'));
    expect(html).not.toContain('>Performance</a>');
    expect(html).toContain('<a href="/privacy">Privacy</a>');
    expect(html).toContain('<a href="https://mastodon.social/@fieldnotes" rel="me noopener">Mastodon</a>');
    expect(html).not.toContain('/login');

    const json = await save(formOf({ title: 'Field Notes, again', 'primaryNav.label': [], 'primaryNav.url': [] }));
    expect(json.status).toBe(200);
    expect(((await json.json()) as { settings: { title: string } }).settings.title).toBe('Field Notes, again');
    expect((await settingsStore().get()).primaryNav).toEqual([]);
  });
});

describe('the newsletter’s sender', () => {
  it('mails from the configured address under the owner’s sender name, replies to their address', async () => {
    const sending = siteSending();
    // No sender name: the title's.
    expect((await save(formOf({ senderName: '', replyTo: '' }))).status).toBe(200);
    expect(await sending.sender!()).toEqual({ from: '"Field Notes" <newsletter@blog.example>' });
    expect((await save(formOf({ senderName: 'Ada at Field Notes' }))).status).toBe(200);
    const sender = await sending.sender!();
    expect(sender).toEqual({ from: '"Ada at Field Notes" <newsletter@blog.example>', replyTo: 'editor@blog.example' });
    const message = messageOf(
      sending,
      { html: '<p>x</p>', text: 'x', ...sender },
      {
        to: 'reader@example.com',
        subscriberId: '0'.repeat(32),
        subject: 'A post',
        messageId: '<m@blog.example>',
      },
    );
    expect([message.from, message.replyTo]).toEqual([sender.from, 'editor@blog.example']);
  });
});

describe('the header without an owner’s menu', () => {
  it('lists the categories, at most eight: beyond, those with the most posts, in their own order', async () => {
    const { headerCategories, HEADER_CATEGORIES } = await import('@/components/layout/site-shell');
    const few = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, slug: `c${i}`, label: `C${i}`, postCount: 0 }));
    expect(headerCategories(few)).toEqual(few);
    // An imported WordPress blog: 68 categories, most with one post or none.
    const many = Array.from({ length: 68 }, (_, i) => ({
      id: `c${i}`,
      slug: `c${i}`,
      label: `C${i}`,
      postCount: i % 10 === 3 ? 20 - i / 10 : i % 7 === 0 ? 2 : 0,
    }));
    const shown = headerCategories(many);
    expect(shown).toHaveLength(HEADER_CATEGORIES);
    expect(shown.map((c) => c.slug)).toEqual(['c0', 'c3', 'c13', 'c23', 'c33', 'c43', 'c53', 'c63']);
    const html = renderToStaticMarkup(
      <SiteShell
        lang="en"
        settings={{ ...(await getSiteSettings()), primaryNav: [] }}
        categories={many}
        newsletter={false}
      >
        <p>page</p>
      </SiteShell>,
    );
    // Once in the header's row, once in the phone's Menu.
    expect(html.match(/href="\/categories\//g)).toHaveLength(2 * HEADER_CATEGORIES);
  });
});
