import { log } from '../log/log.ts';
import { atom } from 'nanostores';
import type {
  BonusSummaryAnswer,
  CodeSentAnswer,
  RegisterBody,
  SessionAnswer,
  SessionState,
  SocialPending,
  SocialRegisterBody,
} from '../api/schemas/session.ts';
import {
  postForgot,
  postForgotConfirm,
  postLogin,
  postPassword,
  postRegister,
  postRegisterConfirm,
  postSocialRegister,
  readBonusSummary,
  readSession,
  readSocialPending,
  socialStartUrl,
  type SessionResult,
} from '../api/session.ts';
import { SESSION_CHANGE_EVENT } from '../domain/session/customerHint.ts';
import { pageLocale } from './net.ts';

/**
 * The shopper's session as the islands see it (companion spec accounts §4): who is signed in, and
 * the actions of the auth modal. Every action goes to the storefront's own session endpoints
 * (src/api/session.ts), in the page's language (net.ts pageLocale); the tokens stay on the server. A
 * change of the session is announced as the window event SESSION_CHANGE_EVENT (declared once, in
 * src/domain/session/customerHint.ts, `detail` the new SessionState) that the login and logout
 * effects (the basket's merge, …) and other scripts follow.
 */

/** null until the session has been read. */
export const $session = atom<SessionState | null>(null);

/** The member banner's status and expiry (spec §2); null until read, for a non-member, or signed out. */
export const $bonusSummary = atom<BonusSummaryAnswer['bonus']>(null);

function apply(state: SessionState): void {
  const before = $session.get();
  $session.set(state);
  // Spec §4: logout clears the bonus data with the rest.
  if (!state.signedIn) $bonusSummary.set(null);
  const changed =
    before === null ||
    before.signedIn !== state.signedIn ||
    (state.signedIn && before.signedIn && before.shopper.id !== state.shopper.id);
  if (changed && typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<SessionState>(SESSION_CHANGE_EVENT, { detail: state }));
  }
}

async function withSession(pending: Promise<SessionResult<SessionAnswer>>): Promise<SessionResult<SessionAnswer>> {
  const result = await pending;
  if (result.ok) apply(result.value.session);
  return result;
}

/** Reads the session once (later calls answer the same read). */
let reading: Promise<void> | null = null;
export function loadSession(): Promise<void> {
  reading ??= readSession(pageLocale()).then((result) => {
    if (result.ok) apply(result.value.session);
    else {
      reading = null;
      log.warn('[auth] the session could not be read:', result.refusal.message);
    }
  });
  return reading;
}

/** Reads the member banner's status; a failure leaves no banner (spec §4: the programme is then disabled). */
export async function loadBonusSummary(): Promise<void> {
  const result = await readBonusSummary(pageLocale());
  $bonusSummary.set(result.ok ? result.value.bonus : null);
}

/** Login by phone and password. */
export function logIn(login: string, password: string): Promise<SessionResult<SessionAnswer>> {
  return withSession(postLogin({ login, password }, pageLocale()));
}

/** Phone registration: sends the code (the answer's `diff` starts the resend timer). */
export function register(body: RegisterBody): Promise<SessionResult<CodeSentAnswer>> {
  return postRegister(body, pageLocale());
}

/** Finishing a social sign-in that needs a phone (206): sends the code. */
export function registerSocial(body: SocialRegisterBody): Promise<SessionResult<CodeSentAnswer>> {
  return postSocialRegister(body, pageLocale());
}

/** The registration code: the shopper is signed in; the password comes next. */
export function confirmRegistration(phone: string, code: string): Promise<SessionResult<SessionAnswer>> {
  return withSession(postRegisterConfirm({ phone, code }, pageLocale()));
}

/** Forgot password: sends a recovery code. */
export function requestRecovery(phone: string): Promise<SessionResult<CodeSentAnswer>> {
  return postForgot(phone, pageLocale());
}

/** The recovery code: the shopper is signed in; a new password comes next (or later). */
export function confirmRecovery(phone: string, code: string): Promise<SessionResult<SessionAnswer>> {
  return withSession(postForgotConfirm({ phone, code }, pageLocale()));
}

/** Sets the password the last confirmed code allows. */
export function setPassword(password: string): Promise<SessionResult<SessionAnswer>> {
  return withSession(postPassword(password, pageLocale()));
}

/** What a social sign-in waiting for a phone (206) told of the shopper, to prefill its completion form. */
export function loadSocialPending(): Promise<SessionResult<SocialPending>> {
  return readSocialPending(pageLocale());
}

/** Where the social sign-in button of `provider` leads; the shopper comes back to `returnTo`. */
export function socialSignInUrl(provider: string, returnTo: string): string {
  return socialStartUrl(provider, returnTo);
}
