import {
  PUBLIC_CONTENT_API_URL,
  PUBLIC_DELIVERY_API_URL,
  PUBLIC_ORDER_API_URL,
  PUBLIC_SEARCH_API_URL,
  PUBLIC_USER_API_URL,
} from 'astro:env/client';
import type { Locale } from './schemas/common.ts';
import { perService, type ServiceBaseUrls, type ServiceName } from './config.ts';
import { createHttpClient, type HttpClient } from './http.ts';

/**
 * The client islands use in the browser. Each service is reached at `PUBLIC_<SERVICE>_API_URL`
 * (astro:env, fixed at build time) when the build sets one, otherwise under `/svc/<service>` of the shop's own origin (the embedded
 * services, or a proxy in front of the real ones).
 */
const PUBLIC_URLS: Record<ServiceName, string | undefined> = {
  search: PUBLIC_SEARCH_API_URL,
  user: PUBLIC_USER_API_URL,
  content: PUBLIC_CONTENT_API_URL,
  order: PUBLIC_ORDER_API_URL,
  delivery: PUBLIC_DELIVERY_API_URL,
};

function browserBaseUrls(origin: string): ServiceBaseUrls {
  return perService((name) => ({
    url: (PUBLIC_URLS[name] ?? `${origin}/svc/${name}`).replace(/\/+$/, ''),
    embedded: false,
  }));
}

const clients = new Map<Locale, HttpClient>();

/** One client per locale for the page's lifetime. */
export function browserApi(locale: Locale): HttpClient {
  let client = clients.get(locale);
  if (!client) {
    client = createHttpClient({ baseUrls: browserBaseUrls(window.location.origin), locale });
    clients.set(locale, client);
  }
  return client;
}
