import { BlogError } from '@/lib/blog/errors';

// The owner login's errors, in the API's error envelope. The platform catalogue has no authentication
// codes, so these use the site's own WDE9xxx range, numbered after their HTTP status.

export const authErrors = {
  badBody: () => new BlogError(400, 'WDE0004', 'request body must be a JSON object {"password": string} of at most 1024 characters'),
  wrongPassword: () => new BlogError(401, 'WDE9401', 'wrong password'),
  loginDisabled: (message: string) => new BlogError(403, 'WDE9403', message),
  crossSite: () => new BlogError(403, 'WDE9403', 'cross-site request refused'),
  rateLimited: (seconds: number) => new BlogError(429, 'WDE9429', `too many failed logins from this client: retry in ${seconds} s`),
  misconfigured: (message: string) => new BlogError(500, 'WDE0053', message),
};
