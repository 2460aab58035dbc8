import { describe, expect, test } from 'vitest';
import { linkProps, safeHref } from '@/components/rich-content/safe-href';

describe('safeHref', () => {
  test.each([
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    ['http://example.com', 'http://example.com'],
    ['HTTPS://EXAMPLE.COM', 'HTTPS://EXAMPLE.COM'],
    ['mailto:me@example.com', 'mailto:me@example.com'],
    ['tel:+15551234', 'tel:+15551234'],
    ['/post/hello', '/post/hello'],
    ['./relative', './relative'],
    ['relative', 'relative'],
    ['page.html', 'page.html'],
    ['?q=search', '?q=search'],
    ['#anchor', '#anchor'],
    ['  https://example.com  ', 'https://example.com'],
    ['//cdn.example.com/x', 'https://cdn.example.com/x'],
    ['www.example.com', 'https://www.example.com'],
    ['example.com/path', 'https://example.com/path'],
  ])('allows %j', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });

  test.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'javascript\u0000:alert(1)',
    'jav&#x09;ascript:alert(1)',
    'javascript&colon;alert(1)',
    '&#106;avascript:alert(1)',
    'javascript%3Aalert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://example.com/uuid',
    'java script:alert(1)',
    '\\\\evil.example',
    '',
    '   ',
  ])('refuses %j', (input) => {
    expect(safeHref(input)).toBeNull();
  });

  test.each([null, undefined, 5, {}, ['https://example.com']])('refuses a non-string %j', (input) => {
    expect(safeHref(input)).toBeNull();
  });
});

describe('linkProps', () => {
  test('target BLANK adds noopener noreferrer and keeps nofollow/sponsored/ugc', () => {
    expect(
      linkProps({ url: 'https://example.com', target: 'BLANK', rel: { nofollow: true, sponsored: true, ugc: true } }),
    ).toEqual({
      href: 'https://example.com',
      target: '_blank',
      rel: 'noopener noreferrer nofollow sponsored ugc',
    });
  });

  test('same-window links carry only the rel the author set', () => {
    expect(linkProps({ url: '/a', target: 'SELF' })).toEqual({ href: '/a' });
    expect(linkProps({ url: '/a', rel: { nofollow: true } })).toEqual({ href: '/a', rel: 'nofollow' });
  });

  test('an anchor link points at the resolved id', () => {
    expect(linkProps({ anchor: 'node-1' }, (id) => `resolved-${id}`)).toEqual({ href: '#resolved-node-1' });
  });

  test('an unsafe or missing url gives no link', () => {
    expect(linkProps({ url: 'javascript:alert(1)', target: 'BLANK' })).toBeNull();
    expect(linkProps({})).toBeNull();
    expect(linkProps('https://example.com')).toBeNull();
  });
});
