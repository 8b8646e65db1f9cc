import { z } from 'zod';
import { localeSchema } from './common.ts';
import { deliveryMethodSlugSchema } from './delivery.ts';
import { emailSchema, personNameSchema, REQUIRED_MESSAGE } from './person.ts';
import { GUEST_WISH_LIMIT, WISH_LIST_PATHS } from '../wishListPaths.ts';
import { wishListItemRequestSchema, wishListSchema } from './wishList.ts';
import {
  childGenderSchema,
  oauthProviderSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  profileUpdateRequestSchema,
} from './user.ts';

/**
 * The storefront's account endpoints (`/api/account/*`, issue 11): what the account pages' plain
 * HTML forms (urlencoded, turned into these shapes by src/domain/account/accountForms.ts) and JSON
 * clients send. The answers are the shop's one protocol (src/api/schemas/endpoint.ts): done, or the
 * refusal envelope; a form post is answered with a 303 back to its page instead.
 */

export const ACCOUNT_PATHS = {
  profile: '/api/account/profile',
  language: '/api/account/language',
  email: '/api/account/email',
  emailResend: '/api/account/email/resend',
  password: '/api/account/password',
  socialConnect: '/api/account/social/connect',
  socialCallback: '/api/account/social/callback',
  socialDisconnect: '/api/account/social/disconnect',
  locations: '/api/account/locations',
  /** The checkout's «save this address» (src/server/checkout/saveLocationFlow.ts). */
  checkoutLocation: '/api/account/locations/checkout',
  children: '/api/account/children',
  reviews: '/api/account/reviews',
  wishList: WISH_LIST_PATHS.lists,
  wishListMove: WISH_LIST_PATHS.move,
} as const;

/** Spec §5 confirmed. */
export const MISMATCH_MESSAGE = 'Не співпадає';
/** Ours: the message of a minimum length (the service's own wording). */
export const PASSWORD_SHORT_MESSAGE = `Минимум ${PASSWORD_MIN_LENGTH} символов`;
/** Ours: a date picked only in part, or a day that cannot be. */
export const DATE_MESSAGE = 'date';

const optionalName = z.union([z.literal(''), personNameSchema]).default('');

/** `POST /api/account/profile`: the service's own profile fields (spec §3 User). */
export const profileBodySchema = profileUpdateRequestSchema.extend({
  lastName: optionalName,
  middleName: optionalName,
  birthDate: z.iso.date(DATE_MESSAGE).nullable().default(null),
  pregnancyDueDate: z.iso.date(DATE_MESSAGE).nullable().default(null),
});

export const languageBodySchema = z.object({ language: localeSchema });
export const emailBodySchema = z.object({ email: emailSchema });

/** `POST /api/account/password`: the current password, the new one (spec §9: at least 6) and its repeat. */
export const passwordBodySchema = z
  .object({
    password: z.string().min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
    newPassword: z
      .string()
      .min(1, REQUIRED_MESSAGE)
      .min(PASSWORD_MIN_LENGTH, PASSWORD_SHORT_MESSAGE)
      .max(PASSWORD_MAX_LENGTH),
    newPasswordRepeat: z.string().min(1, REQUIRED_MESSAGE).max(PASSWORD_MAX_LENGTH),
  })
  .refine((body) => body.newPassword === body.newPasswordRepeat, {
    path: ['newPasswordRepeat'],
    message: MISMATCH_MESSAGE,
  });

export const providerBodySchema = z.object({ provider: oauthProviderSchema });

/**
 * A saved location as the account page sends it: the settlement and the delivery method, and what
 * that method needs (a branch, a street and building, a shop). The names, refs, region, type and
 * carrier are read from the delivery service by the server, never taken from the form.
 */
export const locationBodySchema = z.object({
  cityId: z.number().int().positive(),
  deliveryMethodSlug: deliveryMethodSlugSchema,
  branchRef: z.string().trim().max(64).default(''),
  street: z.string().trim().max(200).default(''),
  building: z.string().trim().max(20).default(''),
  apartment: z.string().trim().max(20).default(''),
  shopRef: z.string().trim().max(64).default(''),
});
export type LocationBody = z.output<typeof locationBodySchema>;

/** A child (spec §3: gender boy or girl; the name and the birth date, which is required, are ours). */
export const childBodySchema = z.object({
  name: optionalName,
  gender: childGenderSchema,
  birthDate: z.iso.date(DATE_MESSAGE),
});

/** `POST /api/account/wish-list/heart`: `wished` true adds to the default list, false removes the product from every list. */
export const wishHeartBodySchema = wishListItemRequestSchema.extend({ wished: z.boolean() });

/** `POST /api/account/wish-list/merge`: a guest's hearted items (src/domain/wishlist/guestWishes.ts), in one call at sign-in. */
export const wishMergeBodySchema = z.object({ items: z.array(wishListItemRequestSchema).max(GUEST_WISH_LIMIT) });

/** What the hearts need after a change (`data` of the JSON answer): the products in any of the shopper's lists. */
export const wishedProductsSchema = z.object({ productIds: z.array(z.number().int().positive()) });
export type WishedProducts = z.infer<typeof wishedProductsSchema>;

/** `GET /api/account/wish-list`: the lists (the default first) and the wished product ids. */
export const wishListStateSchema = wishedProductsSchema.extend({ lists: z.array(wishListSchema) });
export type WishListState = z.infer<typeof wishListStateSchema>;
