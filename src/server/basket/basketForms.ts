import { z } from 'zod';
import { BASKET_LIMITS } from '../../api/schemas/basket.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer, redirectTo } from '../endpoints/outcomes.ts';
import type { AuthContext } from '../session/authContext.ts';
import { addToSessionBasket, clearSessionBasket, removeFromSessionBasket } from './sessionBasket.ts';

/**
 * The basket's form posts, for a shopper without JavaScript (or whose tap came before the page's
 * script): add a variant, remove a line. Each answers 303 to the basket page of the form's
 * language (post/redirect/get), which shows the lines with the order service's prices. A malformed
 * form is a 400 page naming the field (src/server/endpoints); nothing is stored from it.
 */

const idField = z.coerce.number().int().positive().max(2_147_483_647);

const addFormSchema = z.object({
  productId: idField,
  internalId: idField,
  quantity: z.coerce.number().int().min(1).max(BASKET_LIMITS.quantity).default(1),
});

const removeFormSchema = z.object({ internalId: idField });

/** The form's fields as they are: the schema coerces them. */
const asPosted = (fields: Readonly<Record<string, string>>): unknown => fields;

const basketPage = (ctx: Pick<AuthContext, 'locale'>) => redirectTo(routeUrl(routeName('basket-page', ctx.locale)));

/** `POST /basket/add` (and `/ua/basket/add`): productId, internalId, quantity. */
export const addFormPost = defineEndpoint({
  who: 'anyone',
  body: { schema: addFormSchema, json: false, form: asPosted },
  async handle({ ctx, body }) {
    await addToSessionBasket(ctx.session, body);
    return basketPage(ctx);
  },
});

/** `POST /basket/remove` (and `/ua/basket/remove`): internalId. */
export const removeFormPost = defineEndpoint({
  who: 'anyone',
  body: { schema: removeFormSchema, json: false, form: asPosted },
  async handle({ ctx, body }) {
    await removeFromSessionBasket(ctx.session, body.internalId);
    return basketPage(ctx);
  },
});

/**
 * `POST /api/basket/session/clear` `{ version }`: the basket island took the server's lines into the
 * browser's basket; the server forgets that version of them (a line added meanwhile stays).
 */
export const clearSessionPost = defineEndpoint({
  who: 'anyone',
  body: { schema: z.object({ version: z.string().min(1).max(64) }) },
  handle: async ({ ctx, body }) => answer({ cleared: await clearSessionBasket(ctx.session, body.version) }),
});
