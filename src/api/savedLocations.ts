import { z } from 'zod';
import { callEndpoint, type EndpointResult } from './endpointCall.ts';
import { ACCOUNT_PATHS } from './schemas/account.ts';
import type { Locale } from './schemas/common.ts';
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
