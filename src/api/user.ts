import { isApiError } from './apiError.ts';
import { PROJECT_CODE } from './config.ts';
import { encodePath } from './http.ts';
import type { HttpClient } from './http.ts';
import type { CallOptions } from './search.ts';
import {
  bonusHistorySchema,
  bonusOrderPaymentSchema,
  bonusProfileSchema,
  checkExistResponseSchema,
  childSchema,
  codeSentSchema,
  confirmResponseSchema,
  emailConfirmedSchema,
  loginResponseSchema,
  sandboxOutboxSchema,
  savedLocationSchema,
  SERVICE_TOKEN_HEADER,
  socialDataSchema,
  tokenPairSchema,
  userConfigSchema,
  userErrorSchema,
  userSchema,
} from './schemas/user.ts';
import type {
  BonusGiveBackRequest,
  BonusHistory,
  BonusOrderPayment,
  BonusOrderPaymentRequest,
  BonusProfile,
  Child,
  ChildRequest,
  CodeSent,
  ConfirmResponse,
  LocationRequest,
  LoginResponse,
  OauthProvider,
  OrderPhoneCodeRequest,
  ProfileUpdateRequest,
  RegisterPhoneOauthRequest,
  RegisterPhoneRequest,
  SandboxOutbox,
  SavedLocation,
  SocialData,
  TokenPair,
  User,
  UserConfig,
  UserError,
} from './schemas/user.ts';
import { z } from 'zod';

/**
 * Typed calls of the user service (companion spec accounts.md §7; wire shapes in schemas/user.ts).
 * The calls marked "signed in" send the client's bearer token and take part in its refresh-and-retry
 * on 401 (src/api/http.ts). Every failure is an ApiError; `userErrorOf(error)` reads the service's
 * code (USER_ERROR) and per-field messages.
 */

function callOptions(opts: CallOptions): CallOptions {
  return {
    ...(opts.signal ? { signal: opts.signal } : {}),
    ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
  };
}

/**
 * Options of the calls the service limits per client address (codes sent, wrong passwords,
 * subscriptions): `clientIp` is the shopper's address as the storefront determined it, sent as
 * X-Forwarded-For (the service counts the last entry of that header: the one its caller appended).
 */
export interface AddressedCallOptions extends CallOptions {
  clientIp?: string;
}

function addressedOptions(opts: AddressedCallOptions): CallOptions & { headers?: Record<string, string> } {
  return { ...callOptions(opts), ...(opts.clientIp ? { headers: { 'x-forwarded-for': opts.clientIp } } : {}) };
}

const noContent = z.undefined();

type WithoutProject<T> = Omit<T, 'project'>;

// --- registration, login, recovery, tokens (anonymous)

/** `POST /public/register/phone`: sends a registration code by SMS; `diff` is the resend timer. */
export function registerByPhone(
  client: HttpClient,
  body: WithoutProject<RegisterPhoneRequest>,
  opts: AddressedCallOptions = {},
): Promise<CodeSent> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/register/phone',
    body: { ...body, project: PROJECT_CODE },
    schema: codeSentSchema,
    ...addressedOptions(opts),
  });
}

/** `POST /public/register/phone-oauth`: finishes a social registration (206) with a phone; sends a code. */
export function registerByPhoneOauth(
  client: HttpClient,
  body: WithoutProject<RegisterPhoneOauthRequest>,
  opts: AddressedCallOptions = {},
): Promise<CodeSent> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/register/phone-oauth',
    body: { ...body, project: PROJECT_CODE },
    schema: codeSentSchema,
    ...addressedOptions(opts),
  });
}

/**
 * `POST /public/register/phone-confirm`: the SMS code of a registration or a password recovery.
 * Signs the shopper in and answers the one-time token for setting the password.
 */
export function confirmPhone(
  client: HttpClient,
  body: { phone: string; token: string },
  opts: CallOptions = {},
): Promise<ConfirmResponse> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/register/phone-confirm',
    body,
    schema: confirmResponseSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/register/change-password`: sets the password with the confirm answer's token. */
export function setPasswordWithToken(
  client: HttpClient,
  body: { token: string; password: string },
  opts: CallOptions = {},
): Promise<void> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/register/change-password',
    body,
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `POST /public/register/check-exist`: whether the phone has an account, and a password. */
export function checkPhoneExists(
  client: HttpClient,
  phone: string,
  opts: CallOptions = {},
): Promise<{ exists: boolean; hasPassword: boolean }> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/register/check-exist',
    body: { phone, project: PROJECT_CODE },
    schema: checkExistResponseSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/auth/login`: phone and password; 1104 wrong, 1209 no password yet, 1401 unconfirmed. */
