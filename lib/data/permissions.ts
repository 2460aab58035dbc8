import { dataErrors } from './errors';
import type { Caller, CollectionDeclaration, DataItem, Operation, Role } from './model';

// Who may do what (the seed's section 6). A collection names one role per operation; a caller holds roles. The owner
// holds ADMIN (and so CMS_EDITOR and every member role); PRIVILEGED is only ever met with `suppressAuth`, i.e. by the
// site's own server code.

export const VISITOR: Caller = { roles: new Set<Role>(['ANYONE']) };
export const OWNER: Caller = { roles: new Set<Role>(['ANYONE', 'SITE_MEMBER', 'CMS_EDITOR', 'ADMIN']) };
/** A signed-in member: SITE_MEMBER, and the author (`_owner`) of the items they insert. */
export const memberCaller = (memberId: string): Caller => ({
  roles: new Set<Role>(['ANYONE', 'SITE_MEMBER']),
  memberId,
});

const holds = (caller: Caller, role: Role) => caller.roles.has(role) || caller.roles.has('ADMIN');

/**
 * Whether `caller` may do `operation` on the collection at all (for SITE_MEMBER_AUTHOR, on some item: which ones is
 * `mayTouch`).
 */
export function mayDo(collection: CollectionDeclaration, operation: Operation, caller: Caller): boolean {
  const role = collection.permissions[operation];
  switch (role) {
    case 'ANYONE':
      return true;
    case 'SITE_MEMBER':
    case 'SITE_MEMBER_AUTHOR':
      return holds(caller, 'SITE_MEMBER') && (caller.memberId !== undefined || caller.roles.has('ADMIN'));
    case 'CMS_EDITOR':
      return holds(caller, 'CMS_EDITOR');
    case 'ADMIN':
      return caller.roles.has('ADMIN');
    case 'PRIVILEGED':
      return false;
  }
}

/** For SITE_MEMBER_AUTHOR: a member touches only the items they own (the owner touches all). */
export function mayTouch(collection: CollectionDeclaration, operation: Operation, caller: Caller, item: DataItem) {
  if (collection.permissions[operation] !== 'SITE_MEMBER_AUTHOR' || caller.roles.has('ADMIN')) return true;
  return item._owner !== undefined && item._owner === caller.memberId;
}

export function assertMayDo(collection: CollectionDeclaration, operation: Operation, caller: Caller): void {
  if (!mayDo(collection, operation, caller)) {
    throw dataErrors.permissionDenied(`${operation} on "${collection.id}" needs ${collection.permissions[operation]}`);
  }
}
