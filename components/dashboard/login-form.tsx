import type { LoginNotice } from '@/lib/owner';

// A plain form posting to the session route: logging in works without JavaScript.

const MESSAGES: Record<LoginNotice, { text: string; alert: boolean }> = {
  'wrong-password': { text: 'Wrong password.', alert: true },
  'rate-limited': { text: 'Too many failed sign-ins from this address. Try again in up to 15 minutes.', alert: true },
  slowed: {
    text: 'Many failed sign-ins from many addresses: sign-in from new devices is slowed to one attempt every 2 seconds. Wait a moment and try again. Devices you have signed in from before are not affected.',
    alert: true,
  },
  disabled: { text: 'Owner login is disabled.', alert: true },
  misconfigured: { text: 'Owner login is misconfigured.', alert: true },
  'cross-site': { text: 'That request came from another site and was refused.', alert: true },
  'signed-out': { text: 'You are signed out.', alert: false },
  'session-ended': {
    text: 'Your session ended before that was done, and nothing changed. Sign in to go back to the page.',
    alert: true,
  },
};

export function LoginForm({ next, notice }: { next: string; notice?: LoginNotice }) {
  const message = notice && MESSAGES[notice];
  return (
    <form method="post" action="/api/owner/session" className="login-form">
      {message && (
        <p
          className={message.alert ? 'form-error' : 'form-status'}
          role={message.alert ? 'alert' : 'status'}
          data-notice={notice}
        >
          {message.text}
        </p>
      )}
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="next" value={next} />
      <label htmlFor="owner-password">Password</label>
      <input
        id="owner-password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={1024}
        autoFocus
      />
      <button type="submit">Sign in</button>
    </form>
  );
}