export function login(
  client: HttpClient,
  body: { login: string; password: string },
  opts: AddressedCallOptions = {},
): Promise<LoginResponse> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/auth/login',
    body: { ...body, project: PROJECT_CODE },
    schema: loginResponseSchema,
    ...addressedOptions(opts),
  });
}

/** `POST /public/auth/forgot-password`: sends a recovery code by SMS; 1103 when no such account. */
export function forgotPassword(client: HttpClient, phone: string, opts: AddressedCallOptions = {}): Promise<CodeSent> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/auth/forgot-password',
    body: { phone, project: PROJECT_CODE },
    schema: codeSentSchema,
    ...addressedOptions(opts),
  });
}

/** `POST /public/user/auth/refresh`: a new pair for a refresh token (which is spent: it rotates). */
export function refreshTokens(client: HttpClient, refreshToken: string, opts: CallOptions = {}): Promise<TokenPair> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/auth/refresh',
    body: { refresh_token: refreshToken },
    schema: tokenPairSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/auth/email-confirm/{token}`: confirms an address; 1305 (404) unknown or expired. */
export function confirmEmail(client: HttpClient, token: string, opts: CallOptions = {}): Promise<{ email: string }> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: encodePath`/public/auth/email-confirm/${token}`,
    schema: emailConfirmedSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/config?project`: the social sign-in links. */
export function getUserConfig(client: HttpClient, opts: CallOptions = {}): Promise<UserConfig> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: '/public/config',
    project: true,
    schema: userConfigSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/oauth/code`: the provider's code; a known shopper is signed in (200), a new one is described (206). */
export async function socialSignIn(
  client: HttpClient,
  body: { provider: OauthProvider; code: string },
  opts: CallOptions = {},
): Promise<{ kind: 'signedIn'; login: LoginResponse } | { kind: 'register'; data: SocialData }> {
  const answer = await client.request({
    service: 'user',
    method: 'POST',
    path: '/public/oauth/code',
    body,
    schema: z.union([loginResponseSchema, socialDataSchema]),
    ...callOptions(opts),
  });
  return 'token' in answer ? { kind: 'signedIn', login: answer } : { kind: 'register', data: answer };
}

// --- the signed-in shopper's own data

/** `GET /public/user?locale` (signed in). */
export function getUser(client: HttpClient, opts: CallOptions = {}): Promise<User> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: '/public/user',
    locale: true,
    auth: true,
    schema: userSchema,
    ...callOptions(opts),
  });
}

/** `PUT /public/user` (signed in): the profile's own fields. */
export function updateProfile(client: HttpClient, body: ProfileUpdateRequest, opts: CallOptions = {}): Promise<User> {
  return client.request({
    service: 'user',
    method: 'PUT',
    path: '/public/user',
    auth: true,
    body,
    schema: userSchema,
    ...callOptions(opts),
  });
}

/** `PUT /public/user/change-language` (signed in). */
export function changeLanguage(client: HttpClient, language: 'ru' | 'uk', opts: CallOptions = {}): Promise<void> {
  return client.request({
    service: 'user',
    method: 'PUT',
    path: '/public/user/change-language',
    auth: true,
    body: { language },
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `PUT /public/user/set-email` or `/change-email` (signed in): a confirmation link goes to the address. */
export function requestEmail(
  client: HttpClient,
  email: string,
  kind: 'set' | 'change',
  opts: CallOptions = {},
): Promise<void> {
  return client.request({
    service: 'user',
    method: 'PUT',
    path: kind === 'set' ? '/public/user/set-email' : '/public/user/change-email',
    auth: true,
    body: { email },
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `POST /public/user/confirmation-email` (signed in): sends the pending address's link again. */
export function resendEmailConfirmation(client: HttpClient, opts: CallOptions = {}): Promise<void> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/confirmation-email',
    auth: true,
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `PUT /public/user/change-password` (signed in): 1104 when the current password is wrong. */
export function changePassword(
  client: HttpClient,
  body: { password: string; newPassword: string },
  opts: CallOptions = {},
): Promise<void> {
  return client.request({
    service: 'user',
    method: 'PUT',
    path: '/public/user/change-password',
    auth: true,
    body,
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `POST /public/user/location` (signed in): a new location; it becomes the default by spec §4's rule. */
export function addLocation(client: HttpClient, body: LocationRequest, opts: CallOptions = {}): Promise<SavedLocation> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/location',
    auth: true,
    body,
    schema: savedLocationSchema,
    ...callOptions(opts),
  });
}

/** `PUT /public/user/location/{id}` (signed in; another shopper's id is a 404). */
export function updateLocation(
  client: HttpClient,
  id: number,
  body: LocationRequest,
  opts: CallOptions = {},
): Promise<SavedLocation> {
  return client.request({
    service: 'user',
    method: 'PUT',
    path: encodePath`/public/user/location/${id}`,
    auth: true,
    body,
    schema: savedLocationSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/user/location/default/{id}` (signed in): makes the location the default. */
