import type { PurgeMode } from './cache/cdnPurge.ts';
import {
  ANALYTICS_FORWARD_URL,
  CDN_PURGE_MODE,
  CDN_PURGE_TOKEN,
  CDN_PURGE_URL,
  CLIENT_DIR,
  CONTENT_API_URL,
  DELIVERY_API_URL,
  EMAIL_MARKETING_FORWARD_URL,
  IMAGE_CACHE_DIR,
  IMAGE_CACHE_MAX_MB,
  IMAGE_CDN_URL,
  IMAGE_SOURCE_ORIGINS,
  ORDER_API_URL,
  REVALIDATE_SECRET,
  SEARCH_API_URL,
  SENTRY_DSN,
  SHOP_E2E_FAULTS,
  USER_API_URL,
} from 'astro:env/server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceBaseUrls, type ServiceBaseUrls } from '../api/config.ts';
import { DEFAULT_IMAGE_URL_TEMPLATE } from '../domain/media/responsiveImage.ts';
import { DEFAULT_CACHE_MAX_MB } from './images/imageCache.ts';
import { readErrorDsn, type ErrorDsn } from './errors/errorDsn.ts';

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
export const cdnPurge: { url: string | undefined; token: string | undefined; mode: PurgeMode } = {
  url: CDN_PURGE_URL,
  token: CDN_PURGE_TOKEN,
  mode: CDN_PURGE_MODE,
};

/** Where `POST /api/analytics` forwards each channel's events (unset: the sandbox, which drops them). */
export const analyticsForward: { analytics: string | undefined; email: string | undefined } = {
  analytics: ANALYTICS_FORWARD_URL,
  email: EMAIL_MARKETING_FORWARD_URL,
};

/** How product pictures are spelled and where /img may fetch and keep them, and how much (src/server/images/). */
export const imageConfig: {
  urlTemplate: string;
  sourceOrigins: readonly string[];
  cacheDir: string;
  cacheMaxBytes: number;
} = {
  urlTemplate: IMAGE_CDN_URL?.trim() || DEFAULT_IMAGE_URL_TEMPLATE,
  // A search service elsewhere hosts its own pictures: its origin is always a source.
  sourceOrigins: [
    ...(serviceUrls.search.embedded ? [] : [new URL(serviceUrls.search.url).origin]),
    ...(IMAGE_SOURCE_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
  ],
  cacheDir: IMAGE_CACHE_DIR?.trim() || join(tmpdir(), 'bbs-image-cache'),
  cacheMaxBytes: (IMAGE_CACHE_MAX_MB ?? DEFAULT_CACHE_MAX_MB) * 1024 * 1024,
};

/** Where error reports go (SENTRY_DSN; null: nowhere): the pages' lazy browser reporting and its connect-src. */
export const errorReporting: ErrorDsn | null = readErrorDsn(SENTRY_DSN);

/** The build's client folder (the launcher sets it), where the built stylesheets are read; unset: none. */
export const clientDir: string | undefined = CLIENT_DIR?.trim() || undefined;
