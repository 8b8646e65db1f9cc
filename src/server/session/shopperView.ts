import type { SessionState, Shopper } from '../../api/schemas/session.ts';
import type { User } from '../../api/schemas/user.ts';

/** What a page may know of the signed-in shopper (shopperSchema): never a token, nothing beyond the modal's needs. */
export function shopperOf(user: User): Shopper {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    email: user.email,
    isMember: user.bonusProgramMember,
    subscriptionDiscount: user.subscriptionDiscount,
    hasPassword: user.hasPassword,
    defaultLocation: user.defaultLocation,
  };
}

export const SIGNED_OUT: SessionState = { signedIn: false };

/** The session of a signed-in shopper; `bonusGranted` when this sign-in made them a member (spec §4). */
export function signedInState(user: User, bonusGranted = false): SessionState {
  return { signedIn: true, shopper: shopperOf(user), bonusGranted };
}
