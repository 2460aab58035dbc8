// The account page's forms (app/(members)/account): profile, password, sign out everywhere (the picture upload, the
// newsletter and the plans are account-sections.tsx's). Plain HTML forms posting to app/api/members/*, back by
// redirect with a notice, so each works without JavaScript. The display name is the stored one (the member's own),
// never a value from the request; passwords are never filled in.

import { NewPasswordField } from './member-forms';

/** A media path's file name as words, for a thumbnail's alternative text: `/media/hero-bars.png` → "hero bars". */
export const pictureName = (path: string) =>
  (path.split('/').at(-1) ?? path)
    .replace(/\.[^.]+$/, '')
    .replace(/[-_.]+/g, ' ')
    .trim() || 'picture';

export function MemberAvatar({ src, size = 64 }: { src?: string; size?: number }) {
  if (!src) return null;
  return <img className="member-avatar" src={src} alt="Your picture" width={size} height={size} decoding="async" />;
}

interface ProfileFormProps {
  displayName: string;
  avatar?: string;
  /** The pictures a member may choose (`/media/…`); none (Wix) leaves the picker out and the picture as it is. */
  choices: string[];
  /**
   * The member's picture is one they uploaded: no choice is checked, so saving the name keeps it (a form without a
   * checked choice sends none), and the legend says a choice replaces it.
   */
  uploaded?: boolean;
}

export function ProfileForm({ displayName, avatar, choices, uploaded = false }: ProfileFormProps) {
  return (
    <section className="member-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">Profile</h2>
      <form method="post" action="/api/members/profile" className="member-form">
        <label htmlFor="account-name">Display name</label>
        <input
          id="account-name"
          name="displayName"
          type="text"
          autoComplete="nickname"
          required
          maxLength={80}
          defaultValue={displayName}
        />
        {choices.length > 0 && (
          <fieldset>
            <legend>{uploaded ? 'Or one of the blog’s pictures instead of yours' : 'Picture'}</legend>
            <ul className="avatar-choices">
              <li>
                <label className="avatar-choice">
                  <input type="radio" name="avatar" value="" defaultChecked={!avatar && !uploaded} />
                  No picture
                </label>
              </li>
              {choices.map((src) => (
                <li key={src}>
                  <label className="avatar-choice">
                    <input type="radio" name="avatar" value={src} defaultChecked={src === avatar} />
                    {/* The thumbnail names the choice: its alternative text is the label's text. */}
                    <img src={src} alt={pictureName(src)} width={48} height={48} loading="lazy" decoding="async" />
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        <button type="submit">Save profile</button>
      </form>
    </section>
  );
}

export function ChangePasswordForm({ minLength, maxLength }: { minLength: number; maxLength: number }) {
  return (
    <section className="member-section" aria-labelledby="password-heading">
      <h2 id="password-heading">Change password</h2>
      <form method="post" action="/api/members/password" className="member-form">
        <label htmlFor="account-current-password">Current password</label>
        <input
          id="account-current-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
        />
        <NewPasswordField
          id="account-new-password"
          label="New password"
          name="newPassword"
          minLength={minLength}
          maxLength={maxLength}
          note="Every other device you are signed in on is signed out."
        />
        <button type="submit">Change password</button>
      </form>
    </section>
  );
}

export function SignOutEverywhereForm() {
  // The button does not say "Sign out": the plain sign-out button must stay the one button of that name.
  return (
    <section className="member-section" aria-labelledby="everywhere-heading">
      <h2 id="everywhere-heading">Sign out everywhere</h2>
      <form method="post" action="/api/members/signout-everywhere" className="member-form">
        <p className="member-form__hint">Ends every session of this account: on this device and on every other one.</p>
        <button type="submit">End all sessions</button>
      </form>
    </section>
  );
}
