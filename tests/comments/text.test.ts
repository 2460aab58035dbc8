import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_CHARS, commentParagraphs, commentText, displayName, plainName } from '@/lib/comments/text';

// What readers write is cleaned on the way in (nothing that spoofs or breaks a page) and becomes text and http(s)
// links on the way out; nothing written is markup.

describe('commentText', () => {
  it('keeps what was written, trimmed, with at most one blank line in a row', () => {
    expect(commentText('  Hello\r\n\r\n\r\n\r\nworld  \n')).toBe('Hello\n\nworld');
    expect(commentText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('removes bidi overrides, control characters and lone surrogates', () => {
    expect(commentText('a\u202Eexe.gnp\u202C b\u2066c\u2069')).toBe('aexe.gnp bc');
    expect(commentText('a\u0000b\u0007c\u001Bd\u009Fe\uFEFF')).toBe('abcde');
    expect(commentText('tab\tstays')).toBe('tab\tstays');
    expect(commentText('x\uD800y')).toBe('x\uFFFDy');
    // Letters of any script, and emoji (a surrogate pair), stay.
    expect(commentText('שלום 👋 مرحبا')).toBe('שלום 👋 مرحبا');
  });

  it('refuses empty and overlong text with the catalogue error', () => {
    for (const empty of ['', '   \n\t ', '\u202E\u202C', 42, null, undefined]) {
      expect(() => commentText(empty)).toThrow(expect.objectContaining({ status: 400, wde: 'WDE0046' }));
    }
    expect(commentText('x'.repeat(COMMENT_MAX_CHARS))).toHaveLength(COMMENT_MAX_CHARS);
    expect(() => commentText('x'.repeat(COMMENT_MAX_CHARS + 1))).toThrow(expect.objectContaining({ status: 400 }));
    // Characters are counted, not UTF-16 units: 12,000 emoji fit.
    expect([...commentText('👋'.repeat(COMMENT_MAX_CHARS))]).toHaveLength(COMMENT_MAX_CHARS);
  });
});

describe('names', () => {
  it('takes a visitor name on one line, 1–60 characters', () => {
    expect(displayName('  Ada \n Lovelace\u202E ')).toBe('Ada Lovelace');
    expect(() => displayName('  ')).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => displayName('x'.repeat(61))).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('shows a stored name cleaned, never empty', () => {
    expect(plainName('Eve\u202Elin\u202C')).toBe('Evelin');
    expect(plainName('\u202E')).toBe('Reader');
  });
});

describe('commentParagraphs', () => {
  it('splits paragraphs at blank lines and lines at line breaks', () => {
    expect(commentParagraphs('one\ntwo\n\nthree')).toEqual([
      [[{ text: 'one' }], [{ text: 'two' }]],
      [[{ text: 'three' }]],
    ]);
  });

  it('makes http(s) addresses links, and nothing else', () => {
    expect(commentParagraphs('see https://example.com/a?b=1. thanks')).toEqual([
      [
        [
          { text: 'see ' },
          { text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
          { text: '. thanks' },
        ],
      ],
    ]);
    for (const inert of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:a@example.com',
      'a@example.com',
      '//evil.example/x',
      'ftp://example.com/file',
      '<a href="https://example.com">x</a>'.replace('https://example.com', 'javascript:alert(1)'),
    ]) {
      const segments = commentParagraphs(inert).flat(2);
      expect(segments.every((s) => !('href' in s))).toBe(true);
      expect(segments.map((s) => s.text).join('')).toBe(inert);
    }
  });
});
