import { log } from '../../log/log.ts';
import type { DatabaseSync } from 'node:sqlite';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { WireProduct, WireVariant } from '../../api/schemas/product.ts';
import type { InternalMessage, StockNotificationRequest } from '../../api/schemas/stockNotification.ts';
import { STOCK_NOTIFICATION_ERROR } from '../../api/schemas/stockNotification.ts';
import { sendInternalMessage } from '../../api/stockNotifications.ts';
import { inTransaction } from '../db/database.ts';
import { num, str } from '../db/rows.ts';
import type { CatalogueReader } from './catalogueReader.ts';
import { notFound, OrderProblem } from './orderProblem.ts';
import { recordMetric } from '../../log/metricEvents.ts';

/**
 * «Повідомити про наявність» (issue 29): requests kept in `stock_notification` (migration 007) and
 * sent once, by SMS or e-mail through the user service's channels (`POST /internal/messages`),
 * when their variant has stock again. A request is claimed (sent_at set) in a transaction before it
 * is sent, so two runs at once never send it twice; a send that fails gives it back.
 *
 * Limits (DESIGN §7: checked and counted in one transaction): per client address 10 requests an
 * hour, per recipient 5 an hour; 429 with Retry-After. Each request sends at most one message, and
 * a variant has at most one waiting request per recipient, so the messages are bounded by them.
 */

const LIMITS = { address: { seconds: 3600, max: 10 }, recipient: { seconds: 3600, max: 5 } } as const;
const SEND_TIMEOUT_MS = 5000;

export interface StockNotificationDeps {
  db: DatabaseSync;
  now: () => Date;
  readCatalogue: CatalogueReader;
  upstream: HttpClient;
  /** The token the user service takes for internal calls; without it nothing can be sent. */
  serviceToken: string | undefined;
  /** The shop's public origin for the product link; unset: a path. */
  shopUrl: string | undefined;
}

export interface StockNotifications {
  request(body: StockNotificationRequest, address: string): Promise<{ id: number; status: 'waiting' | 'sent' }>;
  /** Sends every due request (of one product, or all); the number sent. */
  run(productId: number | null): Promise<number>;
}

/** The product's page of the variant in the request's language (the picker's URL: `?color=&size=`). */
export function variantLink(
  shopUrl: string | undefined,
  locale: Locale,
  product: WireProduct,
  variant: WireVariant,
): string {
  const query = new URLSearchParams({ color: variant.colorPresentation?.slug ?? 'without-color' });
  if (variant.sizePresentation) query.set('size', variant.sizePresentation.slug);
  const path = `${locale === 'uk' ? '/ua' : ''}/product/${product.slug}?${query}`;
  return shopUrl === undefined ? path : new URL(path, shopUrl).href;
}

/** The message of one request, in its language. */
export function stockMessage(
  row: { channel: 'sms' | 'email'; recipient: string; locale: Locale },
  product: WireProduct,
  link: string,
): InternalMessage {
  const uk = row.locale === 'uk';
  const title = uk ? product.titleUkr || product.title : product.title;
  const text = uk ? `«${title}» знову в наявності: ${link}` : `«${title}» снова в наличии: ${link}`;
  if (row.channel === 'sms') return { channel: 'sms', to: row.recipient, text };
  return {
    channel: 'email',
    to: row.recipient,
    subject: uk ? 'Товар знову в наявності' : 'Товар снова в наличии',
    text: `${text}\n\n${uk ? 'Ви просили повідомити, коли він з’явиться.' : 'Вы просили сообщить, когда он появится.'}`,
  };
}

