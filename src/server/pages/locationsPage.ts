import type { AstroGlobal } from 'astro';
import { getAllBranches, getSettlement, getShopConfigs, searchSettlements } from '../../api/delivery.ts';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { ACCOUNT_PATHS } from '../../api/schemas/account.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethodSlug, Settlement } from '../../api/schemas/delivery.ts';
import type { SavedLocation } from '../../api/schemas/user.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import type { FormState } from '../../domain/account/formState.ts';
import { isBranchSlug, pickupPoints } from '../../domain/checkout/deliveryRules.ts';
import { deliveryMethodLabel } from '../../domain/order/deliveryMethodLabel.ts';
import type { PageOutcome } from '../request/pageOutcome.ts';
import { actionUrl, loadAccountPage, type AccountShell } from '../account/accountPage.ts';
import { savedLocationsIn } from '../account/savedLocationNames.ts';

/**
 * `/profile/locations` (spec §3 Saved location, §4): the list with the default marked, and adding or
 * editing a location in steps a page without JavaScript can take, each a GET of this page: a city
 * typed → the matching settlements → one chosen → its delivery methods → a branch list, address
 * fields or a shop → the form that saves it (POST /api/account/locations[/{id}]).
 */

export interface LocationItem {
  id: number;
  isDefault: boolean;
  city: string;
  method: string;
  details: string;
  editHref: string;
  deleteAction: string;
  defaultAction: string;
}

export interface LocationWizard {
  /** The location edited (null: a new one). */
  editingId: number | null;
  form: FormState;
  /** The page's path and the query that keeps the wizard open. */
  path: string;
  keep: Record<string, string>;
  cancelHref: string;
  q: string;
  settlements: { id: number; label: string; href: string }[];
  city: { id: number; label: string; changeHref: string } | null;
  methods: { slug: DeliveryMethodSlug; label: string; href: string }[];
  method: { slug: DeliveryMethodSlug; label: string; type: 1 | 2 | 3; changeHref: string } | null;
  branchQ: string;
  branches: { ref: string; label: string }[];
  /** Branches matching, beyond the ones listed (the shopper narrows the list with a search). */
  branchesHidden: number;
  shops: { ref: string; label: string }[];
  address: { street: string; building: string; apartment: string };
  selected: { branchRef: string; shopRef: string };
  action: string;
  /** The delivery service did not answer, or the city is unknown. */
  problem: string | null;
}

export interface LocationsPageModel {
  locale: Locale;
  list: { form: FormState; items: LocationItem[] };
  addHref: string;
  wizard: LocationWizard | null;
}

const SETTLEMENTS_SHOWN = 10;
/** A select longer than this is not a choice; the branch search narrows it. */
const BRANCHES_SHOWN = 300;

function details(location: SavedLocation): string {
  if (location.type === 1) return location.branch;
  if (location.type === 2) {
    return [`${location.streetTypeName} ${location.street}`.trim(), location.building, location.apartment]
      .filter(Boolean)
      .join(', ');
  }
  return '';
}

function settlementLabel(s: Settlement, locale: Locale): string {
  const uk = locale === 'uk';
  const region = uk ? s.regionNameUkr : s.regionName;
  return `${uk ? s.nameUkr : s.name} (${[uk ? s.typeUkr : s.type, region].filter(Boolean).join(', ')})`;
}

function href(path: string, query: Record<string, string>, anchor = 'location-form'): string {
  return `${path}?${new URLSearchParams(query).toString()}#${anchor}`;
}

const isOutage = (error: unknown) => isApiError(error);

