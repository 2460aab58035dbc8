import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ProfileForm } from '@/components/members/account-forms';
import { ACCOUNT_NOTICE_TEXT } from '@/components/members/account-notices';
import { AccountNotice, NewsletterSetting, PictureForm, PlansSection } from '@/components/members/account-sections';
import { ACCOUNT_NOTICES, MEMBER_NOTICES, isMemberNotice } from '@/lib/members/session-cookie';
import type { MemberPlan } from '@/lib/plans';

// The account page's picture, newsletter and plan sections (issue 47): plain forms a keyboard and a screen reader use
// as they are (a label for each control, a heading for each section, a button that names what it does), every notice
// worded, and nothing a form needs left to JavaScript.

/** The one tag of `html` that has every attribute given (React orders attributes as it likes). */
function tag(html: string, name: string, ...attributes: string[]) {
  const found = [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))]
    .map((m) => m[0])
    .filter((t) => attributes.every((a) => t.includes(a)));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('notices', () => {
  it('words every notice the account forms come back with, and the page takes only known ones', () => {
    for (const notice of ACCOUNT_NOTICES) expect(ACCOUNT_NOTICE_TEXT[notice]?.text).toBeTruthy();
    for (const notice of [...ACCOUNT_NOTICES, ...MEMBER_NOTICES]) expect(isMemberNotice(notice)).toBe(true);
    expect(isMemberNotice('<script>')).toBe(false);
  });

  it('says an alert as an alert and news as a status, and the other members’ notices too', () => {
    expect(renderToStaticMarkup(<AccountNotice notice="picture-not-image" />)).toMatch(
      /^<p class="form-error" role="alert" data-notice="picture-not-image">That file is not an image/,
    );
    expect(renderToStaticMarkup(<AccountNotice notice="plan-cancelled" />)).toMatch(/role="status"/);
    expect(renderToStaticMarkup(<AccountNotice notice="profile-saved" />)).toContain('Your profile is saved.');
    expect(renderToStaticMarkup(<AccountNotice notice="nothing-of-ours" />)).toBe('');
    expect(renderToStaticMarkup(<AccountNotice />)).toBe('');
  });
});

describe('PictureForm', () => {
  it('posts the file as multipart, with a label, the types it takes and a hint that says what is done to it', () => {
    const html = renderToStaticMarkup(<PictureForm hasPicture={false} maxMegabytes={5} size={256} atWix={false} />);
    tag(html, 'section', 'aria-labelledby="picture-heading"');
    tag(html, 'form', 'method="post"', 'action="/api/members/account/picture"', 'encType="multipart/form-data"');
    expect(html).toContain('<label for="account-picture">Upload a picture of your own</label>');
    tag(
      html,
      'input',
      'id="account-picture"',
      'name="picture"',
      'type="file"',
      'accept="image/jpeg,image/png,image/webp,image/gif"',
      'required',
      'aria-describedby="account-picture-hint"',
    );
    expect(html).toMatch(/id="account-picture-hint"[^>]*>A JPEG, PNG, WebP or GIF image of at most 5 MB/);
    expect(html).toContain('resized to 256 pixels');
    expect(html).not.toContain('Remove your picture');
    expect(html).not.toContain('Wix');
  });

  it('offers the removal when there is a picture, and says at Wix that it is the member profile’s photo', () => {
    const html = renderToStaticMarkup(<PictureForm hasPicture maxMegabytes={5} size={256} atWix />);
    tag(html, 'input', 'type="hidden"', 'name="intent"', 'value="remove"');
    expect(html).toContain('<button type="submit">Remove your picture</button>');
    expect(html).toContain('It becomes the photo of your Wix member profile too.');
  });

  it('leaves the illustrations unchecked while the picture is an upload, so saving the name keeps it', () => {
    const html = renderToStaticMarkup(
      <ProfileForm
        displayName="Ada"
        avatar="/api/members/account/picture/0123456789abcdef0123456789abcdef.webp"
        choices={['/media/hero-bars.png']}
        uploaded
      />,
    );
    expect(html).toContain('<legend>Or one of the blog’s pictures instead of yours</legend>');
    expect(html).not.toContain('checked');
  });
});

