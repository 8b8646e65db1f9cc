import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { basketCheckRequestSchema } from '../../api/schemas/basket.ts';
import type { BasketCheckResponse } from '../../api/schemas/basket.ts';
import { localeSchema } from '../../api/schemas/common.ts';
import type { ServiceErrorBody } from '../../api/schemas/common.ts';
import { readJsonBody } from '../http/adminRoutes.ts';
import { createServiceApp, parseOr400 } from '../http/serviceApp.ts';
import { checkBasket } from './basketCheck.ts';
import { createBasketRepository } from './basketRepository.ts';
import { createCatalogueReader } from './catalogueReader.ts';
import { createDeliveryOptions } from './deliveryOptions.ts';

export interface OrderAppOptions {
  /**
   * Client of the services the order service asks: search (the catalogue: prices, stock) and
   * delivery (a city's methods), through their contracts. Built by src/services/index.ts: in
   * process when they run here, at their `*_API_URL` otherwise.
   */
  upstream: HttpClient;
  /** The clock for codes' and promotions' dates (tests move it); the system clock by default. */
  now?: (() => Date) | undefined;
}

const basketCheckQuerySchema = z.object({ locale: localeSchema.default('ru') });

/** A basket of 100 lines with 10 codes is ~10 KB of JSON; anything far beyond is not a basket. */
const BASKET_CHECK_BYTES = 64 * 1024;

/** Seconds a client should wait before retrying while the catalogue cannot be read. */
const RETRY_AFTER_SECONDS = 5;

/** The date in Kyiv (YYYY-MM-DD): a code "valid until 31 May" is valid all of that Ukrainian day. */
const kyivDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Kyiv',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The order service. So far the basket check (`POST /public/basket/check?locale`, storefront spec
 * §7); orders, payments and certificate purchases arrive with later issues.
 */
export function createOrderApp(db: DatabaseSync, options: OrderAppOptions): Hono {
  const app = createServiceApp('order');
  const now = options.now ?? (() => new Date());
  const deps = {
    repository: createBasketRepository(db),
    readCatalogue: createCatalogueReader(options.upstream),
    deliveryMethods: createDeliveryOptions(options.upstream),
    today: () => kyivDate.format(now()),
  };

  app.post(
    '/public/basket/check',
    bodyLimit({
      maxSize: BASKET_CHECK_BYTES,
      onError: (c) => {
        const body: ServiceErrorBody = { code: 413, message: `The body is larger than ${BASKET_CHECK_BYTES} bytes` };
        return c.json(body, 413);
      },
    }),
    async (c) => {
      const { locale } = parseOr400(basketCheckQuerySchema, c.req.query(), 'query');
      const request = parseOr400(basketCheckRequestSchema, await readJsonBody(c), 'body');
      // Prices and stock are the shopper's own answer: never stored by a shared cache.
      c.header('Cache-Control', 'no-store');
      let body: BasketCheckResponse;
      try {
        body = await checkBasket(deps, request, locale);
      } catch (error) {
        if (!isApiError(error)) throw error;
        // DESIGN §7: an upstream failure is a 503 with Retry-After; a check never answers stale prices.
        console.error('[order] basket check: the catalogue cannot be read:', error.message);
        const answer: ServiceErrorBody = { code: 503, message: 'The catalogue cannot be read now; try again shortly' };
        c.header('Retry-After', String(RETRY_AFTER_SECONDS));
        return c.json(answer, 503);
      }
      return c.json(body);
    },
  );

  return app;
}
