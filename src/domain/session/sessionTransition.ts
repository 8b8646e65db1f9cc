/**
 * What a change of the session means for the data this browser keeps per customer (storefront spec
 * §4, §6: "Basket and viewed items are stored per customer, or under an anonymous key"; accounts
 * spec §4 login and logout). Pure: the store (src/stores/sessionEffects.ts) carries it out.
 *
 * - `login`: a customer signed in whose data the browser does not use yet: the anonymous basket
 *   merges into theirs, the anonymous copy goes, a check follows.
 * - `logout`: the customer this page saw signed in signed out: their basket and order data are
 *   cleared from this browser (spec: "On logout the basket and order are cleared").
 * - `ended`: the page found the session gone without a sign-out (it expired, the hint cookie is
 *   gone): the anonymous basket shows again, and the customer's stays stored under their id for
 *   their next sign-in, where it merges with what they add meanwhile.
 */
export type SessionTransition =
  | { kind: 'none' }
  | { kind: 'login'; customer: string }
  | { kind: 'logout'; customer: string }
  | { kind: 'ended'; customer: string };

/**
 * `owner`: the customer whose data the browser uses (null: anonymous); `signedIn`: the customer
 * the session now names (null: signed out); `sawSignedIn`: this page saw a customer signed in.
 */
export function sessionTransition(
  owner: string | null,
  signedIn: string | null,
  sawSignedIn: boolean,
): SessionTransition {
  if (signedIn !== null) return owner === signedIn ? { kind: 'none' } : { kind: 'login', customer: signedIn };
  if (owner === null) return { kind: 'none' };
  return sawSignedIn ? { kind: 'logout', customer: owner } : { kind: 'ended', customer: owner };
}