describe('NewsletterSetting', () => {
  const forms = (html: string) =>
    [...html.matchAll(/name="intent" value="(\w+)"\/><button type="submit">([^<]+)</g)].map((m) => [m[1], m[2]]);

  it('says where the address stands and offers what changes it', () => {
    const cases = [
      ['none', /not subscribed/, [['subscribe', 'Subscribe']]],
      [
        'pending',
        /waits for you to confirm/,
        [
          ['subscribe', 'Mail the link again'],
          ['unsubscribe', 'Unsubscribe'],
        ],
      ],
      ['confirmed', /is subscribed/, [['unsubscribe', 'Unsubscribe']]],
      ['unsubscribed', /You unsubscribed/, [['subscribe', 'Subscribe']]],
      ['bounced', /was refused/, [['subscribe', 'Subscribe']]],
    ] as const;
    for (const [standing, words, actions] of cases) {
      const html = renderToStaticMarkup(<NewsletterSetting standing={standing} email="ada@example.com" />);
      tag(html, 'section', 'aria-labelledby="newsletter-heading"');
      expect(html).toMatch(words);
      expect(html).toContain(`data-standing="${standing}"`);
      expect(html).toContain('ada@example.com');
      expect(forms(html)).toEqual(actions);
      expect(html.match(/action="\/api\/members\/account\/newsletter"/g)).toHaveLength(actions.length);
    }
  });

  it('shows no standing for an address not known to be the member’s: only a subscribe, which mails a link', () => {
    const html = renderToStaticMarkup(<NewsletterSetting standing={null} email="ada@example.com" />);
    expect(html).toContain('data-standing="unconfirmed"');
    expect(html).toContain('once the address is confirmed as yours');
    expect(forms(html)).toEqual([['subscribe', 'Subscribe']]);
    const unknown = renderToStaticMarkup(<NewsletterSetting standing="unknown" email="ada@example.com" />);
    expect(unknown).toContain('role="status"');
    expect(unknown).not.toContain('<form');
  });
});

describe('PlansSection', () => {
  const local: MemberPlan = {
    planId: 'gold',
    planName: 'Gold',
    since: '2026-03-04T10:00:00.000Z',
    until: null,
    renews: null,
    cancel: 'here',
  };
  const wix: MemberPlan = {
    planId: 'silver',
    planName: 'Silver',
    since: '2026-01-10T09:00:00.000Z',
    until: null,
    renews: '2026-12-10T09:00:00.000Z',
    cancel: 'wix',
  };

  it('names each plan, since when and until when, with a cancel form that asks first for a local plan', () => {
    const html = renderToStaticMarkup(<PlansSection plans={[local, wix]} />);
    tag(html, 'section', 'aria-labelledby="plans-heading"');
    expect(html).toContain('<h3>Gold</h3>');
    expect(html).toContain('<dt>Since</dt><dd><time dateTime="2026-03-04T10:00:00.000Z">March 4, 2026</time></dd>');
    expect(html).toContain('<dt>Until</dt><dd>you cancel it, or the site’s owner ends it</dd>');
    tag(html, 'form', 'action="/api/members/account/plans"');
    tag(html, 'input', 'type="hidden"', 'name="planId"', 'value="gold"');
    tag(html, 'input', 'id="account-plan-confirm-0"', 'type="checkbox"', 'name="confirm"', 'value="yes"', 'required');
    expect(html).toMatch(/<label class="account-confirm" for="account-plan-confirm-0">.*ends Gold now/);
    expect(html).toContain('<button type="submit">Cancel Gold</button>');

    expect(html).toContain('<h3>Silver</h3>');
    expect(html).toContain('<dt>Renews</dt><dd><time dateTime="2026-12-10T09:00:00.000Z">December 10, 2026</time>');
    expect(html).toContain('Bought at Wix');
    expect(html).not.toContain('name="planId" value="silver"');
  });

  it('says when there is no plan, or when the plans cannot be read', () => {
    expect(renderToStaticMarkup(<PlansSection plans={[]} />)).toContain('You hold no plan.');
    expect(renderToStaticMarkup(<PlansSection plans={null} />)).toContain('role="status"');
  });
});
