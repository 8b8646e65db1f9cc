import type { Locale } from '../../api/schemas/common.ts';
import type { DeliveryMethod } from '../../api/schemas/delivery.ts';
import { isGift, lineTexts, roundMoney, type BasketItem } from '../../domain/basket/basketItem.ts';
import { basketTotals, lineShownPrice } from '../../domain/basket/basketTotals.ts';
import { subscriptionDateText } from '../../domain/basket/subscription.ts';
import type { BasketCertificate } from '../../domain/basket/basketCertificates.ts';
import { isOrderedLine } from '../../domain/checkout/checkoutValidation.ts';
import { deliveryCharge } from '../../domain/checkout/deliveryRules.ts';
import { bankAmount, orderAmount } from '../../domain/checkout/paymentRules.ts';
import type { ShortLine } from '../../domain/checkout/stockShortage.ts';
import { isSubmitting, type Submission } from '../../stores/checkout/checkoutSubmission.ts';
import { deliveryPriceText, type CheckoutText } from './checkoutText.ts';
import { islandThumbnail } from '../../domain/media/responsiveImage.ts';

interface Props {
  items: readonly BasketItem[];
  certificates: readonly BasketCertificate[];
  /** Bonus points the shopper pays with (whole hryvnias). */
  usedBonuses: number;
  /** Bonus points the order earns (the check's, or the spec §9 fallback: src/domain/basket/orderBonus.ts). */
  orderBonus: number;
  method: DeliveryMethod | null;
  /** The basket is free of delivery by the rule (the checkout context's verdict). */
  freeDelivery: boolean;
  checking: boolean;
  submission: Submission;
  hasErrors: boolean;
  /** Lines the stock no longer fills (named, with the way to another size). */
  shortLines: readonly ShortLine[];
  /** A shortage the shopper has not confirmed: the button asks her to, with the smaller total. */
  shortageToConfirm: string | null;
  locale: Locale;
  t: CheckoutText;
}

/** The lines that ran out or shrank, each named, with its product page to choose another size. */
function ShortageNotice({
  lines,
  total,
  confirm,
  t,
}: {
  lines: readonly ShortLine[];
  total: number;
  confirm: boolean;
  t: CheckoutText;
}) {
  return (
    <div className="checkout-shortage" role="alert" data-stock-shortage>
      <p className="checkout-shortage-heading">{t('shortageHeading')}</p>
      <ul>
        {lines.map((line) => (
          <li key={line.key} data-short-line>
            <strong>{line.title}</strong>
            {(line.colour || line.size) && (
              <span>
                {' '}
                (
                {[line.colour && t('color', { value: line.colour }), line.size && t('size', { value: line.size })]
                  .filter(Boolean)
                  .join(', ')}
                )
              </span>
            )}
            <br />
            <span>
              {line.left === 0 ? t('lineSoldOut') : t('lineLeft', { left: line.left, asked: line.asked })}
            </span>{' '}
            <a href={line.href}>{line.size ? t('pickAnotherSize') : t('openProduct')}</a>
          </li>
        ))}
      </ul>
      {confirm && <p>{t('shortageTotal', { amount: total })}</p>}
    </div>
  );
}

function submissionText(submission: Submission, t: CheckoutText): string {
  switch (submission.status) {
    case 'sending':
      return submission.attempt === 0 ? t('sending') : t('waiting', { count: submission.attempt + 1 });
    case 'waiting':
      return t('waiting', { count: submission.attempt + 1 });
    case 'placed':
      return t('placed');
    default:
      return '';
  }
}

/**
 * The order as the basket check priced it: the lines that will be ordered (and the chosen gifts),
 * the goods, the discount, the certificates, the points paid, the delivery and the total; the
 * button, and what sending is doing. The order service prices it all again: these are the
 * shopper's figures to check.
 */
