import type { AstroGlobal } from 'astro';
import { DELIVERY_CITY_COOKIE, deliveryCityOf } from '../../domain/delivery/deliveryCity.ts';
import { pageRequest, respond } from '../request/pageOutcome.ts';
import { loadDeliveryCityPage, type DeliveryCityPageModel } from './deliveryCityPage.ts';

/** A year, as the browser's own writes of the cookie (src/stores/deliveryCity.ts). */
const MAX_AGE = 31_536_000;

/** The picker's frontmatter: reads the form, remembers a chosen city in the cookie, 303 back. */
export async function deliveryCityPage(astro: AstroGlobal): Promise<DeliveryCityPageModel | Response> {
  const post = astro.request.method === 'POST' ? new URLSearchParams(await astro.request.text()) : null;
  const current = deliveryCityOf(astro.cookies.get(DELIVERY_CITY_COOKIE)?.value);
  const outcome = await loadDeliveryCityPage(pageRequest(astro), post, current);
  if (outcome.kind === 'chosen') {
    // Read by scripts too (the basket check): not HttpOnly; nothing secret in a city.
    astro.cookies.set(DELIVERY_CITY_COOKIE, String(outcome.cityId), {
      path: '/',
      maxAge: MAX_AGE,
      sameSite: 'lax',
      httpOnly: false,
    });
    return astro.redirect(outcome.location, 303);
  }
  return respond(astro, Promise.resolve(outcome));
}
