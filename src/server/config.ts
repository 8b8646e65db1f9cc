import {
  ANALYTICS_FORWARD_URL,
  CDN_PURGE_TOKEN,
  CDN_PURGE_URL,
  CONTENT_API_URL,
  DELIVERY_API_URL,
  EMAIL_MARKETING_FORWARD_URL,
  ORDER_API_URL,
  REVALIDATE_SECRET,
  SEARCH_API_URL,
  SHOP_E2E_FAULTS,
  USER_API_URL,
} from 'astro:env/server';
import { serviceBaseUrls, type ServiceBaseUrls } from '../api/config.ts';

/**
 * The storefront server's configuration, from the `env.schema` of astro.config.mjs (astro:env):
 * typed, validated, read at run time from the process environment. The one place server code
 * reads its settings; nothing else looks at `process.env`.
 */

/** Base URL of each service; an unset one is the embedded service (a malformed one throws here, naming it). */
export const serviceUrls: ServiceBaseUrls = serviceBaseUrls({
  SEARCH_API_URL,
  USER_API_URL,
  CONTENT_API_URL,
  ORDER_API_URL,
  DELIVERY_API_URL,
});

/**
 * Bearer secret of `POST /api/revalidate` (unset: the endpoint refuses everyone). Outside
 * production the launcher puts a generated one into the environment before it loads the build.
 */
export const revalidateSecret: string | undefined = REVALIDATE_SECRET;

/** Test-only routes (`/e2e-fault`) answer only when this is on. */
export const e2eFaultsEnabled: boolean = SHOP_E2E_FAULTS === '1';

/** Where `POST /api/revalidate` forwards each purge (unset: no CDN in front), see cdnPurge.ts. */
export const cdnPurge: { url: string | undefined; token: string | undefined } = {
  url: CDN_PURGE_URL,
  token: CDN_PURGE_TOKEN,
};

/** Where `POST /api/analytics` forwards each channel's events (unset: the sandbox, which drops them). */
export const analyticsForward: { analytics: string | undefined; email: string | undefined } = {
  analytics: ANALYTICS_FORWARD_URL,
  email: EMAIL_MARKETING_FORWARD_URL,
};
