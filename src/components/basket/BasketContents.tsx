import { useStore } from '@nanostores/react';
import { useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { BasketItemError, CertificateType, GiftItem, GiftList } from '../../api/schemas/basket.ts';
import type { Locale } from '../../api/schemas/common.ts';
import {
  GIFT_CERTIFICATE,
  PROMO_CODE,
  type BasketCertificate,
  type EnterCertificateResult,
} from '../../domain/basket/basketCertificates.ts';
import {
  LINE_QUANTITY_LIMIT,
  isGift,
  lineTexts,
  variantCount,
  type BasketItem,
} from '../../domain/basket/basketItem.ts';
import { canRemoveOne, type AddResult, type SetQuantityResult } from '../../domain/basket/basketRules.ts';
import { basketTotals, lineShownPrice, lineUnitPrice } from '../../domain/basket/basketTotals.ts';
import { giftChoices, type GiftChoice } from '../../domain/basket/basketCheck.ts';
import { subscriptionDateText } from '../../domain/basket/subscription.ts';
import { FREE_DELIVERY, basketFreeDelivery, type FreeDeliveryVerdict } from '../../domain/checkout/freeDelivery.ts';
import { localized } from '../../i18n/localized.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import {
  $basket,
  $basketCheck,
  $basketProblems,
  changeQuantity,
  chooseGift,
  enterCode,
  removeCode,
  removeItem,
  removeOne,
  runCheck,
  lastCheckResponse,
  type BasketCheckState,
} from '../../stores/basket.ts';
import { $orderBonus } from '../../stores/orderBonus.ts';
import { basketText, type BasketText, type BasketTextKey } from './basketText.ts';
import { BasketOneClick } from './BasketOneClick.tsx';
import { BasketDeliveryMethods } from './BasketDeliveryMethods.tsx';
import { islandThumbnail } from '../../domain/media/responsiveImage.ts';

export interface BasketContentsProps {
  locale: Locale;
  /** In the drawer (under its own h2) or on the basket page (under the page's h1). */
  variant: 'drawer' | 'page';
}

type Heading = 'h2' | 'h3';

/**
 * The basket: lines (picture, title, colour and size, final price, quantity, remove, problems),
 * gift choices, promo codes and certificates, totals and the check's state, the way to checkout.
 * Reads the basket store and calls its actions; every figure comes from src/domain/basket.
 */
export function BasketContents({ locale, variant }: BasketContentsProps) {
  const t = useMemo(() => basketText(locale), [locale]);
  const basket = useStore($basket);
  const check = useStore($basketCheck);
  const problems = useStore($basketProblems);
  const [announcement, setAnnouncement] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const items = basket.items;
  const heading: Heading = variant === 'drawer' ? 'h3' : 'h2';
  const className = variant === 'drawer' ? 'basket basket-in-drawer' : 'basket basket-on-page';

  const remove = (item: BasketItem) => {
    removeItem(item.key);
    setAnnouncement(t('removed', { title: titleOf(item, locale) }));
    // The removed line took the focused button with it: keep focus in the basket.
    root.current?.focus();
  };

  const status = (
    <p className="visually-hidden" role="status">
      {announcement}
    </p>
  );

  if (items.length === 0) {
    const empty = (
      <div className="basket-empty">
        <p>{t('empty')}</p>
        <a href={routeUrl(routeName('main-page', locale))}>{t('toShopping')}</a>
      </div>
    );
    return (
      <div className={className} ref={root} tabIndex={-1}>
        {status}
        {empty}
      </div>
    );
  }

  const certificates = basket.certificates;
  const response = lastCheckResponse(check);
  const problemOf = (key: string): LineProblem =>
    problems.notAvailable.some((p) => p.key === key)
      ? 'notAvailable'
      : problems.notEnough.some((p) => p.key === key)
        ? 'notEnough'
        : null;

  return (
    <div className={className} ref={root} tabIndex={-1}>
      {/* First in both layouts, so the live region survives the last line's removal and says it. */}
      {status}
      <ul className="basket-lines" aria-label={t('lines')}>
        {items.map((item) => (
          <BasketLine
            key={item.key}
            item={item}
            items={items}
            locale={locale}
            t={t}
            problem={problemOf(item.key)}
            onRemove={remove}
          />
        ))}
      </ul>
      {response && <GiftChoices lists={giftChoices(response, items)} locale={locale} t={t} heading={heading} />}
      <CodeEntry
        certificates={certificates}
        refused={check.status === 'ready' ? check.refused : []}
        pending={check.status !== 'error'}
        t={t}
        heading={heading}
      />
      <Summary items={items} certificates={certificates} check={check} locale={locale} t={t} heading={heading} />
    </div>
  );
}

