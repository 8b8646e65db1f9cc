import { z } from 'zod';
import { PROJECT_CODE } from '../config.ts';
import { localeSchema } from './common.ts';
import { deliveryMethodSlugSchema, deliveryTypeSchema } from './delivery.ts';
import { emailSchema, optionalEmailSchema, personNameSchema, phoneSchema, REQUIRED_MESSAGE } from './person.ts';

/**
 * The user service's contract (companion spec accounts.md §3, §7, §8): registration and login by
 * phone with one-time SMS codes, password recovery, tokens and their refresh, the profile, saved
 * locations, children, social logins, the bonus programme. Paths and payload field names are the
 * spec's; response shapes the spec does not show are defined here once and both sides use them.
 *
 * Tokens are opaque (the service keeps them hashed): an access token lives ACCESS_TOKEN_TTL_S, a
 * refresh token REFRESH_TOKEN_TTL_S, and every refresh rotates it; a refresh token used twice
 * revokes its whole family (DESIGN §7).
 */

const projectSchema = z.literal(PROJECT_CODE);

/** Companion spec §9: passwords of at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;
/** Longest password taken (a slow hash of a megabyte would be a denial of service). */
export const PASSWORD_MAX_LENGTH = 128;
/** One-time codes: 6 digits, valid 10 minutes, at most this many wrong tries (then 1204 and blocked). */
export const OTP = { length: 6, ttlSeconds: 600, maxAttempts: 5 } as const;
/** Companion spec §9: the resend timer starts at 60 s (the server's `diff` when it says otherwise). */
export const RESEND_SECONDS = 60;
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 60 * 60;
/** Gender ids (spec §9): 1 male, 2 female. */
export const GENDER = { male: 1, female: 2 } as const;
/**
 * The security check stand-in's one accepted token, like the real providers' test keys: accepted only
 * where sandboxes are allowed and no bot check (CAPTCHA_SECRET) is configured.
 */
export const SANDBOX_SECURITY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

/** Spec §8 error codes of the user service (HTTP status in parentheses where it is not 400). */
export const USER_ERROR = {
  alreadyRegistered: 1101,
  /** Registration attempts exhausted (HTTP 429, 'Превышен лимит попыток регистрации.'). */
  registrationLimit: 1102,
  notRegistered: 1103,
  wrongCredentials: 1104,
  /** Social registration with a phone that already has an account. */
  phoneTaken: 1105,
  /** Too many codes this hour (429). */
  hourlyLimit: 1201,
  /** Another code within the minute (429). */
  minuteLimit: 1202,
  /** Too many requests from this address (429). */
  requestLimit: 1203,
  /** Wrong, expired or exhausted one-time code. */
  wrongCode: 1204,
  /** The account has no password yet: recover it. */
  passwordNotSet: 1209,
  /** The phone is not confirmed: finish the registration. */
  phoneNotConfirmed: 1401,
  /** Security check failed. */
  securityCheck: 1501,
  /** E-mail confirmation token unknown or expired (404). */
  emailTokenUnknown: 1305,
  /** No or expired access token (401). */
  unauthorized: 401,
  /** An internal call (`/internal/…`) without the service token the user service was given (403). Ours. */
  serviceToken: 403,
  /** Bonus payment of an order: the shopper is not a member of the cashback programme (409). Ours. */
  bonusNotMember: 1601,
  /** Bonus payment of an order: the active balance is short of the amount (409). Ours. */
  bonusShort: 1602,
  /**
   * Bonus payment of an order: this order number was paid with another amount, or its payment was
   * given back (409): the order service takes another number. Ours.
   */
  bonusOrderTaken: 1603,
  /** Not this shopper's (or no such) location, child, … (404). */
  notFound: 404,
  /**
   * The SMS gateway, the mailer or a social provider did not do its part (503, Retry-After): nothing
   * was sent and nothing counted against the shopper's limits; the same request may be repeated. Ours.
   */
  outsideUnavailable: 503,
} as const;

/** An error of the user service: its code (USER_ERROR), message, and the fields it concerns. */
export const userErrorSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  fields: z.array(z.object({ field: z.string(), message: z.string() })).default([]),
});
export type UserError = z.infer<typeof userErrorSchema>;