export function setDefaultLocation(client: HttpClient, id: number, opts: CallOptions = {}): Promise<SavedLocation> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: encodePath`/public/user/location/default/${id}`,
    auth: true,
    schema: savedLocationSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /public/user/location/default` (signed in): a location the checkout used; saved, and made
 * the default only by spec §4's rule (no default yet, or the default has no delivery method and is
 * in the same city). Answers the location as saved.
 */
export function saveCheckoutLocation(
  client: HttpClient,
  body: LocationRequest,
  opts: CallOptions = {},
): Promise<SavedLocation> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/location/default',
    auth: true,
    body,
    schema: savedLocationSchema,
    ...callOptions(opts),
  });
}

/** `DELETE /public/user/location/{id}` (signed in). */
export function deleteLocation(client: HttpClient, id: number, opts: CallOptions = {}): Promise<void> {
  return client.request({
    service: 'user',
    method: 'DELETE',
    path: encodePath`/public/user/location/${id}`,
    auth: true,
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `POST /public/user/children` (signed in). */
export function addChild(client: HttpClient, body: ChildRequest, opts: CallOptions = {}): Promise<Child> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/children',
    auth: true,
    body,
    schema: childSchema,
    ...callOptions(opts),
  });
}

/** `PUT /public/user/children/{id}` (signed in). */
export function updateChild(
  client: HttpClient,
  id: number,
  body: ChildRequest,
  opts: CallOptions = {},
): Promise<Child> {
  return client.request({
    service: 'user',
    method: 'PUT',
    path: encodePath`/public/user/children/${id}`,
    auth: true,
    body,
    schema: childSchema,
    ...callOptions(opts),
  });
}

/** `DELETE /public/user/children/{id}` (signed in). */
export function deleteChild(client: HttpClient, id: number, opts: CallOptions = {}): Promise<void> {
  return client.request({
    service: 'user',
    method: 'DELETE',
    path: encodePath`/public/user/children/${id}`,
    auth: true,
    schema: noContent,
    ...callOptions(opts),
  });
}

/** `POST /public/user/oauth` (signed in): connects a social login with the provider's code. */
export function connectSocial(
  client: HttpClient,
  body: { provider: OauthProvider; code: string },
  opts: CallOptions = {},
): Promise<User> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/oauth',
    auth: true,
    body,
    schema: userSchema,
    ...callOptions(opts),
  });
}

/** `PUT /public/user/oauth/remove` (signed in). */
export function disconnectSocial(client: HttpClient, provider: OauthProvider, opts: CallOptions = {}): Promise<User> {
  return client.request({
    service: 'user',
    method: 'PUT',
    path: '/public/user/oauth/remove',
    auth: true,
    body: { provider },
    schema: userSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/user/bonus-program/member` (signed in): joins the cashback programme. */
