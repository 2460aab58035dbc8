// The site's settings as the owner sets them in the dashboard (Settings): its name and description, its images, its
// colours and fonts, its menus and social accounts, the newsletter's sender. Pure: read by the
// public pages' document, the dashboard's form (in the browser) and the settings route.

/** A link of a menu: its words and where it goes (a path of this site, or an http(s) address). */
export interface NavLink {
  label: string;
  url: string;
}

/** The social networks a profile link may name; `other` is any address. */
export const SOCIAL_NETWORKS = [
  'mastodon',
  'bluesky',
  'x',
  'threads',
  'linkedin',
  'github',
  'instagram',
  'facebook',
  'youtube',
  'other',
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NAMES: Record<SocialNetwork, string> = {
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  x: 'X',
  threads: 'Threads',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  other: 'Website',
};

export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

/**
 * The font pairings: system font stacks only (Modern Font Stacks, modernfontstacks.com), so a page loads no font
 * from anywhere and its bytes do not change. `body` sets the text, `ui` the menus, buttons and labels.
 */
export const FONT_PAIRINGS = {
  classic: {
    name: 'Classic: a book serif, a system sans for the interface',
    body: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
    ui: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  modern: {
    name: 'Modern: the system sans throughout',
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    ui: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  editorial: {
    name: 'Editorial: an old-style serif, a geometric sans',
    body: "'Iowan Old Style', 'Palatino Linotype', 'URW Palladio L', P052, serif",
    ui: "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif",
  },
  humanist: {
    name: 'Humanist: a warm sans for text, the system sans for the interface',
    body: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif",
    ui: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
} as const;
export type FontPairing = keyof typeof FONT_PAIRINGS;
export const FONT_PAIRING_IDS = Object.keys(FONT_PAIRINGS) as FontPairing[];

export interface SiteSettings {
  /** The publication's name: the header, every page's title, the feed, JSON-LD, the mail. */
  title: string;
  /** What it is about, in a sentence: the home page, its meta description. Empty: each language's own words. */
  description: string;
  /** Images: an uploaded file of the site's (`/media/…`) or an https address; '' for none. */
  logo: string;
  icon: string;
  cover: string;
  socialImage: string;
  /** The accent (links, buttons) on the light background, and on the dark one ('' derives it from `accent`). */
  accent: string;
  accentDark: string;
  fonts: FontPairing;
  /** The header's menu ([] shows the language's categories, as before any setting) and the footer's links. */
  primaryNav: NavLink[];
  footerNav: NavLink[];
  social: SocialLink[];
  /** The newsletter's From name ('' the title) and Reply-To address ('' none, or MAIL_REPLY_TO). */
  senderName: string;
  replyTo: string;
}

/** The light and dark backgrounds the accent is read on (app/globals.css `--bg`). */
export const BACKGROUNDS = { light: '#fdfcf9', dark: '#15171c' } as const;

export const DEFAULT_SETTINGS: SiteSettings = {
  title: 'The Render Path',
  description: '',
  logo: '',
  icon: '',
  cover: '',
  socialImage: '',
  accent: '#0b5cad',
  accentDark: '#7cb7ff',
  fonts: 'classic',
  primaryNav: [],
  footerNav: [],
  social: [],
  senderName: '',
  replyTo: '',
};

/** Menus and social links hold at most this many entries each. */
export const MAX_LINKS = 12;