async function loadWizard(shell: AccountShell, api: HttpClient): Promise<LocationWizard | null> {
  const { ctx, user, locale, form } = shell;
  const query = ctx.url.searchParams;
  const editId = Number(query.get('edit') ?? '');
  const editing = user.locations.find((l) => l.id === editId) ?? null;
  if (!editing && query.get('add') !== '1') return null;
  const path = accountPagePath('locations', locale);
  const keep: Record<string, string> = editing ? { edit: String(editing.id) } : { add: '1' };
  const formId = editing ? `location-${editing.id}` : 'location-new';
  const state = form(formId);
  // `change` steps back while editing (the saved city and method would fill the step in again).
  const change = query.get('change');
  const cityParam = change === 'city' ? 0 : Number(query.get('city') ?? '') || (editing?.cityId ?? 0);
  const methodParam = change === 'method' ? '' : (query.get('method') ?? editing?.deliveryMethodSlug ?? '');
  const wizard: LocationWizard = {
    editingId: editing?.id ?? null,
    form: state,
    path,
    keep,
    cancelHref: `${path}#locations`,
    q: (query.get('q') ?? '').slice(0, 100),
    settlements: [],
    city: null,
    methods: [],
    method: null,
    branchQ: (query.get('branchQ') ?? '').slice(0, 100),
    branches: [],
    branchesHidden: 0,
    shops: [],
    address: {
      street: state.value('street', editing?.street ?? ''),
      building: state.value('building', editing?.building ?? ''),
      apartment: state.value('apartment', editing?.apartment ?? ''),
    },
    selected: {
      branchRef: state.value('branchRef', editing?.branchRef ?? ''),
      shopRef: state.value('shopRef', editing?.shopRef ?? ''),
    },
    action: actionUrl(editing ? `${ACCOUNT_PATHS.locations}/${editing.id}` : ACCOUNT_PATHS.locations, locale),
    problem: null,
  };
  try {
    if (!cityParam) {
      if (wizard.q.trim() !== '') {
        const found = await searchSettlements(api, wizard.q, { limit: SETTLEMENTS_SHOWN });
        wizard.settlements = found.items.map((s) => ({
          id: s.id,
          label: settlementLabel(s, locale),
          href: href(path, { ...keep, city: String(s.id) }),
        }));
      }
      return wizard;
    }
    const settlement = await getSettlement(api, cityParam).catch((error: unknown) => {
      if (isApiError(error) && error.kind === 'http' && error.status === 404) return null;
      throw error;
    });
    if (!settlement) {
      wizard.problem = ctx.t('accountErrors.city');
      return wizard;
    }
    wizard.city = {
      id: settlement.id,
      label: settlementLabel(settlement, locale),
      changeHref: href(path, { ...keep, change: 'city' }),
    };
    const cityQuery = { ...keep, city: String(settlement.id) };
    const methods = settlement.deliveryMethods ?? [];
    wizard.methods = methods.map((m) => ({
      slug: m.slug,
      label: locale === 'uk' ? m.titleUkr : m.title,
      href: href(path, { ...cityQuery, method: m.slug }),
    }));
    const method = methods.find((m) => m.slug === methodParam);
    if (!method) return wizard;
    wizard.method = {
      slug: method.slug,
      label: locale === 'uk' ? method.titleUkr : method.title,
      type: method.type,
      changeHref: href(path, { ...cityQuery, change: 'method' }),
    };
    if (method.type === 1 && isBranchSlug(method.slug)) {
      const { items } = await getAllBranches(api, settlement.id, method.slug, wizard.branchQ);
      wizard.branches = items.slice(0, BRANCHES_SHOWN).map((b) => ({
        ref: b.ref,
        label: `${locale === 'uk' ? b.titleUkr : b.title}, ${locale === 'uk' ? b.addressUkr : b.address}`,
      }));
      wizard.branchesHidden = Math.max(0, items.length - BRANCHES_SHOWN);
    } else if (method.type === 3) {
      wizard.shops = pickupPoints(await getShopConfigs(api), settlement.id, 0).map((s) => ({
        ref: s.ref,
        label: `${locale === 'uk' ? s.titleUkr : s.title}, ${locale === 'uk' ? s.addressUkr : s.address}`,
      }));
    }
  } catch (error) {
    if (!isOutage(error)) throw error;
    // The delivery service is optional to this page: the list stays, the steps wait.
    wizard.problem = ctx.t('accountErrors.unavailable');
  }
  return wizard;
}

export function loadLocationsPage(astro: AstroGlobal): Promise<PageOutcome<LocationsPageModel>> {
  return loadAccountPage(astro, async (shell) => {
    const { user, locale, form } = shell;
    const path = accountPagePath('locations', locale);
    // Named in the page's language, not the one each was saved in (issue 29).
    const locations = await savedLocationsIn(shell.ctx.clients.anonymous, user.locations, locale);
    const items = locations.map((location) => ({
      id: location.id,
      isDefault: location.isDefault,
      city: location.city,
      method: location.deliveryMethodSlug ? deliveryMethodLabel(location.deliveryMethodSlug, locale) : '',
      details: details(location),
      editHref: href(path, { edit: String(location.id) }),
      deleteAction: actionUrl(`${ACCOUNT_PATHS.locations}/${location.id}/delete`, locale),
      defaultAction: actionUrl(`${ACCOUNT_PATHS.locations}/${location.id}/default`, locale),
    }));
    return {
      locale,
      list: { form: form('locations'), items },
      addHref: href(path, { add: '1' }),
      wizard: await loadWizard(shell, shell.ctx.clients.anonymous),
    };
  });
}
