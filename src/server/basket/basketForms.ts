import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { BASKET_LIMITS } from '../../api/schemas/basket.ts';
import { routeName, routeUrl } from '../../i18n/routes.ts';
import { formFields } from '../http/formFields.ts';
import { sessionOf } from '../http/session.ts';
import { isSameOriginRequest } from '../http/sameOrigin.ts';
import { addToSessionBasket, clearSessionBasket, removeFromSessionBasket } from './sessionBasket.ts';

/**
 * The basket's form posts, for a shopper without JavaScript (or whose tap came before the page's
 * script): add a variant, remove a line. Each answers 303 to the basket page of the form's
 * language (post/redirect/get), which shows the lines with the order service's prices. Astro's
 * `checkOrigin` refuses cross-site form posts. A malformed form is a 400 page naming the field;
 * nothing is stored from it.
 */

const idField = z.coerce.number().int().positive().max(2_147_483_647);

const addFormSchema = z.object({
  productId: idField,
  internalId: idField,
  quantity: z.coerce.number().int().min(1).max(BASKET_LIMITS.quantity).default(1),
});

const removeFormSchema = z.object({ internalId: idField });

function basketPage(context: APIContext): string {
  return routeUrl(routeName('basket-page', context.locals.locale));
}

function badForm(error: z.ZodError): Response {
  const fields = error.issues.map((issue) => issue.path.join('.')).join(', ');
  return new Response(`Invalid basket form: ${fields}`, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** `POST /basket/add` (and `/ua/basket/add`): productId, internalId, quantity. */
export const addFormPost: APIRoute = async (context) => {
  const parsed = addFormSchema.safeParse(await formFields(context.request));
  if (!parsed.success) return badForm(parsed.error);
  await addToSessionBasket(sessionOf(context), parsed.data);
  return context.redirect(basketPage(context), 303);
};

/** `POST /basket/remove` (and `/ua/basket/remove`): internalId. */
export const removeFormPost: APIRoute = async (context) => {
  const parsed = removeFormSchema.safeParse(await formFields(context.request));
  if (!parsed.success) return badForm(parsed.error);
  await removeFromSessionBasket(sessionOf(context), parsed.data.internalId);
  return context.redirect(basketPage(context), 303);
};

const clearBodySchema = z.object({ version: z.string().min(1).max(64) });

const json = (body: unknown, status: number) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });

/**
 * `POST /api/basket/session/clear` `{ version }`: the basket island took the server's lines into the
 * browser's basket; the server forgets that version of them (a line added meanwhile stays).
 */
export const clearSessionPost: APIRoute = async (context) => {
  if (!isSameOriginRequest(context.request, context.url)) {
    return json({ code: 403, message: 'Only the shop’s own pages may do this' }, 403);
  }
  const raw: unknown = await context.request.json().catch(() => undefined);
  const parsed = clearBodySchema.safeParse(raw);
  if (!parsed.success) return json({ code: 400, message: 'version is required' }, 400);
  const cleared = await clearSessionBasket(sessionOf(context), parsed.data.version);
  return json({ cleared }, 200);
};