type LineProblem = 'notAvailable' | 'notEnough' | null;

interface LineProps {
  item: BasketItem;
  items: readonly BasketItem[];
  locale: Locale;
  t: BasketText;
  problem: LineProblem;
  onRemove: (item: BasketItem) => void;
}

function BasketLine({ item, items, locale, t, problem, onRemove }: LineProps) {
  const [note, setNote] = useState<string | null>(null);
  const limitId = useId();
  const title = titleOf(item, locale);
  const gift = isGift(item);
  const price = lineShownPrice(item);
  const { colour, size } = lineTexts(item, locale);
  const warning = lineWarning(item, problem, t);
  // At the stock (or line) limit the + says why it does nothing; a line with a problem says that instead.
  const limit =
    !gift && item.isAvailableForOrder && !item.isAbleToAddToBasket && problem === null
      ? item.count >= LINE_QUANTITY_LIMIT
        ? t('lineLimit', { max: LINE_QUANTITY_LIMIT })
        : t('stockLimit', { count: variantCount(items, item.id), total: item.totalAmount })
      : null;
  const canDecrease = canRemoveOne(item);

  const increase = () => {
    if (!item.isAbleToAddToBasket) return;
    setNote(quantityNote(changeQuantity(item.key, item.count + 1), t));
  };
  const decrease = () => {
    if (!canDecrease) return;
    setNote(null);
    removeOne(item.key);
  };
  const remove = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onRemove(item);
  };

  return (
    <li className={warning ? 'basket-line basket-line-problem' : 'basket-line'}>
      {item.currentImage ? (
        <img
          className="basket-line-image"
          {...islandThumbnail(item.currentImage, 80)}
          alt=""
          width="80"
          height="80"
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="basket-line-image" aria-hidden="true" />
      )}
      <div className="basket-line-info">
        {item.slug ? (
          <a className="basket-line-title" href={productHref(item, locale)}>
            {title}
          </a>
        ) : (
          <span className="basket-line-title">{title}</span>
        )}
        {gift && <span className="basket-gift-mark">{t('gift')}</span>}
        {item.itemType === 'subscription' && <span className="basket-gift-mark">{t('subscription')}</span>}
        {item.itemType === 'subscription' && item.intervalDays !== null && (
          <p className="basket-line-options" data-subscription-terms>
            <span>{t('subscriptionEvery', { count: item.intervalDays })}</span>
            <span>{t('subscriptionStart', { date: subscriptionDateText(item.startDate) })}</span>
          </p>
        )}
        {(colour || size) && (
          <p className="basket-line-options">
            {colour && <span>{t('color', { value: colour })}</span>}
            {size && <span>{t('size', { value: size })}</span>}
          </p>
        )}
        {warning && <p className="basket-warning">{warning}</p>}
      </div>
      <p className="basket-line-price">
        <span className="visually-hidden">{t(item.itemType === 'subscription' ? 'subscriptionPrice' : 'price')}: </span>
        <strong>{t('money', { amount: price.final })}</strong>
        {price.old !== null && (
          <s>
            <span className="visually-hidden">{t('oldPrice')}: </span>
            {t('money', { amount: price.old })}
          </s>
        )}
        {!gift && item.count > 1 && (
          <span className="basket-line-unit">{t('unitPrice', { amount: lineUnitPrice(item), count: item.count })}</span>
        )}
      </p>
      {!gift && (
        <div className="basket-stepper" role="group" aria-label={t('quantity', { title })}>
          {/* aria-disabled, not disabled: the button keeps focus and says why it does nothing. */}
          <button type="button" aria-label={t('decrease', { title })} aria-disabled={!canDecrease} onClick={decrease}>
            −
          </button>
          <span className="basket-count" aria-live="polite">
            {item.count}
          </span>
          <button
            type="button"
            aria-label={t('increase', { title })}
            aria-disabled={!item.isAbleToAddToBasket}
            aria-describedby={limit ? limitId : undefined}
            onClick={increase}
          >
            +
          </button>
        </div>
      )}
      {(limit ?? note) && (
        <p className="basket-limit" id={limitId}>
          {note ?? limit}
        </p>
      )}
      <form
        className="basket-remove"
        method="post"
        action={routeUrl(routeName('basket-remove', locale))}
        onSubmit={remove}
      >
        <input type="hidden" name="internalId" value={item.id} />
        <button type="submit" aria-label={t('remove', { title })}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
    </li>
  );
}

