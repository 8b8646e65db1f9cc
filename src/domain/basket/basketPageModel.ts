import type { BasketOneClickErrors, BasketOneClickValues } from '../order/basketOneClickLines.ts';
import type { DeliveryMethodRow } from '../delivery/deliveryMethodRows.ts';
import type { BasketItemInput } from './basketItem.ts';

/** Why a line kept by the server cannot be bought as asked (the basket page says it in words). */
export type ServerLineWarning = 'unknown' | 'archival' | 'unpriced' | 'outOfStock' | 'giftNotAvailable' | 'notEnough';

/** A line the server keeps for a shopper without JavaScript, as the basket page shows it. */
export interface ServerBasketLineView {
  internalId: number;
  title: string;
  /** The product page of the line's variant; null when the product is unknown now. */
  href: string | null;
  image: string | null;
  color: string | null;
  size: string | null;
  /** Units asked for, and units that can be sold (the order service's checked quantity). */
  wanted: number;
  quantity: number;
  /** Unit price and line cost from the order service's check; null when it could not answer. */
  unitPrice: number | null;
  /** The recommended unit price when above the paid one (a real drop, spec §9), else null. */
  oldUnitPrice: number | null;
  cost: number | null;
  warning: ServerLineWarning | null;
}

/** The basket page: the server's lines (for reading and removing without JavaScript) and what the island takes in. */
export interface BasketPageModel {
  lines: ServerBasketLineView[];
  /** The order service's total for these lines; null when it could not answer (prices then come later). */
  total: number | null;
  /** Bonus points the order earns, as the same check answers (null with the total). */
  bonus: number | null;
  /** Where a line's remove form posts (`/basket/remove`, `/ua/basket/remove`). */
  removeAction: string;
  /** «Купить в один клик» for these lines (null without lines). */
  oneClick: BasketOneClickFormModel | null;
  /**
   * Issue 25: the delivery methods the check answered for the remembered city (`city` '' when none
   * is remembered or its name could not be read: the service's home city then); null without an answer.
   */
  delivery?: { city: string; rows: DeliveryMethodRow[]; picker: string } | null;
  /** The same lines as catalogue data for the browser's basket, with the version it hands back. */
  serverLines: { version: string; lines: { input: BasketItemInput; count: number }[] } | null;
}

/** The basket page's one-click form: posts the session's lines of `version` (`/basket/one-click`). */
export interface BasketOneClickFormModel {
  action: string;
  /** The lines the shopper saw: a basket changed since (another tab) is not ordered unseen. */
  version: string;
  values: BasketOneClickValues;
  errors: BasketOneClickErrors;
  /** The idempotency intent the form carried back; '' for a new form (the key then comes from the order). */
  intent: string;
  /** The order service did not answer: nothing was ordered. */
  failed: boolean;
}