export function joinBonusProgram(client: HttpClient, opts: CallOptions = {}): Promise<BonusProfile> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/public/user/bonus-program/member',
    auth: true,
    schema: bonusProfileSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/bonus` (signed in). */
export function getBonusProfile(client: HttpClient, opts: CallOptions = {}): Promise<BonusProfile> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: '/public/bonus',
    auth: true,
    schema: bonusProfileSchema,
    ...callOptions(opts),
  });
}

/** `GET /public/bonus/history?page&limit&sort` (signed in). */
export function getBonusHistory(
  client: HttpClient,
  query: { page: number; limit?: number },
  opts: CallOptions = {},
): Promise<BonusHistory> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: '/public/bonus/history',
    query: { page: query.page, limit: query.limit, sort: 'createdAt,desc' },
    auth: true,
    schema: bonusHistorySchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /internal/bonus/order-payment` (the order service, for a signed-in shopper's order): spends
 * the bearer's own points for the order. `authorization` is the shopper's header as the order
 * service received it (the order service holds no token of its own); `serviceToken` proves the
 * caller is the order service. 201 a new payment, 200 the same payment again (never a second spend).
 */
export function payOrderWithBonuses(
  client: HttpClient,
  payment: BonusOrderPaymentRequest,
  credentials: { authorization: string; serviceToken: string },
  opts: CallOptions = {},
): Promise<BonusOrderPayment> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/internal/bonus/order-payment',
    body: payment,
    headers: { authorization: credentials.authorization, [SERVICE_TOKEN_HEADER]: credentials.serviceToken },
    // Service to service (the service token), not the shop's call: opts out of the project header.
    projectHeader: false,
    schema: bonusOrderPaymentSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /internal/bonus/order-payment/give-back` (the order service only, by its service token):
 * gives an order's points back to the customer (an order that failed after the payment, a
 * cancelled one). Idempotent.
 */
export function giveBackOrderBonuses(
  client: HttpClient,
  request: BonusGiveBackRequest,
  serviceToken: string,
  opts: CallOptions = {},
): Promise<BonusOrderPayment> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/internal/bonus/order-payment/give-back',
    body: request,
    headers: { [SERVICE_TOKEN_HEADER]: serviceToken },
    // Service to service (the service token), not the shop's call: opts out of the project header.
    projectHeader: false,
    schema: bonusOrderPaymentSchema,
    ...callOptions(opts),
  });
}

/**
 * `POST /internal/register/order-phone` (the order service only, by its service token): the code
 * that confirms an anonymous order's phone; answers the resend timer. Confirmed by
 * `confirmPhone` like a registration's code. Limits as any code's (1102, 1201-1203).
 */
export function requestOrderPhoneCode(
  client: HttpClient,
  request: OrderPhoneCodeRequest,
  serviceToken: string,
  opts: CallOptions = {},
): Promise<CodeSent> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: '/internal/register/order-phone',
    body: request,
    headers: { [SERVICE_TOKEN_HEADER]: serviceToken },
    // Service to service (the service token), not the shop's call: opts out of the project header.
    projectHeader: false,
    schema: codeSentSchema,
    ...callOptions(opts),
  });
}

/** `POST /public/e-sputnik/subscribe/{id}`: subscribes an address to the newsletter `id`. */
export function subscribeEmail(
  client: HttpClient,
  id: number,
  email: string,
  opts: AddressedCallOptions = {},
): Promise<void> {
  return client.request({
    service: 'user',
    method: 'POST',
    path: encodePath`/public/e-sputnik/subscribe/${id}`,
    body: { email, project: PROJECT_CODE },
    schema: noContent,
    ...addressedOptions(opts),
  });
}

// --- sandbox outboxes (embedded service only; tests and developers read them)

/** `GET /sandbox/sms?phone=`: the SMS the sandbox gateway "sent" to the phone, newest first. */
export function readSandboxSms(client: HttpClient, phone: string, opts: CallOptions = {}): Promise<SandboxOutbox> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: '/sandbox/sms',
    query: { phone },
    schema: sandboxOutboxSchema,
    ...callOptions(opts),
  });
}

/** `GET /sandbox/email?to=`: the e-mails the sandbox mail server "sent" to the address, newest first. */
export function readSandboxEmail(client: HttpClient, to: string, opts: CallOptions = {}): Promise<SandboxOutbox> {
  return client.request({
    service: 'user',
    method: 'GET',
    path: '/sandbox/email',
    query: { to },
    schema: sandboxOutboxSchema,
    ...callOptions(opts),
  });
}

/** The user service's refusal carried by `error` (code, message, fields), or null for anything else. */
export function userErrorOf(error: unknown): UserError | null {
  if (!isApiError(error) || error.service !== 'user' || error.kind !== 'http') return null;
  const parsed = userErrorSchema.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}
