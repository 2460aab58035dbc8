import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordForm,
  MemberAvatar,
  pictureName,
  ProfileForm,
  SignOutEverywhereForm,
} from '@/components/members/account-forms';

// The account page's forms: plain posts with a label for every field, the member's picture choices as named radio
// buttons, and no picker at all when the site offers no pictures (Wix).

/** The one tag of `html` that has every attribute given (React orders attributes as it likes). */
function tag(html: string, name: string, ...attributes: string[]) {
  const found = [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))]
    .map((m) => m[0])
    .filter((t) => attributes.every((a) => t.includes(a)));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe('ProfileForm', () => {
  const choices = ['/media/hero-bars.png', '/media/confetti-still.png'];

  it('offers each picture as a radio named by its thumbnail, the current one checked, and "No picture"', () => {
    const html = renderToStaticMarkup(
      <ProfileForm displayName="Ada <L>" avatar="/media/hero-bars.png" choices={choices} />,
    );
    tag(html, 'form', 'method="post"', 'action="/api/members/profile"');
    expect(html).toContain('<label for="account-name">Display name</label>');
    tag(html, 'input', 'id="account-name"', 'name="displayName"', 'value="Ada &lt;L&gt;"', 'maxLength="80"');
    expect(html).toContain('<fieldset><legend>Picture</legend>');
    expect(tag(html, 'input', 'type="radio"', 'value=""')).not.toContain('checked');
    expect(html).toMatch(/value=""\/>No picture<\/label>/);
    expect(tag(html, 'input', 'type="radio"', 'value="/media/hero-bars.png"')).toContain('checked=""');
    expect(tag(html, 'input', 'type="radio"', 'value="/media/confetti-still.png"')).not.toContain('checked');
    tag(html, 'img', 'src="/media/hero-bars.png"', 'alt="hero bars"', 'width="48"', 'height="48"');
    tag(html, 'img', 'src="/media/confetti-still.png"', 'alt="confetti still"');
    // Each radio and its thumbnail share one label.
    expect(html.match(/<label class="avatar-choice">/g)).toHaveLength(3);
  });

  it('checks "No picture" when there is none, and leaves the picker out when there is nothing to choose', () => {
    const html = renderToStaticMarkup(<ProfileForm displayName="Ada" choices={choices} />);
    expect(tag(html, 'input', 'type="radio"', 'value=""')).toContain('checked=""');
    const none = renderToStaticMarkup(
      <ProfileForm displayName="Ada" avatar="https://static.wixstatic.com/a.jpg" choices={[]} />,
    );
    expect(none).not.toContain('fieldset');
    expect(none).not.toContain('name="avatar"');
    expect(none).toContain('Save profile');
  });
});

describe('the other account forms', () => {
  it('asks for the current and a new password, with the autocomplete hints and length rules', () => {
    const html = renderToStaticMarkup(<ChangePasswordForm minLength={8} maxLength={256} />);
    tag(html, 'form', 'method="post"', 'action="/api/members/password"');
    expect(html).toContain('<label for="account-current-password">Current password</label>');
    expect(html).toContain('<label for="account-new-password">New password</label>');
    tag(
      html,
      'input',
      'id="account-current-password"',
      'name="currentPassword"',
      'type="password"',
      'autoComplete="current-password"',
      'required=""',
    );
    tag(
      html,
      'input',
      'id="account-new-password"',
      'name="newPassword"',
      'type="password"',
      'autoComplete="new-password"',
      'minLength="8"',
      'maxLength="256"',
    );
  });

  it('signs out everywhere with a button whose name does not contain "Sign out"', () => {
    const html = renderToStaticMarkup(<SignOutEverywhereForm />);
    tag(html, 'form', 'method="post"', 'action="/api/members/signout-everywhere"');
    expect(html).toContain('<button type="submit">End all sessions</button>');
  });

  it('shows the picture small, with alternative text, and nothing without one', () => {
    const html = renderToStaticMarkup(<MemberAvatar src="/media/a.png" />);
    tag(html, 'img', 'src="/media/a.png"', 'alt="Your picture"', 'width="64"', 'height="64"');
    expect(renderToStaticMarkup(<MemberAvatar />)).toBe('');
    expect(pictureName('/media/hero_sunset.v2.png')).toBe('hero sunset v2');
    expect(pictureName('/media/.png')).toBe('picture');
  });
});
