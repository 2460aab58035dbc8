import { BlogError } from '@/lib/blog/errors';

// The owner login's errors, in the API's error envelope. The platform catalogue has no authentication
// codes, so these use the site's own WDE9xxx range, numbered after their HTTP status (WDE9430 is the
// second kind of 429).

const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} ${n === 1 ? 'minute' : 'minutes'}`;
};

export const authErrors = {
  badBody: () => new BlogError(400, 'WDE0004', 'request body must be a JSON object {"password": string} of at most 1024 characters'),
  wrongPassword: () => new BlogError(401, 'WDE9401', 'wrong password'),
  loginDisabled: (message: string) => new BlogError(403, 'WDE9403', message),
  crossSite: () => new BlogError(403, 'WDE9403', 'cross-site request refused'),
  /** This client address failed too often (attempts without a trusted device cookie). */
  rateLimited: (seconds: number) => new BlogError(429, 'WDE9429', `too many failed logins from this client; retry in ${minutes(seconds)}`),
  /** Many addresses failed: new devices share one slow door; known devices are not affected. */
  slowed: (intervalSeconds: number) =>
    new BlogError(
      429,
      'WDE9430',
      `Many failed sign-ins from many addresses: sign-in from new devices is slowed to one attempt every ${intervalSeconds} seconds; retry in a moment. Devices you have signed in from before are not affected.`,
    ),
  misconfigured: (message: string) => new BlogError(500, 'WDE0053', message),
};
