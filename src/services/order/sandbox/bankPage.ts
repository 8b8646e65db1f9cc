import { PAYMENT_STATUS } from '../../../api/schemas/order.ts';
import type { PaymentType } from '../../../api/schemas/order.ts';
import type { BankOutcome } from '../payments.ts';

/**
 * The sandbox bank's page (DESIGN §4: "a sandbox payment page that approves or declines", clearly
 * marked): plain HTML that works without JavaScript and under the shop's CSP: no script, no inline
 * style (one stylesheet of its own, `bank.css`), a form that posts the tester's choice. Links are
 * relative to the page's own address, so it works wherever the order service is mounted.
 */

/** The demo shop's name (docs/decisions.md "Shop name and contact phone"). */
const SHOP_NAME = 'Карапуз';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Spec §9: a space between thousands; kopecks after a comma when there are any. */
function formatAmount(kopecks: number): string {
  const whole = String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const rest = kopecks % 100;
  return `${whole}${rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`} грн`;
}

const TYPE_LABELS: Readonly<Record<PaymentType, string>> = {
  1: 'Наличными',
  2: 'Картой онлайн',
  3: 'Картой в магазине',
  5: 'Картой курьеру',
  6: 'Картой онлайн',
  7: 'Картой «Пакунок малюка»',
  8: 'Оплата частями',
  9: 'Картой онлайн',
  10: 'Покупка частями в приложении банка',
};

const BUTTONS: Readonly<Record<BankOutcome, { label: string; hint: string }>> = {
  approve: { label: 'Оплатить', hint: 'статус 3: оплачено' },
  decline: { label: 'Отклонить', hint: 'статус 4: банк отказал' },
  wait: { label: 'Оставить ожидать в приложении банка', hint: 'статус 2: ожидается оплата в приложении' },
  'not-client': { label: 'Покупатель не клиент банка', hint: 'статус 9' },
  error: { label: 'Ошибка банка', hint: 'статус 8' },
};

const STATUS_TEXTS: Readonly<Record<number, string>> = {
  [PAYMENT_STATUS.new]: 'новый',
  [PAYMENT_STATUS.created]: 'ожидает оплаты',
  [PAYMENT_STATUS.processing]: 'ожидается оплата в приложении банка',
  [PAYMENT_STATUS.approved]: 'оплачен',
  [PAYMENT_STATUS.declined]: 'отклонён',
  [PAYMENT_STATUS.expired]: 'заменён новым платежом',
  [PAYMENT_STATUS.reversed]: 'возвращён',
  [PAYMENT_STATUS.undefined]: 'неизвестен',
  [PAYMENT_STATUS.error]: 'ошибка банка',
  [PAYMENT_STATUS.notBankClient]: 'покупатель не клиент банка',
};

export interface BankPageModel {
  paymentHash: string;
  /** "Заказ № 1000123" or "Подарочный сертификат на 500 грн". */
  subject: string;
  /** Kopecks. */
  amount: number;
  paymentType: PaymentType;
  paymentParts: number;
  status: number;
  /** The buttons this payment may be answered with; none once it is settled. */
  outcomes: readonly BankOutcome[];
  /** Where the shopper goes back to (the shop's path with `?payment=`). */
  backUrl: string;
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="../bank.css">
</head>
<body>
<main class="bank">
<p class="sandbox" role="note"><strong>Тестовый банк — деньги не списываются</strong></p>
${body}
</main>
</body>
</html>
`;
}

export function bankPage(model: BankPageModel): string {
  const rows: [string, string][] = [
    ['Магазин', SHOP_NAME],
    ['Назначение', model.subject],
    ['Сумма', formatAmount(model.amount)],
    ['Способ оплаты', TYPE_LABELS[model.paymentType]],
  ];
  if (model.paymentParts > 0) rows.push(['Платежей', String(model.paymentParts)]);
  rows.push(['Статус платежа', `${STATUS_TEXTS[model.status] ?? String(model.status)} (${model.status})`]);
  const details = rows.map(([name, value]) => `<dt>${escapeHtml(name)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n');
  const actions =
    model.outcomes.length === 0
      ? `<p>Платёж уже обработан.</p>\n<p><a class="back" href="${escapeHtml(model.backUrl)}">Вернуться в магазин</a></p>`
      : `<form method="post" action="${escapeHtml(model.paymentHash)}">
<p>Выберите, что ответит банк:</p>
<ul class="outcomes">
${model.outcomes
  .map(
    (outcome) =>
      `<li><button type="submit" name="outcome" value="${outcome}" class="${outcome}">${escapeHtml(BUTTONS[outcome].label)}</button> <small>${escapeHtml(BUTTONS[outcome].hint)}</small></li>`,
  )
  .join('\n')}
</ul>
</form>`;
  return page(
    `Тестовый банк — ${model.subject}`,
    `<h1>Оплата: ${escapeHtml(model.subject)}</h1>\n<dl>\n${details}\n</dl>\n${actions}`,
  );
}

/** A page that only says something went wrong (an unknown payment, an answer its type cannot have). */
export function bankMessagePage(message: string): string {
  return page(`Тестовый банк — ${message}`, `<h1>${escapeHtml(message)}</h1>`);
}

/** The page's only style, served as a file (`style-src 'self'`: no inline style under the shop's CSP). */
export const BANK_CSS = `body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f4f6;color:#1d1d1f}
.bank{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px #0002}
.sandbox{margin:0 0 1rem;padding:.75rem 1rem;background:#fff3cd;border:2px dashed #b58100;border-radius:8px;color:#5c4100;text-align:center}
h1{font-size:1.35rem;margin:.5rem 0 1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0 0 1.25rem}
dt{color:#6e6e73}dd{margin:0;font-weight:600}
.outcomes{list-style:none;padding:0;margin:0;display:grid;gap:.6rem}
button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:1px solid #c7c7cc;background:#fff;cursor:pointer;min-width:14rem;text-align:left}
button.approve{background:#1f8f4e;border-color:#1f8f4e;color:#fff}
button.decline{background:#c62828;border-color:#c62828;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #0a64d6;outline-offset:2px}
small{color:#6e6e73;display:block;margin-top:.15rem}
`;

/** Strict for a page with no script and one stylesheet: nothing else may load, post or frame it. */
const BANK_PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * The page's policy when the shop is on another origin: browsers apply `form-action` to the
 * redirect after a form post, so the way back to the shop must be allowed too.
 */
export function bankPageCsp(shopOrigin: string | null): string {
  return shopOrigin === null
    ? BANK_PAGE_CSP
    : BANK_PAGE_CSP.replace("form-action 'self'", `form-action 'self' ${shopOrigin}`);
}
