import { BACKGROUNDS, FONT_PAIRING_IDS, type FontPairing, MAX_LINKS } from './types';
import { type NavLink, SOCIAL_NETWORKS, type SiteSettings, type SocialLink, type SocialNetwork } from './types';
import { MIN_CONTRAST, contrast, darkAccentOf, normalHex } from './colour';

// The settings form read and checked: every field's problem in the owner's words, keyed by the field's name, or the
// settings to store. Pure (the route checks with it; the form's tests call it directly).

/** The form's field names. Menus and social links repeat their pair of fields, one pair per row, in order. */
export const FIELDS = {
  navLabel: (menu: 'primaryNav' | 'footerNav') => `${menu}.label`,
  navUrl: (menu: 'primaryNav' | 'footerNav') => `${menu}.url`,
  socialNetwork: 'social.network',
  socialUrl: 'social.url',
} as const;

export type Checked = { ok: true; settings: SiteSettings } | { ok: false; problems: Record<string, string> };

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const EMAIL = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:]+$/;

function text(value: string | null, max: number): string | { problem: string } {
  const t = (value ?? '').trim();
  if (CONTROL.test(t)) return { problem: 'must be one line of text' };
  if (t.length > max) return { problem: `must be at most ${max} characters` };
  return t;
}

/** A site path (`/about`, not `//host`) or an http(s) address. */
function linkTarget(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.includes('\\') && !CONTROL.test(url);
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}

/** An uploaded file of the site's (`/media/…`) or an https address; '' for none. */
function image(url: string): boolean {
  if (url === '') return true;
  if (url.startsWith('/media/')) return !url.includes('..') && !url.includes('\\') && !CONTROL.test(url);
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

function links(form: URLSearchParams, menu: 'primaryNav' | 'footerNav', problems: Record<string, string>): NavLink[] {
  const labels = form.getAll(FIELDS.navLabel(menu));
  const urls = form.getAll(FIELDS.navUrl(menu));
  const out: NavLink[] = [];
  for (let i = 0; i < Math.max(labels.length, urls.length); i++) {
    const label = (labels[i] ?? '').trim();
    const url = (urls[i] ?? '').trim();
    if (!label && !url) continue;
    const row = `${menu}.${i}`;
    if (!label) problems[row] = `link ${i + 1} needs its words`;
    else if (label.length > 40 || CONTROL.test(label))
      problems[row] = `link ${i + 1}: its words are at most 40 characters`;
    else if (!linkTarget(url))
      problems[row] = `link ${i + 1}: the address must be a path of this site (/about) or begin with https://`;
    else out.push({ label, url });
  }
  if (out.length > MAX_LINKS) problems[menu] = `a menu holds at most ${MAX_LINKS} links`;
  return out;
}

function socials(form: URLSearchParams, problems: Record<string, string>): SocialLink[] {
  const networks = form.getAll(FIELDS.socialNetwork);
  const urls = form.getAll(FIELDS.socialUrl);
  const out: SocialLink[] = [];
  for (let i = 0; i < Math.max(networks.length, urls.length); i++) {
    const url = (urls[i] ?? '').trim();
    if (!url) continue;
    const network = networks[i] as SocialNetwork;
    const row = `social.${i}`;
    if (!SOCIAL_NETWORKS.includes(network)) problems[row] = `account ${i + 1}: choose a network`;
    else if (!/^https:\/\//.test(url) || !linkTarget(url))
      problems[row] = `account ${i + 1}: the address must begin with https://`;
    else out.push({ network, url });
  }
  if (out.length > MAX_LINKS) problems.social = `at most ${MAX_LINKS} accounts`;
  return out;
}

/** The settings form's fields checked; `unknown` names a field the form does not have (a 400, nothing stored). */
export function checkSettings(form: URLSearchParams): Checked {
  const problems: Record<string, string> = {};
  const known = new Set<string>([
    'title',
    'description',
    'logo',
    'icon',
    'cover',
    'socialImage',
    'accent',
    'accentDark',
    'fonts',
    'senderName',
    'replyTo',
    FIELDS.navLabel('primaryNav'),
    FIELDS.navUrl('primaryNav'),
    FIELDS.navLabel('footerNav'),
    FIELDS.navUrl('footerNav'),
    FIELDS.socialNetwork,
    FIELDS.socialUrl,
  ]);
  for (const name of form.keys())
    if (!known.has(name)) problems[name] = `the form has no field ${JSON.stringify(name)}`;

  const field = (name: string, max: number) => {
    const value = text(form.get(name), max);
    if (typeof value === 'string') return value;
    problems[name] = value.problem;
    return '';
  };
  const title = field('title', 80);
  if (!title && !problems.title) problems.title = 'the publication needs a name';
  const description = field('description', 300);

  const images = Object.fromEntries(
    (['logo', 'icon', 'cover', 'socialImage'] as const).map((name) => {
      const url = field(name, 2000);
      if (!image(url)) problems[name] = 'must be an uploaded image (/media/…) or an address beginning with https://';
      return [name, url];
    }),
  ) as Record<'logo' | 'icon' | 'cover' | 'socialImage', string>;

  const accent = normalHex(form.get('accent') ?? '');
  let accentDark = '';
  if (!accent) problems.accent = 'must be a colour like #0b5cad';
  else {
    const onLight = contrast(accent, BACKGROUNDS.light);
    if (onLight < MIN_CONTRAST)
      problems.accent = `reads at ${onLight.toFixed(2)}:1 on the light background; links and buttons need ${MIN_CONTRAST}:1 (pick a darker colour)`;
    const darkText = (form.get('accentDark') ?? '').trim();
    if (darkText === '') accentDark = darkAccentOf(accent, BACKGROUNDS.dark);
    else {
      const dark = normalHex(darkText);
      if (!dark) problems.accentDark = 'must be a colour like #7cb7ff, or empty to derive it';
      else {
        const onDark = contrast(dark, BACKGROUNDS.dark);
        if (onDark < MIN_CONTRAST)
          problems.accentDark = `reads at ${onDark.toFixed(2)}:1 on the dark background; links and buttons need ${MIN_CONTRAST}:1 (pick a lighter colour)`;
        accentDark = dark;
      }
    }
  }

  const fonts = form.get('fonts') as FontPairing;
  if (!FONT_PAIRING_IDS.includes(fonts)) problems.fonts = `must be one of ${FONT_PAIRING_IDS.join(', ')}`;

  const senderName = field('senderName', 80);
  if (/["<>\\]/.test(senderName)) problems.senderName = 'must not hold " < > or \\';
  const replyTo = field('replyTo', 254);
  if (replyTo && !EMAIL.test(replyTo)) problems.replyTo = 'must be an e-mail address, or empty';

  const primaryNav = links(form, 'primaryNav', problems);
  const footerNav = links(form, 'footerNav', problems);
  const social = socials(form, problems);

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    settings: {
      title,
      description,
      ...images,
      accent: accent!,
      accentDark,
      fonts,
      primaryNav,
      footerNav,
      social,
      senderName,
      replyTo,
    },
  };
}

/** Stored settings read back: each field as stored when it is still of its kind, else the default's. */
export function settingsFrom(stored: Record<string, unknown> | null | undefined, defaults: SiteSettings): SiteSettings {
  if (!stored) return defaults;
  const out = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof SiteSettings)[]) {
    const value = stored[key];
    if (value === undefined || value === null) continue;
    if (Array.isArray(defaults[key]) ? Array.isArray(value) : typeof value === typeof defaults[key])
      (out as Record<string, unknown>)[key] = value;
  }
  return out;
}
