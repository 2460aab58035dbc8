import { authErrors } from '@/lib/owner';
import { errors } from '@/lib/core/errors';
import { readBodyText } from '@/lib/core/http/body';
import { isCrossSite } from '@/lib/core/security/same-origin';
import { isOwner } from './caller';

/**
 * A small form the dashboard posts (the members' actions, the sign-up rules): refused before its body is read when it
 * comes from another site (403) or from anyone but the owner (401), and when it is larger than `maxBytes` (413). The
 * errors are thrown for the route's `jsonHandler` to answer; nothing has changed.
 */
export async function ownerForm(request: Request, maxBytes = 1024): Promise<URLSearchParams> {
  if (isCrossSite(request)) throw authErrors.crossSite();
  if (!isOwner(request)) throw authErrors.notOwner();
  const body = await readBodyText(request, maxBytes, () =>
    errors.payloadTooLarge(`request body is larger than ${maxBytes} bytes`),
  );
  return new URLSearchParams(body);
}