export function createStockNotifications(deps: StockNotificationDeps): StockNotifications {
  const { db } = deps;
  const iso = () => deps.now().toISOString();
  const since = (seconds: number) => new Date(deps.now().getTime() - seconds * 1000).toISOString();
  const countSince = db.prepare(
    'SELECT COUNT(*) AS n FROM stock_notification_limit WHERE kind = ? AND subject = ? AND at > ?',
  );
  const count = db.prepare('INSERT INTO stock_notification_limit (kind, subject, at) VALUES (?, ?, ?)');
  const forget = db.prepare('DELETE FROM stock_notification_limit WHERE at < ?');
  const waiting = db.prepare(
    'SELECT id FROM stock_notification WHERE variant_id = ? AND channel = ? AND recipient = ? AND sent_at IS NULL',
  );
  const insert = db.prepare(
    `INSERT INTO stock_notification (product_id, variant_id, channel, recipient, locale, customer_id, created_at)
     VALUES (?, ?, ?, ?, ?, NULL, ?)`,
  );
  const due = db.prepare(
    `SELECT id, product_id, variant_id, channel, recipient, locale FROM stock_notification
     WHERE sent_at IS NULL AND (? IS NULL OR product_id = ?) ORDER BY id LIMIT 500`,
  );
  const claim = db.prepare('UPDATE stock_notification SET sent_at = ? WHERE id = ? AND sent_at IS NULL');
  const giveBack = db.prepare('UPDATE stock_notification SET sent_at = NULL WHERE id = ?');

  /** Checks both limits and counts this request, in one step. */
  const reserve = (address: string, recipient: string) =>
    inTransaction(db, () => {
      forget.run(since(24 * 3600));
      for (const [kind, subject] of [
        ['address', address],
        ['recipient', recipient],
      ] as const) {
        const window = LIMITS[kind];
        if (num(countSince.get(kind, subject, since(window.seconds)) ?? {}, 'n') >= window.max) {
          recordMetric({ name: 'rateLimited', limiter: 'stock_notification' });
          throw new OrderProblem(
            429,
            STOCK_NOTIFICATION_ERROR.tooMany,
            'Too many stock notification requests',
            [],
            600,
          );
        }
      }
      count.run('address', address, iso());
      count.run('recipient', recipient, iso());
    });

  return {
    async request(body, address) {
      const recipient = body.channel === 'email' ? body.to.toLowerCase() : body.to;
      const existing = waiting.get(body.variantId, body.channel, recipient);
      if (existing) return { id: num(existing, 'id'), status: 'waiting' };
      const catalogue = await deps.readCatalogue([body.productId]);
      const entry = catalogue.variants.get(body.variantId);
      if (!entry || entry.product.id !== body.productId) throw notFound('Variant');
      if (entry.variant.totalAmount > 0) {
        throw new OrderProblem(
          409,
          STOCK_NOTIFICATION_ERROR.notSoldOut,
          'The variant is in stock: it can be bought now',
        );
      }
      reserve(address, recipient);
      // A parallel identical request may have been kept meanwhile: the unique index keeps one.
      const id = inTransaction(db, () => {
        const again = waiting.get(body.variantId, body.channel, recipient);
        if (again) return num(again, 'id');
        return Number(
          insert.run(body.productId, body.variantId, body.channel, recipient, body.locale, iso()).lastInsertRowid,
        );
      });
      return { id, status: 'waiting' };
    },

    async run(productId) {
      const rows = due.all(productId, productId).map((row) => ({
        id: num(row, 'id'),
        productId: num(row, 'product_id'),
        variantId: num(row, 'variant_id'),
        channel: str(row, 'channel') === 'email' ? ('email' as const) : ('sms' as const),
        recipient: str(row, 'recipient'),
        locale: str(row, 'locale') === 'uk' ? ('uk' as const) : ('ru' as const),
      }));
      if (rows.length === 0 || deps.serviceToken === undefined) return 0;
      const catalogue = await deps.readCatalogue(rows.map((row) => row.productId));
      let sent = 0;
      for (const row of rows) {
        const entry = catalogue.variants.get(row.variantId);
        if (!entry || entry.variant.totalAmount <= 0) continue;
        if (claim.run(iso(), row.id).changes !== 1) continue;
        const link = variantLink(deps.shopUrl, row.locale, entry.product, entry.variant);
        try {
          await sendInternalMessage(deps.upstream, stockMessage(row, entry.product, link), deps.serviceToken, {
            timeoutMs: SEND_TIMEOUT_MS,
          });
          sent++;
        } catch (error) {
          if (!isApiError(error)) throw error;
          giveBack.run(row.id);
          log.error(`[order] stock notification ${row.id} could not be sent yet:`, error.message);
        }
      }
      return sent;
    },
  };
}
