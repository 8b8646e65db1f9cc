import { z } from 'zod';
import { isApiError } from '../../api/apiError.ts';
import { STOCK_NOTIFICATION_ERROR } from '../../api/schemas/stockNotification.ts';
import { requestStockNotification } from '../../api/stockNotifications.ts';
import { choiceHref } from '../../domain/product/variantChoice.ts';
import { readStockContact } from '../../domain/product/stockContact.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { done, redirectTo, refused, type Refused } from '../endpoints/outcomes.ts';
import type { AuthContext } from '../session/authContext.ts';

/** A product page of this shop: the only place the form's post goes back to. */
const PRODUCT_PATH = /^(\/ua)?\/product\/[a-z0-9]+(-[a-z0-9]+)*$/;
const slug = z.string().regex(/^[a-z0-9-]{1,100}$/);

const notifySchema = z.object({
  productId: z.coerce.number().int().positive(),
  variantId: z.coerce.number().int().positive(),
  contact: z.string().max(300),
  returnTo: z.string().regex(PRODUCT_PATH).optional().catch(undefined),
  color: slug.optional().catch(undefined),
  size: slug.optional().catch(undefined),
});

function notifyRefusal(error: unknown, ctx: AuthContext): Refused | null {
  if (!isApiError(error)) return null;
  if (error.kind === 'http' && error.status === 409 && error.code === STOCK_NOTIFICATION_ERROR.notSoldOut) {
    return refused(409, ctx.t('stockNotify.inStock'));
  }
  if (error.kind === 'http' && error.status === 429) return refused(429, ctx.t('stockNotify.tooMany'));
  if (error.kind === 'http' && (error.status === 404 || error.status === 400)) {
    return refused(error.status, ctx.t('stockNotify.check'));
  }
  return null;
}

/**
 * `POST /api/stock-notifications` (JSON from the product page's script, or its plain form):
 * «Повідомити про наявність» of a sold-out variant, kept by the order service, which sends it once
 * when the variant is back. A form post goes back to the variant's page with `notify=saved`
 * (post/redirect/get; the page is the same for everyone, so the note is in its URL, not a session).
 */
export const stockNotifyAction = defineEndpoint({
  who: 'anyone',
  body: { schema: notifySchema, form: (fields) => fields },
  serviceRefusal: notifyRefusal,
  async handle({ ctx, body, isForm }) {
    const contact = readStockContact(body.contact);
    if (!contact.ok) {
      return refused(400, ctx.t('stockNotify.check'), {
        contact: ctx.t(contact.problem === 'required' ? 'stockNotify.required' : 'stockNotify.contactInvalid'),
      });
    }
    await requestStockNotification(
      ctx.clients.anonymous,
      {
        productId: body.productId,
        variantId: body.variantId,
        locale: ctx.locale,
        channel: contact.channel,
        to: contact.to,
      },
      { clientIp: ctx.clientIp },
    );
    if (isForm && body.returnTo) {
      const back = new URL(choiceHref(body.returnTo, body.color ?? '', body.size ?? null), 'http://shop.invalid');
      if (!body.color) back.searchParams.delete('color');
      back.searchParams.set('notify', 'saved');
      return redirectTo(`${back.pathname}${back.search}#notify`);
    }
    return done(ctx.t('stockNotify.saved'));
  },
});
