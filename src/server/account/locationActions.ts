import { findBranch, getSettlement, getShopConfigs } from '../../api/delivery.ts';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { locationBodySchema, type LocationBody } from '../../api/schemas/account.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { branchDeliverySlugSchema } from '../../api/schemas/delivery.ts';
import { REQUIRED_MESSAGE } from '../../api/schemas/person.ts';
import type { LocationRequest } from '../../api/schemas/user.ts';
import { addLocation, deleteLocation, setDefaultLocation, updateLocation } from '../../api/user.ts';
import { pickupPoints } from '../../domain/checkout/deliveryRules.ts';
import { locationFromForm } from '../../domain/account/accountForms.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import { done, refused, type Refused } from '../endpoints/outcomes.ts';
import type { AuthContext } from '../session/authContext.ts';
import { accountAction, idParams, recordAction } from './accountEndpoint.ts';

/**
 * Saved locations (spec §3 Saved location, §4 default rule, §7 `/public/user/location…`). The form
 * names a settlement, a delivery method and what it needs; names, refs, region, type and carrier
 * are read from the delivery service here, so a location saved is one the shop can deliver to.
 * Which location is the default after an add is the user service's rule (spec §4); the page shows it.
 */

type Resolved = { ok: true; location: LocationRequest } | { ok: false; result: Refused };

const isNotFound = (error: unknown) => isApiError(error) && error.kind === 'http' && error.status === 404;

/** The location the service stores for the form's choice, or the field that is wrong. */
export async function resolveLocation(
  api: HttpClient,
  body: LocationBody,
  ctx: Pick<AuthContext, 't' | 'locale'>,
): Promise<Resolved> {
  const problem = (field: string, message: string): Resolved => ({
    ok: false,
    result: refused(400, ctx.t('accountErrors.check'), { [field]: message }),
  });
  const uk = ctx.locale === 'uk';
  const settlement = await getSettlement(api, body.cityId).catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });
  if (!settlement) return problem('cityId', ctx.t('accountErrors.city'));
  const method = settlement.deliveryMethods?.find((m) => m.slug === body.deliveryMethodSlug);
  if (!method) return problem('deliveryMethodSlug', ctx.t('accountErrors.method'));
  const base: LocationRequest = {
    city: uk ? settlement.nameUkr : settlement.name,
    cityRef: settlement.ref,
    cityId: settlement.id,
    region: (uk ? settlement.regionNameUkr : settlement.regionName) ?? '',
    district: (uk ? settlement.districtNameUkr : settlement.districtName) ?? '',
    type: method.type,
    deliveryMethodSlug: method.slug,
    carrier: method.carrier,
  };
  if (method.type === 1) {
    const slug = branchDeliverySlugSchema.safeParse(method.slug);
    if (body.branchRef === '' || !slug.success) return problem('branchRef', REQUIRED_MESSAGE);
    const branch = await findBranch(api, settlement.id, slug.data, body.branchRef);
    if (!branch) return problem('branchRef', ctx.t('accountErrors.branch'));
    const title = uk ? branch.titleUkr : branch.title;
    return { ok: true, location: { ...base, branchRef: branch.ref, branch: title } };
  }
  if (method.type === 2) {
    if (body.street === '') return problem('street', REQUIRED_MESSAGE);
    if (body.building === '') return problem('building', REQUIRED_MESSAGE);
    return { ok: true, location: { ...base, street: body.street, building: body.building, apartment: body.apartment } };
  }
  if (body.shopRef === '') return problem('shopRef', REQUIRED_MESSAGE);
  // A place to collect from, whatever its weight limit: a location is saved before any basket.
  const shop = pickupPoints(await getShopConfigs(api), settlement.id, 0).find((s) => s.ref === body.shopRef);
  if (!shop) return problem('shopRef', ctx.t('accountErrors.shop'));
  return { ok: true, location: { ...base, shopRef: shop.ref } };
}

const listPage = (locale: Locale) => `${accountPagePath('locations', locale)}#locations`;

/** `POST /api/account/locations`. */
export const addLocationAction = accountAction({
  page: 'locations',
  form: () => 'location-new',
  schema: locationBodySchema,
  fromForm: locationFromForm,
  async handle({ shopper, body, ctx }) {
    const resolved = await resolveLocation(ctx.clients.anonymous, body, ctx);
    if (!resolved.ok) return resolved.result;
    await addLocation(shopper.api, resolved.location);
    return done(ctx.t('accountLocations.added'), listPage(ctx.locale), 'locations');
  },
});

/** `POST /api/account/locations/{id}`. */
export const updateLocationAction = accountAction({
  page: 'locations',
  form: ({ id }) => `location-${id}`,
  params: idParams,
  schema: locationBodySchema,
  fromForm: locationFromForm,
  async handle({ shopper, body, params: { id }, ctx }) {
    const resolved = await resolveLocation(ctx.clients.anonymous, body, ctx);
    if (!resolved.ok) return resolved.result;
    await updateLocation(shopper.api, id, resolved.location);
    return done(ctx.t('accountLocations.saved'), listPage(ctx.locale), 'locations');
  },
});

/** `POST /api/account/locations/{id}/delete`. */
export const deleteLocationAction = recordAction('locations', 'locations', deleteLocation, 'accountLocations.deleted');

/** `POST /api/account/locations/{id}/default`. */
export const defaultLocationAction = recordAction(
  'locations',
  'locations',
  setDefaultLocation,
  'accountLocations.defaultSet',
);