export function CheckoutSummary(props: Props) {
  const {
    items,
    certificates,
    usedBonuses,
    orderBonus,
    method,
    freeDelivery,
    checking,
    submission,
    hasErrors,
    shortLines,
    shortageToConfirm,
    locale,
    t,
  } = props;
  const lines = items.filter((item) => isOrderedLine(item) || (isGift(item) && item.errorCode === 0));
  const totals = basketTotals(items, certificates);
  const delivery = method?.price ?? 0;
  // Points pay the goods only, never below 0 (as the order service counts its total).
  const goodsToPay = orderAmount(totals.finalPrice, usedBonuses);
  const bonuses = roundMoney(totals.finalPrice - goodsToPay);
  const busy = isSubmitting(submission);
  const total = bankAmount(goodsToPay, delivery);
  return (
    <aside className="checkout-summary" aria-labelledby="checkout-summary-heading" aria-busy={checking}>
      <h2 id="checkout-summary-heading">{t('summary')}</h2>
      <ul className="checkout-lines">
        {lines.map((item) => {
          const { title, colour, size } = lineTexts(item, locale);
          const price = lineShownPrice(item);
          return (
            <li key={item.key} className="checkout-line">
              {item.currentImage ? (
                <img
                  {...islandThumbnail(item.currentImage, 56)}
                  alt=""
                  width="56"
                  height="56"
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="checkout-line-image" aria-hidden="true" />
              )}
              <span className="checkout-line-text">
                <span className="checkout-line-title">{title}</span>
                {isGift(item) && <span className="checkout-gift">{t('gift')}</span>}
                {item.itemType === 'subscription' && item.intervalDays !== null && (
                  <span className="checkout-gift" data-subscription-terms>
                    {t('subscriptionEvery', { count: item.intervalDays })},{' '}
                    {t('subscriptionStart', { date: subscriptionDateText(item.startDate) })}
                  </span>
                )}
                {(colour || size) && (
                  <span className="checkout-option-note">
                    {[colour && t('color', { value: colour }), size && t('size', { value: size })]
                      .filter(Boolean)
                      .join(', ')}
                  </span>
                )}
                <span className="checkout-option-note">
                  {t('lineCount', { count: item.count, amount: item.count > 0 ? price.final / item.count : 0 })}
                </span>
              </span>
              <span className="checkout-line-price">
                {price.old !== null && <s>{t('money', { amount: price.old })}</s>}
                {t('money', { amount: price.final })}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="checkout-totals">
        <div>
          <dt>{t('goods', { count: totals.count })}</dt>
          <dd>{t('money', { amount: totals.recommendedPrice })}</dd>
        </div>
        {totals.linesDiscount > 0 && (
          <div>
            <dt>{t('discount')}</dt>
            <dd>{t('minus', { amount: totals.linesDiscount })}</dd>
          </div>
        )}
        {totals.certificateDiscount > 0 && (
          <div>
            <dt>{t('certificates')}</dt>
            <dd>{t('minus', { amount: totals.certificateDiscount })}</dd>
          </div>
        )}
        {bonuses > 0 && (
          <div data-checkout-bonuses>
            <dt>{t('bonuses')}</dt>
            <dd>{t('minus', { amount: bonuses })}</dd>
          </div>
        )}
        {method !== null && (
          <div data-delivery-charge={deliveryCharge(method, freeDelivery)}>
            <dt>{t('deliveryPrice')}</dt>
            <dd>{deliveryPriceText(method, freeDelivery, t)}</dd>
          </div>
        )}
        <div className="checkout-total">
          <dt>{t('total')}</dt>
          <dd>{t('money', { amount: total })}</dd>
        </div>
        {orderBonus > 0 && (
          <div className="checkout-order-bonus" data-order-bonus={orderBonus}>
            <dt>{t('orderBonus')}</dt>
            <dd>{t('bonusPlus', { amount: orderBonus })}</dd>
          </div>
        )}
      </dl>
      <p className="checkout-hint" role="status">
        {checking ? t('checking') : ''}
      </p>
      {shortLines.length > 0 && (
        <ShortageNotice lines={shortLines} total={total} confirm={shortageToConfirm !== null} t={t} />
      )}
      <button
        type="submit"
        className="checkout-submit"
        disabled={busy}
        aria-describedby="checkout-submit-status"
        data-confirms-shortage={shortageToConfirm ?? undefined}
      >
        {shortageToConfirm === null ? t('submit') : t('submitSmaller', { amount: total })}
      </button>
      <div id="checkout-submit-status" className="checkout-status" role="status" aria-live="polite">
        {submissionText(submission, t)}
        {submission.status === 'offline' && <p className="checkout-error">{t('offline')}</p>}
        {/* A refusal for stock that ran out is said, line by line, by the notice above. */}
        {submission.status === 'refused' && shortLines.length === 0 && (
          <div className="checkout-error" role="alert">
            <p>{t('refused')}</p>
            {submission.messages.length > 0 && (
              <ul>
                {submission.messages.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {hasErrors && submission.status !== 'refused' && <p className="checkout-error">{t('fixErrors')}</p>}
      </div>
    </aside>
  );
}
