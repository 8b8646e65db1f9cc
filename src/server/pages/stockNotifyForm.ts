import { actionUrl } from '../../domain/account/accountPages.ts';
import type { PickerVariant, StockNotifyModel } from '../../domain/product/productPageModel.ts';
import type { PageRequest } from '../request/pageOutcome.ts';

/** Where «Повідомити про наявність» posts (src/pages/api/stock-notifications.ts). */
export const STOCK_NOTIFY_PATH = '/api/stock-notifications';

/** The form of the chosen variant when it is sold out (the picker moves it to another sold-out one in place). */
export function stockNotifyModel(
  request: PageRequest,
  productId: number,
  chosen: PickerVariant | null,
  base: string,
  url: URL,
): StockNotifyModel {
  return {
    action: actionUrl(STOCK_NOTIFY_PATH, request.locale),
    productId,
    variantId: chosen && chosen.max === 0 ? chosen.id : null,
    returnTo: base,
    flash: url.searchParams.get('notify') === 'saved' ? 'saved' : null,
  };
}
