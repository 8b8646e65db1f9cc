import type { BonusHistory, BonusProfile } from '../../api/schemas/user.ts';
import type { Locale } from '../../i18n/locale.ts';
import { formatDate } from '../format/date.ts';
import { formatPrice } from '../../i18n/amount.ts';
import { bonusOperationName } from './bonusOperations.ts';

/**
 * What the bonus programme page shows of the user service's bonus profile and history (spec
 * accounts §3 bonus profile, §4 "A failed bonus profile fetch clears the profile", §9 dates
 * DD.MM.YYYY in Kyiv, amounts with a space between thousands). Pure: the page loader reads,
 * this decides.
 */

export interface BonusChangeRow {
  date: string;
  amount: string;
  description: string;
}

export interface BonusLevelRow {
  name: string;
  /** Purchases that reach the level, as money. */
  from: string;
  rate: number;
  current: boolean;
}

export interface MemberBonus {
  levelName: string;
  /** Cashback percent of the level (spec §5: null means 1). */
  rate: number;
  active: string;
  passive: string;
  accumulation: string;
  /** '' when the service gave none. */
  validUntil: string;
  /** Months a level lasts. */
  levelDuration: number;
  nextIncomes: BonusChangeRow[];
  nextExpenses: BonusChangeRow[];
  levels: BonusLevelRow[];
  promoRates: { title: string; rate: number }[];
}

export interface BonusHistoryRow {
  date: string;
  /** Signed, with the currency: '+50 грн', '-120 грн'. */
  amount: string;
  income: boolean;
  description: string;
  orderNumber: string | null;
}

/** The level's name in the page's language: the service gives the Ukrainian name and `levelNameRu`. */
export function levelNameFor(profile: Pick<BonusProfile, 'levelName' | 'levelNameRu'>, locale: Locale): string {
  return locale === 'ru' && profile.levelNameRu !== '' ? profile.levelNameRu : profile.levelName;
}

function changeRows(changes: BonusProfile['nextIncomes'], locale: Locale, timeZone: string | null): BonusChangeRow[] {
  return changes.map((change) => ({
    date: formatDate(change.date, timeZone),
    amount: formatPrice(Math.abs(change.changing), locale),
    description: bonusOperationName(change.description, locale),
  }));
}

/** `timeZone`: the shopper's, for the dates (null: Kyiv). */
export function memberBonus(profile: BonusProfile, locale: Locale, timeZone: string | null = null): MemberBonus {
  const currentName = profile.levelName;
  return {
    levelName: levelNameFor(profile, locale),
    rate: profile.rate,
    active: formatPrice(profile.activeAmount, locale),
    passive: formatPrice(profile.passiveAmount, locale),
    accumulation: formatPrice(profile.accumulationAmount, locale),
    validUntil: profile.validUntil ? formatDate(profile.validUntil, timeZone) : '',
    levelDuration: profile.levelDuration,
    nextIncomes: changeRows(profile.nextIncomes, locale, timeZone),
    nextExpenses: changeRows(profile.nextExpenses, locale, timeZone),
    levels: profile.rateRules.map((rule) => ({
      name: levelNameFor({ levelName: rule.levelName, levelNameRu: rule.levelNameRu ?? '' }, locale),
      from: formatPrice(rule.accumulation, locale),
      rate: rule.rate,
      current: rule.levelName === currentName,
    })),
    promoRates: profile.promoRates.map((promo) => ({ ...promo, title: bonusOperationName(promo.title, locale) })),
  };
}

export function historyRows(history: BonusHistory, locale: Locale, timeZone: string | null = null): BonusHistoryRow[] {
  return history.items.map((item) => ({
    date: formatDate(item.createdAt, timeZone),
    amount: `${item.amount > 0 ? '+' : item.amount < 0 ? '-' : ''}${formatPrice(Math.abs(item.amount), locale)}`,
    income: item.amount > 0,
    description: bonusOperationName(item.description, locale),
    orderNumber: item.orderNumber,
  }));
}

/**
 * The page number of a `?page=` query: absent is 1; anything but a plain positive integer (`0`,
 * `-1`, `1.5`, `01`, `abc`) is null, which the page answers with its 404 (a malformed URL is a
 * 404, not a 500). Shared by the account's paged lists (bonus history, order history).
 */
export function queryPage(raw: string | null): number | null {
  if (raw === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}
