import Link from 'next/link';
import type { CaptchaKind } from '@/lib/members';
import { CaptchaField } from './captcha-field';
import { MEMBER_NOTICE_TEXT } from './notices';

/** Where the captcha widget fetches its challenges (app/api/members/captcha). */
const CAPTCHA_CHALLENGE_PATH = '/api/members/captcha';

// The members' forms: plain HTML forms that post to app/api/members/* and come back by redirect, so each works
// without JavaScript. No value a visitor typed is ever echoed back (passwords least of all).

/** What a form post came back to tell, in `texts` (the members' pages' notices unless told). */
export function MemberNotice({
  notice,
  texts = MEMBER_NOTICE_TEXT,
}: {
  notice?: string;
  texts?: typeof MEMBER_NOTICE_TEXT;
}) {
  const message = notice ? texts[notice] : undefined;
  if (!message) return null;
  return (
    <p
      className={message.alert ? 'form-error' : 'form-status'}
      role={message.alert ? 'alert' : 'status'}
      data-notice={notice}
    >
      {message.text}
    </p>
  );
}

interface PasswordRules {
  minLength: number;
  maxLength: number;
}

/**
 * A new password's field (join, reset, change): its label, the browser's password-manager hint, the site's length
 * rules, and a hint that says them (with `note` after it).
 */
export function NewPasswordField({
  id,
  label,
  name,
  minLength,
  maxLength,
  note,
}: { id: string; label: string; name: string; note?: string } & PasswordRules) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={minLength}
        maxLength={maxLength}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="member-form__hint">
        {minLength} to {maxLength} characters.{note ? ` ${note}` : ''}
      </p>
    </>
  );
}

export function JoinForm({ notice, minLength, maxLength }: { notice?: string } & PasswordRules) {
  return (
    <form method="post" action="/api/members/join" className="member-form">
      <MemberNotice notice={notice} />
      <label htmlFor="join-email">E-mail address</label>
      <input id="join-email" name="email" type="email" autoComplete="email" required maxLength={254} />
      <label htmlFor="join-name">Display name</label>
      <input id="join-name" name="displayName" type="text" autoComplete="nickname" maxLength={80} />
      <NewPasswordField
        id="join-password"
        label="Password"
        name="password"
        minLength={minLength}
        maxLength={maxLength}
      />
      <button type="submit">Create account</button>
      <p className="member-form__links">
        Have an account already? <Link href="/signin">Sign in</Link>
      </p>
    </form>
  );
}

export function SignInForm({ notice, next, captcha }: { notice?: string; next?: string; captcha?: CaptchaKind }) {
  return (
    <form method="post" action="/api/members/signin" className="member-form">
      <MemberNotice notice={notice} />
      {next && <input type="hidden" name="next" value={next} />}
      <label htmlFor="signin-email">E-mail address</label>
      <input id="signin-email" name="email" type="email" autoComplete="email" required maxLength={254} />
      <label htmlFor="signin-password">Password</label>
      <input
        id="signin-password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={1024}
      />
      {captcha && <CaptchaField kind={captcha} challengeUrl={CAPTCHA_CHALLENGE_PATH} />}
      <button type="submit">Sign in</button>
      <p className="member-form__links">
        <Link href="/forgot">Forgot your password?</Link> · <Link href="/join">Create an account</Link>
      </p>
    </form>
  );
}

export function VerifyForm({ notice }: { notice?: string }) {
  return (
    <form method="post" action="/api/members/verify" className="member-form">
      <MemberNotice notice={notice} />
      <label htmlFor="verify-code">6-digit code</label>
      <input
        id="verify-code"
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        required
        maxLength={6}
      />
      <button type="submit">Confirm</button>
      <p className="member-form__links">
        No mail? Check your spam folder, or <Link href="/signin">sign in again</Link> for a new code.
      </p>
    </form>
  );
}

export function ForgotForm({ notice }: { notice?: string }) {
  return (
    <form method="post" action="/api/members/forgot" className="member-form">
      <MemberNotice notice={notice} />
      <label htmlFor="forgot-email">E-mail address</label>
      <input id="forgot-email" name="email" type="email" autoComplete="email" required maxLength={254} />
      <button type="submit">Send me a link</button>
    </form>
  );
}

export function ResetForm({
  notice,
  token,
  minLength,
  maxLength,
}: { notice?: string; token?: string } & PasswordRules) {
  return (
    <form method="post" action="/api/members/reset" className="member-form">
      <MemberNotice notice={notice} />
      {token && <input type="hidden" name="token" value={token} />}
      <NewPasswordField
        id="reset-password"
        label="New password"
        name="password"
        minLength={minLength}
        maxLength={maxLength}
      />
      <button type="submit">Set the new password</button>
    </form>
  );
}

export function SignOutForm() {
  return (
    <form method="post" action="/api/members/signout" className="member-form member-form--inline">
      <button type="submit">Sign out</button>
    </form>
  );
}