const isoDateSchema = z.iso.date();
const passwordSchema = z
  .string()
  .min(1, REQUIRED_MESSAGE)
  .min(PASSWORD_MIN_LENGTH, `Минимум ${PASSWORD_MIN_LENGTH} символов`)
  .max(PASSWORD_MAX_LENGTH);
const otpCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${OTP.length}}$`), `Код — ${OTP.length} цифр`);
const idSchema = z.number().int().positive();

// ---------------------------------------------------------------------------------------------
// What the service answers

/** Spec §3 saved location, as stored (with its id and whether it is the default). */
export const savedLocationSchema = z.object({
  id: idSchema,
  isDefault: z.boolean(),
  /** The settlement (delivery service id and ref) and its names, in the language it was saved in. */
  city: z.string(),
  cityRef: z.string(),
  cityId: idSchema,
  region: z.string(),
  district: z.string(),
  /** Spec §4 delivery type: 1 branch, 2 address, 3 pickup. */
  type: deliveryTypeSchema,
  deliveryMethodSlug: deliveryMethodSlugSchema.nullable(),
  carrier: z.number().int().min(0).max(7).nullable(),
  street: z.string(),
  streetRef: z.string(),
  streetTypeName: z.string(),
  building: z.string(),
  apartment: z.string(),
  branchRef: z.string(),
  branch: z.string(),
  shopRef: z.string(),
});
export type SavedLocation = z.infer<typeof savedLocationSchema>;

export const childGenderSchema = z.enum(['boy', 'girl']);

/** Spec §3 child: gender (boy, girl); the name and birth date are ours (a shop's children list). */
export const childSchema = z.object({
  id: idSchema,
  name: z.string(),
  gender: childGenderSchema,
  birthDate: isoDateSchema.nullable(),
});
export type Child = z.infer<typeof childSchema>;

export const oauthProviderSchema = z.enum(['google', 'facebook']);
export type OauthProvider = z.infer<typeof oauthProviderSchema>;

/** Spec §3 User. */
export const userSchema = z.object({
  id: idSchema,
  phone: phoneSchema,
  firstName: z.string(),
  lastName: z.string(),
  middleName: z.string(),
  city: z.string(),
  /** 1 male, 2 female; null when not given. */
  gender: z.union([z.literal(1), z.literal(2)]).nullable(),
  birthDate: isoDateSchema.nullable(),
  subscribeSms: z.boolean(),
  subscribeEmail: z.boolean(),
  pregnancyDueDate: isoDateSchema.nullable(),
  /** The confirmed address ('' without one). */
  email: z.string(),
  /** An address waiting for its confirmation link (set or change); null when none waits. Ours. */
  pendingEmail: z.string().nullable(),
  language: localeSchema,
  bonusProgramMember: z.boolean(),
  /** The accounting system's customer reference. */
  customerRef: z.string(),
  /** Whether a password is set (a social registration may have none yet). Ours. */
  hasPassword: z.boolean(),
  defaultLocation: savedLocationSchema.nullable(),
  locations: z.array(savedLocationSchema),
  children: z.array(childSchema),
  /** Connected social logins. */
  oauthProviders: z.array(oauthProviderSchema),
  /** Abonement members (subscription discount). */
  subscriptionDiscount: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** A token pair: spec §7 "reads token and refresh_token". */
export const tokenPairSchema = z.object({ token: z.string().min(16), refresh_token: z.string().min(16) });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** Spec §7: "Login responses must contain token, refresh_token and profile". */
export const loginResponseSchema = tokenPairSchema.extend({ profile: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * Spec §7: "Confirm-by-phone responses must contain authorization and token": the shopper is signed
 * in (`authorization`), and `token` is the one-time change-password token for the next step
 * (`POST /public/register/change-password`), valid OTP.ttlSeconds.
 */
export const confirmResponseSchema = z.object({ authorization: loginResponseSchema, token: z.string().min(16) });
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

/** A code was sent: seconds until another may be asked for (spec: "may answer with diff"). */
export const codeSentSchema = z.object({ diff: z.number().int().nonnegative() });
export type CodeSent = z.infer<typeof codeSentSchema>;

export const checkExistResponseSchema = z.object({ exists: z.boolean(), hasPassword: z.boolean() });

/** Spec §3 bonus profile. */
const bonusChangeSchema = z.object({ changing: z.number(), date: isoDateSchema, description: z.string() });
export const bonusProfileSchema = z.object({
  isMember: z.boolean(),
  activeAmount: z.number(),
  passiveAmount: z.number(),
  nextExpenses: z.array(bonusChangeSchema),
  nextIncomes: z.array(bonusChangeSchema),
  /** Ukrainian level name; levelNameRu the Russian one. */
  levelName: z.string(),
  levelNameRu: z.string(),
  /** Months the level lasts. */
  levelDuration: z.number().int().nonnegative(),
  /** Cashback percent of the level. */
  rate: z.number().nonnegative(),
  accumulationAmount: z.number().nonnegative(),
  validUntil: isoDateSchema.nullable(),
  /** Spec §3 (levelName, accumulation, rate); `levelNameRu` is ours, as on the current level (a real service may omit it). */
  rateRules: z.array(
    z.object({ levelName: z.string(), levelNameRu: z.string().optional(), accumulation: z.number(), rate: z.number() }),
  ),
  promoRates: z.array(z.object({ title: z.string(), rate: z.number() })),
});
export type BonusProfile = z.infer<typeof bonusProfileSchema>;

export const bonusHistoryItemSchema = z.object({
  id: idSchema,
  createdAt: z.string(),
  /** Positive: accrued; negative: spent or expired. */
  amount: z.number(),
  description: z.string(),
  orderNumber: z.string().nullable(),
});
export const bonusHistorySchema = z.object({ items: z.array(bonusHistoryItemSchema), total: z.number().int() });
export type BonusHistory = z.infer<typeof bonusHistorySchema>;
/**
 * The order service's calls for paying an order with bonus points (ours: the spec's user service
 * has no such call; docs/decisions.md "Accounts: paying with bonuses"). Both are internal: they
 * need the service token the user and order services share (`USER_SERVICE_TOKEN`) in this header,
 * so a shopper who calls the user service directly can neither spend for an order nor give back.
 */
export const SERVICE_TOKEN_HEADER = 'x-service-token';
/** Order numbers as the order service makes them: digits (1000000 + id). */
const orderNumberSchema = z.string().regex(/^\d{1,20}$/);
/**
 * `POST /internal/bonus/order-payment` (with the shopper's bearer and the service token): spends
 * `amount` whole hryvnias of the bearer's own active balance for the order `orderNumber`. Once per
 * order number: the same number and amount again answers the same payment (200), without a
 * second spend.
 */
export const bonusOrderPaymentRequestSchema = z.object({
  orderNumber: orderNumberSchema,
  amount: z.number().int().positive().max(10_000_000),
});
export type BonusOrderPaymentRequest = z.infer<typeof bonusOrderPaymentRequestSchema>;
/**
 * `POST /internal/bonus/order-payment/give-back` (the service token only: a shop's cancellation
 * may come long after the shopper's token expired): gives the order's points back to the customer.
 * Idempotent; a number never paid is recorded as given back (amount 0), so a late payment for it
 * is refused (1603).
 */
export const bonusGiveBackRequestSchema = z.object({ customerId: idSchema, orderNumber: orderNumberSchema });
export type BonusGiveBackRequest = z.infer<typeof bonusGiveBackRequestSchema>;
/** A bonus payment of an order as the user service keeps it, with the customer's active balance after it. */
export const bonusOrderPaymentSchema = z.object({
  customerId: idSchema,
  orderNumber: orderNumberSchema,
  amount: z.number().int().nonnegative(),
  status: z.enum(['spent', 'given-back']),
  activeAmount: z.number(),
});
export type BonusOrderPayment = z.infer<typeof bonusOrderPaymentSchema>;
/** The 1602 refusal (balance short) says the active balance too, so the order's message can name it. */
export const bonusShortErrorSchema = userErrorSchema.extend({
  code: z.literal(USER_ERROR.bonusShort),
  activeAmount: z.number(),
});
export type BonusShortError = z.infer<typeof bonusShortErrorSchema>;

/** Spec §9 (new design): joining the cashback programme brings 50 грн (the user service grants it, the profile says it). */
export const JOIN_BONUS_UAH = 50;
/** Bonus history page size the account shows. */
export const BONUS_HISTORY_LIMIT = 10;

/** `GET /public/config`: the social sign-in links (spec: "reads oauthLinks"). */
export const userConfigSchema = z.object({
  oauthLinks: z.array(z.object({ provider: oauthProviderSchema, title: z.string(), url: z.string() })),
});
export type UserConfig = z.infer<typeof userConfigSchema>;

/** `POST /public/oauth/code` 206: what the provider told of a shopper who has no account yet. */
export const socialDataSchema = z.object({
  email: z.string(),
  name: z.string(),
  oauthId: z.string().min(1),
  provider: oauthProviderSchema,
});
export type SocialData = z.infer<typeof socialDataSchema>;

/** The e-mail confirmation link's answer (`GET /public/auth/email-confirm/{token}`). */
export const emailConfirmedSchema = z.object({ email: z.string() });

// ---------------------------------------------------------------------------------------------
// What callers send (the service parses each body with these; a bad one is a 400 naming fields)

const languageField = { language: localeSchema.default('ru') };

/** `POST /public/register/phone` (spec §3 registration payload; the security check's token). */
export const registerPhoneRequestSchema = z.object({
  phone: phoneSchema,
  firstName: personNameSchema,
  email: optionalEmailSchema,
  /** The baby club's expected birth date (today or after). */
  pregnancyDueDate: isoDateSchema.nullable().default(null),
  securityToken: z.string().min(1, REQUIRED_MESSAGE).max(4096),
  project: projectSchema,
  ...languageField,
});
export type RegisterPhoneRequest = z.input<typeof registerPhoneRequestSchema>;

/**
 * `POST /internal/register/order-phone` (ours; the order service with the service token): the
 * code that confirms the phone of an order placed without an account, sent to the order's phone
 * (docs/decisions.md "Accounts: confirming the phone of an order, inline"). No security check: the
 * order service vouches for the phone (an order carries it) and bounds the codes per order; the
 * per-phone and per-address limits hold as for any code. A new account takes the order's name,
 * surname and e-mail; a phone that has an account gets a sign-in code and its data stay.
 */
export const orderPhoneCodeRequestSchema = z.object({
  phone: phoneSchema,
  firstName: personNameSchema,
  lastName: z.string().trim().max(60).default(''),
  email: optionalEmailSchema,
  /** The shopper's address as the order service saw it, for the per-address limits. */
  clientIp: z.string().max(64).nullable().default(null),
  ...languageField,
});
export type OrderPhoneCodeRequest = z.input<typeof orderPhoneCodeRequestSchema>;

/** `POST /public/register/phone-oauth`: finishing a social registration (206) with a phone. */
export const registerPhoneOauthRequestSchema = z.object({
  firstName: personNameSchema,
  phone: phoneSchema,
  email: optionalEmailSchema,
  oauthId: z.string().min(1).max(200),
  provider: oauthProviderSchema,
  project: projectSchema,
  ...languageField,
});
export type RegisterPhoneOauthRequest = z.input<typeof registerPhoneOauthRequestSchema>;

/** `POST /public/register/phone-confirm`: the code of a registration or of a password recovery. */
export const phoneConfirmRequestSchema = z.object({ phone: phoneSchema, token: otpCodeSchema });

/** `POST /public/register/change-password`: the confirm answer's token and the new password. */
export const registerPasswordRequestSchema = z.object({ token: z.string().min(16).max(200), password: passwordSchema });

export const checkExistRequestSchema = z.object({ phone: phoneSchema, project: projectSchema });
export const loginRequestSchema = z.object({
  login: phoneSchema,
  password: z.string().min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
  project: projectSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;
export const forgotPasswordRequestSchema = z.object({ phone: phoneSchema, project: projectSchema });
export const refreshRequestSchema = z.object({ refresh_token: z.string().min(16).max(200) });

/** Companion spec §5 today-or-after. */
export const TODAY_OR_AFTER_MESSAGE = 'Дата повинна бути сьогодні або пізніше';

/** `PUT /public/user`: the profile's own fields (the service checks pregnancyDueDate is today or after). */
export const profileUpdateRequestSchema = z.object({
  firstName: personNameSchema,
  lastName: z.union([personNameSchema, z.literal('')]).default(''),
  middleName: z.union([personNameSchema, z.literal('')]).default(''),
  gender: z
    .union([z.literal(1), z.literal(2)])
    .nullable()
    .default(null),
  birthDate: isoDateSchema.nullable().default(null),
  subscribeSms: z.boolean().default(false),
  subscribeEmail: z.boolean().default(false),
  pregnancyDueDate: isoDateSchema.nullable().default(null),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const changeLanguageRequestSchema = z.object({ language: localeSchema });
/** `PUT /public/user/set-email` and `/change-email`: a confirmation link goes to the address. */
export const emailRequestSchema = z.object({ email: emailSchema });
export const changePasswordRequestSchema = z.object({
  password: z.string().min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
  newPassword: passwordSchema,
});

/** A location as sent (spec §3): what its delivery type needs is required by the service. */
export const locationRequestSchema = z.object({
  city: z.string().trim().min(1, REQUIRED_MESSAGE).max(100),
  cityRef: z.string().trim().min(1, REQUIRED_MESSAGE).max(64),
  /**
   * Ours, optional (spec §3's saved location has `city` and `cityRef` only): without it the service
   * finds the settlement by its ref in the delivery service's data.
   */
  cityId: idSchema.optional(),
  region: z.string().trim().max(100).default(''),
  district: z.string().trim().max(100).default(''),
  type: deliveryTypeSchema,
  deliveryMethodSlug: deliveryMethodSlugSchema.nullable().default(null),
  carrier: z.number().int().min(0).max(7).nullable().default(null),
  street: z.string().trim().max(200).default(''),
  streetRef: z.string().trim().max(64).default(''),
  streetTypeName: z.string().trim().max(40).default(''),
  building: z.string().trim().max(20).default(''),
  apartment: z.string().trim().max(20).default(''),
  branchRef: z.string().trim().max(64).default(''),
  branch: z.string().trim().max(200).default(''),
  shopRef: z.string().trim().max(64).default(''),
});
export type LocationRequest = z.input<typeof locationRequestSchema>;

export const childRequestSchema = z.object({
  name: z.union([personNameSchema, z.literal('')]).default(''),
  gender: childGenderSchema,
  birthDate: isoDateSchema.nullable().default(null),
});
export type ChildRequest = z.input<typeof childRequestSchema>;

/** `POST /public/oauth/code` and `POST /public/user/oauth`: the provider's code after its sign-in page. */
export const oauthCodeRequestSchema = z.object({ provider: oauthProviderSchema, code: z.string().min(1).max(512) });
export const oauthRemoveRequestSchema = z.object({ provider: oauthProviderSchema });
export const bonusHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(BONUS_HISTORY_LIMIT),
  sort: z.enum(['createdAt,desc', 'createdAt,asc']).default('createdAt,desc'),
});
export const subscribeRequestSchema = z.object({ email: emailSchema, project: projectSchema });

// ---------------------------------------------------------------------------------------------
// Sandbox stand-ins (DESIGN §4): readable outboxes of what the SMS gateway and the mail server
// would have delivered. Mounted only while the user service is the embedded one.

export const sandboxMessageSchema = z.object({
  id: idSchema,
  /** The phone (380…) or the e-mail address. */
  to: z.string(),
  text: z.string(),
  createdAt: z.string(),
});
/** `GET /sandbox/sms?phone=` and `GET /sandbox/email?to=`: newest first. */
export const sandboxOutboxSchema = z.object({ items: z.array(sandboxMessageSchema) });
export type SandboxOutbox = z.infer<typeof sandboxOutboxSchema>;
