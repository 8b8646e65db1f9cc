/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Locale of the request, from the first path segment only (src/i18n/locale.ts). */
    locale: import('./i18n/locale.ts').Locale;
    /** i18next `t` bound to this request's own instance. */
    t: import('i18next').TFunction;
    /** The URL the visitor asked for; a rewrite (e.g. to the 404 page) changes `Astro.url`, not this. */
    requestUrl: URL;
    /** This request's client of the five services (src/server/request/requestApi.ts). */
    api: import('./api/http.ts').HttpClient;
    /** The shop's public origin (SITE_URL; src/server/request/siteOrigin.ts): every absolute URL starts with it. */
    siteOrigin: string;
    /**
     * The request's id (issue 26): the launcher's `x-request-id` (the client's X-Request-Id or one
     * it made, echoed in the response); undefined where no launcher runs (astro dev).
     */
    requestId?: string;
  }
}
