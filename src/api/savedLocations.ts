import { z } from 'zod';
import { callEndpoint, type EndpointResult } from './endpointCall.ts';
import { ACCOUNT_PATHS } from './schemas/account.ts';
import type { Locale } from './schemas/common.ts';
import type { LocationBody } from './schemas/account.ts';
import { savedLocationSchema } from './schemas/user.ts';

/**
 * `GET /api/account/locations`: the signed-in shopper's saved locations (accounts spec §3), which
 * the checkout offers as choices (issue 29). The browser holds no bearer: the shop's endpoint reads
 * them from the user service with the session's.
 */
export const savedLocationsAnswerSchema = z.object({ locations: z.array(savedLocationSchema) });
export type SavedLocationsAnswer = z.infer<typeof savedLocationsAnswerSchema>;

export const readSavedLocations = (locale: Locale): Promise<EndpointResult<SavedLocationsAnswer>> =>
  callEndpoint(ACCOUNT_PATHS.locations, savedLocationsAnswerSchema, { locale });

/** `POST /api/account/locations/checkout`: the location as the user service saved it (or found it saved). */
export const savedLocationAnswerSchema = z.object({ location: savedLocationSchema });
export type SavedLocationAnswer = z.infer<typeof savedLocationAnswerSchema>;

/**
 * The checkout's place saved to the account (accounts spec §3, §4 default rule): the shop's endpoint
 * reads the names from the delivery service and saves it with the session's bearer.
 */
export const saveCheckoutLocation = (
  body: LocationBody,
  locale: Locale,
  timeoutMs: number,
): Promise<EndpointResult<SavedLocationAnswer>> =>
  callEndpoint(ACCOUNT_PATHS.checkoutLocation, savedLocationAnswerSchema, { method: 'POST', body, locale, timeoutMs });
