import { errors } from '@/lib/core/errors';

/**
 * The page a password-reset mail links to, checked: the link carries the reset token, so it may only lead to this
 * site (Wix allows only the site's own domains too). WDE0046 otherwise.
 */
export function resetLinkBase(redirectUri: string, siteUrl: string): URL {
  let link: URL;
  try {
    link = new URL(redirectUri);
  } catch {
    throw errors.badValue('redirectUri must be an absolute URL of this site');
  }
  if (link.origin !== new URL(siteUrl).origin) throw errors.badValue('redirectUri must be a page of this site');
  return link;
}
