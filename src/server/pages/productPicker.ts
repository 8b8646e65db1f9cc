import type { Locale } from '../../api/schemas/common.ts';
import type { ProductDetail } from '../../api/schemas/productDetail.ts';
import { BASKET_LIMITS } from '../../api/schemas/basket.ts';
import { basketItemInput } from '../../domain/basket/basketItemSource.ts';
import { visibleVariants } from '../../domain/catalog/variants.ts';
import { formatDate } from '../../domain/format/date.ts';
import type { PickerData, PickerVariant, PriceView, StockState } from '../../domain/product/productPageModel.ts';
import { priceFrom, variantsOfColor } from '../../domain/product/variantChoice.ts';
import { variantPrice, type VariantPrice } from '../../domain/product/variantPrice.ts';
import { colorSlug } from '../../domain/product/variantSelection.ts';
import { formatAmount } from '../../i18n/amount.ts';
import { localized } from '../../i18n/localized.ts';
import type { PageRequest } from '../request/pageOutcome.ts';

type Variant = ProductDetail['nomenclature'][number];

export function stockState(variant: {
  totalAmount: number;
  isPreOrder: boolean;
  expectationDate: string | null;
}): StockState {
  if (variant.totalAmount > 0) return { kind: 'inStock' };
  if (!variant.isPreOrder) return { kind: 'outOfStock' };
  return { kind: 'preOrder', date: variant.expectationDate ? formatDate(variant.expectationDate) : null };
}

/**
 * The subscription price with what a purchase at that price earns beside it (spec §3
 * bonusCountForAbonement): the points on the subscription price, or the own-import cashback.
 */
function subscriptionText(subscription: NonNullable<VariantPrice['subscription']>, t: PageRequest['t']): string {
  const price = formatAmount(subscription.price);
  const reward = subscription.reward;
  if (reward === null) return t('productPage.subscription', { price });
  return reward.kind === 'cashback'
    ? t('productPage.subscriptionCashback', { price, amount: formatAmount(reward.amount) })
    : t('productPage.subscriptionBonus', { price, count: reward.amount });
}

/**
 * Everything the variant picker shows of every variant, in the page's language, so that a tap
 * switches the price, stock, article and the basket form at once, without asking the server
 * (src/components/product/variantPicker.ts). Pictures and shops come with the variant's page.
 */
export function pickerData(request: PageRequest, product: ProductDetail, base: string, locale: Locale): PickerData {
  const { t } = request;
  const money = (amount: number) => `${formatAmount(amount)} ${t('product.currency')}`;
  const stockText = (state: StockState) =>
    state.kind === 'inStock'
      ? t('productPage.inStock')
      : state.kind === 'outOfStock'
        ? t('productPage.outOfStock')
        : state.date
          ? t('productPage.preOrder', { date: state.date })
          : t('productPage.preOrderNoDate');
  const bySize = (a: Variant, b: Variant) => (a.sizePresentation?.ordering ?? 0) - (b.sizePresentation?.ordering ?? 0);

  const variants: PickerVariant[] = visibleVariants(product.nomenclature)
    .toSorted(bySize)
    .map((v) => {
      const price = variantPrice(product, v);
      const item = basketItemInput(product, v.id);
      const max = item ? Math.min(v.totalAmount, BASKET_LIMITS.quantity) : 0;
      const stock = stockState(v);
      return {
        id: v.id,
        color: colorSlug(v),
        size: v.sizePresentation?.slug ?? null,
        sizeTitle: v.sizePresentation ? localized(locale, v.sizePresentation.title, v.sizePresentation.titleUkr) : '',
        article: v.displayArticle,
        price: priceView(price.final, price.old, price.discount, money, t),
        rewardText: price.reward
          ? price.reward.kind === 'cashback'
            ? t('productPage.cashback', { percent: price.reward.percent, amount: formatAmount(price.reward.amount) })
            : t('productPage.bonus', { count: price.reward.amount })
          : null,
        subscriptionText: price.subscription ? subscriptionText(price.subscription, t) : null,
        stockKind: stock.kind,
        stockText: stockText(stock),
        stockAmount: v.totalAmount,
        max,
        item,
      };
    });

  const colors = [...new Set(variants.map((v) => v.color))].map((slug) => {
    const own = variantsOfColor(variants, slug);
    const from = priceFrom(own.map((v) => v.price.final));
    const lowest = own.find((v) => v.price.final === from?.lowest);
    const price: PriceView =
      from?.isRange && lowest
        ? {
            final: from.lowest,
            text: t('productPage.priceFrom', { price: money(from.lowest) }),
            oldText: null,
            badgeText: null,
          }
        : (lowest?.price ?? { final: 0, text: '', oldText: null, badgeText: null });
    const inStock = own.some((v) => v.stockAmount > 0);
    return {
      slug,
      price,
      stockKind: inStock ? ('inStock' as const) : (own[0]?.stockKind ?? ('outOfStock' as const)),
      stockText: inStock ? t('productPage.inStock') : (own[0]?.stockText ?? t('productPage.outOfStock')),
    };
  });
  return { base, variants, colors };
}

function priceView(
  final: number,
  old: number | null,
  discount: number,
  money: (amount: number) => string,
  t: PageRequest['t'],
): PriceView {
  return {
    final,
    text: money(final),
    oldText: old === null ? null : money(old),
    badgeText: old === null ? null : t('productPage.discount', { percent: discount }),
  };
}