interface GiftChoicesProps {
  lists: readonly GiftChoice[];
  locale: Locale;
  t: BasketText;
  heading: Heading;
}

function GiftChoices({ lists, locale, t, heading: Heading }: GiftChoicesProps) {
  const [note, setNote] = useState<string | null>(null);
  const id = useId();
  if (lists.length === 0) return null;

  const pick = (list: GiftList, gift: GiftItem) => {
    setNote(giftNote(chooseGift(list.id, gift), giftTitle(gift, locale), t));
  };

  return (
    <section className="basket-gifts" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>{t('gifts')}</Heading>
      {lists.map(({ list, chosen }) => (
        <fieldset key={list.id} className="basket-gift-list">
          <legend>{t('giftChoose', { name: localized(locale, list.name, list.nameUkr) })}</legend>
          {list.nomenclatureList.map((gift) => (
            <label key={gift.nomenclatureId} className="basket-gift-option">
              <input
                type="radio"
                name={`${id}-${list.id}`}
                value={gift.nomenclatureId}
                checked={chosen === gift.nomenclatureId}
                onChange={() => pick(list, gift)}
              />
              {gift.images[0] ? (
                <img
                  {...islandThumbnail(gift.images[0], 56)}
                  alt=""
                  width="56"
                  height="56"
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <span className="basket-gift-image" aria-hidden="true" />
              )}
              <span>{giftTitle(gift, locale)}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <p className="basket-note" role="status">
        {note}
      </p>
    </section>
  );
}

interface CodeEntryProps {
  certificates: readonly BasketCertificate[];
  /** Codes the last check refused (gone from the basket): said once, with the service's reason. */
  refused: readonly BasketCertificate[];
  /** An unchecked code is being checked (false after a failed check: nothing is on the way). */
  pending: boolean;
  t: BasketText;
  heading: Heading;
}

function CodeEntry({ certificates, refused, pending, t, heading: Heading }: CodeEntryProps) {
  const [type, setType] = useState<CertificateType>(PROMO_CODE);
  const [key, setKey] = useState('');
  const [message, setMessage] = useState<{ text: string; refused: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const typeLabel = (of: CertificateType) => t(of === GIFT_CERTIFICATE ? 'certificate' : 'promoCode');
  const shownRefused = refused.filter((r) => !certificates.some((c) => c.type === r.type && c.key === r.key));

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = enterCode(type, key);
    if (result.ok) setKey('');
    setMessage(codeMessage(result, t));
  };
  const remove = (code: BasketCertificate) => {
    removeCode(code.type, code.key);
    setMessage(null);
    input.current?.focus();
  };

  return (
    <section className="basket-codes" aria-labelledby={`${id}-heading`}>
      <Heading id={`${id}-heading`}>{t('codes')}</Heading>
      <form className="basket-code-form" onSubmit={submit} noValidate>
        <label htmlFor={`${id}-type`}>{t('codeType')}</label>
        <select
          id={`${id}-type`}
          value={String(type)}
          onChange={(event) =>
            setType(event.currentTarget.value === String(GIFT_CERTIFICATE) ? GIFT_CERTIFICATE : PROMO_CODE)
          }
        >
          <option value={String(PROMO_CODE)}>{t('promoCode')}</option>
          <option value={String(GIFT_CERTIFICATE)}>{t('certificate')}</option>
        </select>
        <label htmlFor={`${id}-key`}>{t('codeKey')}</label>
        <input
          ref={input}
          id={`${id}-key`}
          name="code"
          value={key}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={message?.refused === true}
          aria-describedby={`${id}-message`}
          onChange={(event) => setKey(event.currentTarget.value)}
        />
        <button type="submit">{t('apply')}</button>
      </form>
      <p
        id={`${id}-message`}
        className={message?.refused ? 'basket-note basket-note-refused' : 'basket-note'}
        role="status"
      >
        {message?.text}
      </p>
      {(certificates.length > 0 || shownRefused.length > 0) && (
        <ul className="basket-code-list" aria-label={t('enteredCodes')}>
          {certificates.map((code) => (
            <li key={`${code.type}:${code.key}`}>
              <span className="basket-code-key">
                {typeLabel(code.type)} {code.key}
              </span>
              {code.title && <span className="basket-code-title">{code.title}</span>}
              {code.errorMessage !== null ? (
                <span className="basket-code-error">{code.errorMessage}</span>
              ) : !code.isChecked ? (
                pending && <span className="basket-code-state">{t('codeChecking')}</span>
              ) : (
                code.discountAmount > 0 && (
                  <span className="basket-code-state">{t('codeDiscount', { amount: code.discountAmount })}</span>
                )
              )}
              <button type="button" aria-label={t('codeRemove', { key: code.key })} onClick={() => remove(code)}>
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
          {shownRefused.map((code) => (
            <li key={`refused:${code.type}:${code.key}`} className="basket-code-refused">
              <span className="basket-code-key">
                {typeLabel(code.type)} {code.key}
              </span>
              <span className="basket-code-error">{code.errorMessage}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface SummaryProps {
  items: readonly BasketItem[];
  certificates: readonly BasketCertificate[];
  check: BasketCheckState;
  locale: Locale;
  t: BasketText;
  heading: Heading;
}

function Summary({ items, certificates, check, locale, t, heading: Heading }: SummaryProps) {
  const id = useId();
  const totals = basketTotals(items, certificates);
  // What the lines save off the recommended prices (the certificates are their own row).
  const discount = totals.linesDiscount;
  const checking = check.status === 'checking';
  const bonus = useStore($orderBonus);
  const response = lastCheckResponse(check);

  return (
    <section className="basket-summary" aria-labelledby={`${id}-heading`} aria-busy={checking}>
      <Heading id={`${id}-heading`}>{t('summary')}</Heading>
      <dl>
        <div>
          <dt>{t('goods', { count: totals.count })}</dt>
          <dd>{t('money', { amount: totals.recommendedPrice })}</dd>
        </div>
        {discount > 0 && (
          <div>
            <dt>{t('discount')}</dt>
            <dd>{t('minus', { amount: discount })}</dd>
          </div>
        )}
        {totals.certificateDiscount > 0 && (
          <div>
            <dt>{t('certificateDiscount')}</dt>
            <dd>{t('minus', { amount: totals.certificateDiscount })}</dd>
          </div>
        )}
        <div className="basket-total">
          <dt>{t('total')}</dt>
          <dd>{t('money', { amount: totals.finalPrice })}</dd>
        </div>
        {bonus > 0 && (
          <div className="basket-bonus" data-order-bonus={bonus}>
            <dt>{t('orderBonus')}</dt>
            <dd>{t('bonusPlus', { amount: bonus })}</dd>
          </div>
        )}
      </dl>
      <FreeDeliveryProgress verdict={basketFreeDelivery(items, certificates)} t={t} />
      {response && (
        <BasketDeliveryMethods
          methods={response.deliveryMethods}
          freeDelivery={basketFreeDelivery(items, certificates).free}
          locale={locale}
          t={t}
        />
      )}
      <p className="basket-checking" role="status">
        {checking ? t('checking') : ''}
      </p>
      {check.status === 'error' && (
        <div className="basket-check-failed" role="alert">
          <p>{t('checkFailed')}</p>
          <button type="button" onClick={() => void runCheck()}>
            {t('retry')}
          </button>
        </div>
      )}
      {totals.count > 0 ? (
        <a className="basket-checkout" href={routeUrl(routeName('checkout-page', locale))}>
          {t('checkout')}
        </a>
      ) : (
        <p className="basket-note">{t('nothingToOrder')}</p>
      )}
      {totals.count > 0 && <BasketOneClick t={t} />}
    </section>
  );
}

/**
 * How far the basket is from free delivery, by the rule the checkout and the order service price
 * by (basketFreeDelivery): what is left to add, or that it is reached. Nothing for a basket with
 * no goods to pay for.
 */
function FreeDeliveryProgress({ verdict, t }: { verdict: FreeDeliveryVerdict; t: BasketText }) {
  if (!(verdict.goods > 0)) return null;
  const { free, remaining: left } = verdict;
  const share = Math.min(100, Math.round((verdict.goods / FREE_DELIVERY.threshold) * 100));
  return (
    <div className="basket-free-delivery" data-free-delivery={free ? 'reached' : left}>
      <p>{free ? t('freeDeliveryReached') : t('freeDeliveryLeft', { amount: left })}</p>
      <div className="basket-free-delivery-bar" aria-hidden="true">
        <span style={{ width: `${share}%` }} />
      </div>
      {!free && (
        <p className="basket-free-delivery-hint">{t('freeDeliveryHint', { threshold: FREE_DELIVERY.threshold })}</p>
      )}
    </div>
  );
}

function titleOf(item: Pick<BasketItem, 'title' | 'titleUkr'>, locale: Locale): string {
  return localized(locale, item.title, item.titleUkr);
}

function giftTitle(gift: GiftItem, locale: Locale): string {
  return localized(locale, gift.title, gift.titleUkr);
}

/** The product page of the line's very variant (`?color=&size=`). */
function productHref(item: BasketItem, locale: Locale): string {
  const query = new URLSearchParams();
  if (item.colorPresentationValue) query.set('color', item.colorPresentationValue);
  if (item.sizePresentationValue) query.set('size', item.sizePresentationValue);
  return routeUrl(routeName('product-page', locale), { slug: item.slug }, query);
}

const ERROR_TEXT: Readonly<Record<Exclude<BasketItemError, 0>, BasketTextKey>> = {
  1: 'errorUnknown',
  2: 'errorArchival',
  3: 'errorUnpriced',
  4: 'errorOutOfStock',
  5: 'errorGift',
  6: 'errorSubscription',
};

/** Spec §5: what is wrong with a line, in words (the check's error code first, then the two lists). */
function lineWarning(item: BasketItem, problem: LineProblem, t: BasketText): string | null {
  if (item.errorCode !== 0) return t(ERROR_TEXT[item.errorCode]);
  if (problem === 'notAvailable') return t('notAvailable');
  if (problem === 'notEnough') return t('notEnough', { count: item.count, expected: item.expectedCount });
  return null;
}

function quantityNote(result: SetQuantityResult, t: BasketText): string | null {
  if (result.ok) return result.clamped ? t('clamped', { max: result.max }) : null;
  return result.reason === 'outOfStock' ? t('errorOutOfStock') : null;
}

function giftNote(result: AddResult, title: string, t: BasketText): string {
  if (result.ok) return t('giftChosen', { title });
  return result.reason === 'basketFull' ? t('basketFull', { max: result.max }) : t('giftRefused');
}

function codeMessage(result: EnterCertificateResult, t: BasketText): { text: string; refused: boolean } {
  if (result.ok) return { text: t('codeAdded', { key: result.certificates.at(-1)?.key ?? '' }), refused: false };
  switch (result.reason) {
    case 'empty':
      return { text: t('codeEmpty'), refused: true };
    case 'duplicate':
      return { text: t('codeDuplicate'), refused: true };
    case 'tooLong':
      return { text: t('codeTooLong', { max: result.max }), refused: true };
    case 'tooMany':
      return { text: t('codeTooMany', { max: result.max }), refused: true };
  }
}
