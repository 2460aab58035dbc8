import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AVATAR_TONES, avatarSrc, avatarTone, commentAvatar, initials } from '@/lib/comments/view';

// What a comment shows beside its writer's name: the picture they chose, where the page may load it, else their
// initials on a background picked from their name, whose letters stay readable (WCAG's 4.5:1) in the light scheme and
// the dark one, as app/globals.css paints them.

const SITE = 'https://blog.example';

describe('a comment’s avatar', () => {
  it('is the writer’s picture: a file of the site’s media, or an https address', () => {
    expect(commentAvatar('Ada', '/media/ada.png', SITE)).toEqual({ src: '/media/ada.png' });
    // A site picture a Wix member chose is kept by Wix as this site's absolute address.
    expect(avatarSrc(`${SITE}/media/ada.png`, SITE)).toBe('/media/ada.png');
    const wix = 'https://static.wixstatic.com/media/11062b_a1b2c3~mv2.jpg';
    expect(avatarSrc(wix, SITE)).toBe(wix);
    // Nothing the page should not load: plain http, other schemes, paths out of the media folder, credentials.
    for (const bad of [
      'http://example.com/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '/media/../secrets.png',
      '/api/members/session',
      '//evil.example/a.png',
      'https://user:pass@example.com/a.png',
      'not a url',
    ]) {
      expect(avatarSrc(bad, SITE), bad).toBeNull();
    }
    expect(commentAvatar('Ada', 'javascript:alert(1)', SITE)).toEqual({ initials: 'A', tone: avatarTone('Ada') });
  });

  it('is otherwise the initials of the first and last names, whatever the script', () => {
    expect(initials('Ada')).toBe('A');
    expect(initials('ada king lovelace')).toBe('AL');
    expect(initials('  Bo   Lee ')).toBe('BL');
    expect(initials('(Ann) “Lee”')).toBe('AL');
    expect(initials('Émile Zola')).toBe('ÉZ');
    expect(initials('E\u0301mile')).toBe('E\u0301');
    expect(initials('李小龙')).toBe('李');
    expect(initials('Иван Петров')).toBe('ИП');
    expect(initials('!!!')).toBe('?');
  });

  it('picks the same background for the same name, and spreads names over every background', () => {
    expect(avatarTone('Ada Lovelace')).toBe(avatarTone('Ada Lovelace'));
    const tones = new Set(Array.from({ length: 200 }, (_, i) => avatarTone(`Reader ${i}`)));
    expect([...tones].sort()).toEqual(Array.from({ length: AVATAR_TONES }, (_, i) => i));
  });

  it('paints every background with letters at 4.5:1 or more, light and dark', () => {
    const css = readFileSync('app/globals.css', 'utf8');
    const block = css.slice(css.indexOf('/* Comments: avatars, invitation (issue 47) */'));
    const dark = block.slice(block.indexOf('@media (prefers-color-scheme: dark)'));
    const light = block.slice(0, block.indexOf('@media (prefers-color-scheme: dark)'));
    for (const [scheme, rules] of [
      ['light', light],
      ['dark', dark],
    ] as const) {
      for (let tone = 0; tone < AVATAR_TONES; tone++) {
        const rule = new RegExp(
          `\\.comment__avatar--${tone} \\{\\s*background: (#[0-9a-f]{6});\\s*color: (#[0-9a-f]{6});`,
        );
        const [, background, color] = rule.exec(rules) ?? [];
        expect(background, `${scheme} tone ${tone}`).toBeDefined();
        expect(contrast(background!, color!), `${scheme} tone ${tone}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});

/** WCAG 2's contrast ratio of two sRGB colours (#rrggbb). */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
