import { z } from 'zod';
import { savedLocationSchema } from './user.ts';

/**
 * The storefront's own session endpoints (the BFF of DESIGN §7, under `/api/auth/`): what the
 * islands send and get back. The browser never sees an access or refresh token: the server keeps
 * them in the shopper's session and answers only what a page may show. A refusal is the shop's one
 * envelope (src/api/schemas/endpoint.ts): the user service's code (spec accounts §8) or the HTTP
 * status, the message in the page's language (the spec's text where it has one), and the field it
 * belongs on (spec: "shown on the first form field unless noted"; 1501 on the security check, 429
 * on the phone), none for a message of the whole form.
 */

/** Paths of the session endpoints (same origin; state-changing ones refuse a foreign Origin). */
export const AUTH_PATHS = {
  /** GET: the session's shopper (or none). */
  me: '/api/auth/me',
  /** POST LoginBody → SessionAnswer. */
  login: '/api/auth/login',
  /** POST RegisterBody → CodeSentAnswer (a registration code by SMS). */
  register: '/api/auth/register',
  /** POST SocialRegisterBody → CodeSentAnswer (finishing a social sign-in's 206). */
  registerSocial: '/api/auth/register/social',
  /** POST CodeBody → SessionAnswer: the registration code; signed in, a password to set next. */
  registerConfirm: '/api/auth/register/confirm',
  /** POST PhoneBody → CodeSentAnswer: a recovery code by SMS. */
  forgot: '/api/auth/forgot',
  /** POST CodeBody → SessionAnswer: the recovery code; signed in, a new password to set next. */
  forgotConfirm: '/api/auth/forgot/confirm',
  /** POST PasswordBody → SessionAnswer: sets the password the last confirmed code allows. */
  password: '/api/auth/password',
  /** POST (no body) → SessionAnswer (signed out). */
  logout: '/api/auth/logout',
  /** GET `/api/auth/social/{provider}` → 302 to the provider; it comes back to `socialCallback`. */
  socialStart: '/api/auth/social',
  /** GET `?provider&code&state` → 302 back to the page it started on (`#social` when a phone is needed). */
  socialCallback: '/api/auth/social/callback',
  /** GET: what a social sign-in that needs a phone (206) told of the shopper, to prefill the form. */
  socialPending: '/api/auth/social/pending',
  /** GET → BonusSummaryAnswer: the member banner's status and expiry, the balance (the account's bonus endpoint). */
  bonusSummary: '/api/account/bonus',
} as const;

/**
 * Spec §2 "A member banner shows the status name, its expiry date and a cashback logo": what the
 * modal needs of the bonus profile, and the balance the checkout offers to pay with. `bonus` is
 * null for a non-member, and when the bonus profile cannot be read (spec §4: the programme is then
 * disabled, no banner, nothing to pay with).
 */
export const bonusSummaryAnswerSchema = z.object({
  bonus: z
    .object({
      /** In the page's language. */
      levelName: z.string(),
      /** DD.MM.YYYY, or null when the service gave no date. */
      validUntil: z.string().nullable(),
      /**
       * The active balance in UAH as the bonus profile gives it (may have kopecks): what the
       * checkout may spend, within the basket's bonusMaxPayment (whole hryvnias).
       */
      activeAmount: z.number().nonnegative(),
    })
    .nullable(),
});
export type BonusSummaryAnswer = z.infer<typeof bonusSummaryAnswerSchema>;

/** What a page may know of the signed-in shopper. */
export const shopperSchema = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  /** 380XXXXXXXXX. */
  phone: z.string(),
  email: z.string(),
  /** A member of the cashback programme. */
  isMember: z.boolean(),
  /** Abonement member (subscription discount). */
  subscriptionDiscount: z.boolean(),
  /** Whether the account has a password (a social sign-up may have none yet). */
  hasPassword: z.boolean(),
  defaultLocation: savedLocationSchema.nullable(),
});
export type Shopper = z.infer<typeof shopperSchema>;

/** The session as the islands see it. */
export const sessionStateSchema = z.discriminatedUnion('signedIn', [
  z.object({ signedIn: z.literal(false) }),
  z.object({
    signedIn: z.literal(true),
    shopper: shopperSchema,
    /**
     * Spec §4: "a login event may carry a bonus flag": a bonus was granted by this sign-in (the
     * cashback programme's welcome). The modal shows the bonus banner (or just closes at checkout).
     */
    bonusGranted: z.boolean(),
  }),
]);
export type SessionState = z.infer<typeof sessionStateSchema>;

/** Every successful answer that changes or reads the session. */
export const sessionAnswerSchema = z.object({ session: sessionStateSchema });
export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;

/** A code was sent; `diff`: seconds until another may be asked for (the resend timer). */
export const codeSentAnswerSchema = z.object({ diff: z.number().int().nonnegative() });
export type CodeSentAnswer = z.infer<typeof codeSentAnswerSchema>;

/** The social sign-in waiting for a phone (206), for prefilling the completion form. */
export const socialPendingSchema = z.object({
  pending: z.union([z.null(), z.object({ provider: z.string(), name: z.string(), email: z.string() })]),
});
export type SocialPending = z.infer<typeof socialPendingSchema>;

// --- bodies (the endpoints parse them with these; the island sends what the forms hold)

const phone = z.string().max(40);
export const loginBodySchema = z.object({ login: phone, password: z.string().max(200) });
export const registerBodySchema = z.object({
  phone,
  firstName: z.string().max(120),
  /** The baby club's expected birth date (YYYY-MM-DD) or null. */
  pregnancyDueDate: z.string().max(10).nullable(),
  securityToken: z.string().max(4096),
  /** Registered from the club mode (spec: "a special tab name for a club registration"). */
  club: z.boolean(),
  /** Opened from the checkout (spec: "a checkout flag"). */
  checkout: z.boolean(),
});
export const socialRegisterBodySchema = z.object({ phone, firstName: z.string().max(120), email: z.string().max(320) });
export const phoneBodySchema = z.object({ phone });
export const codeBodySchema = z.object({ phone, code: z.string().max(20) });
export const passwordBodySchema = z.object({ password: z.string().max(200) });
export type LoginBody = z.infer<typeof loginBodySchema>;
export type RegisterBody = z.infer<typeof registerBodySchema>;
export type SocialRegisterBody = z.infer<typeof socialRegisterBodySchema>;
export type CodeBody = z.infer<typeof codeBodySchema>;
