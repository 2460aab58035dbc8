import type { ReactElement } from 'react';
import { OwnerNotice } from '@/components/dashboard/owner-notice';
import { isCatalogueError } from '@/lib/core/errors';
import { currentOwner } from '@/lib/owner';

/**
 * An owner's page's data: `load()` once the visitor is the owner; otherwise the page to show instead (the owner's
 * notice: login off or misconfigured), or the catalogue's message when the platform cannot answer (a Wix site without
 * its key, say). Anything else is a bug and throws.
 */
export async function ownerLoad<T>(
  path: string,
  load: () => Promise<T>,
): Promise<{ value: T; page?: undefined } | { page: ReactElement }> {
  const owner = await currentOwner(path);
  if (owner.kind !== 'owner') return { page: <OwnerNotice kind={owner.kind} message={owner.message} /> };
  try {
    return { value: await load() };
  } catch (error) {
    if (!isCatalogueError(error)) throw error;
    return {
      page: (
        <p className="notice" role="status">
          {error.message}
        </p>
      ),
    };
  }
}
