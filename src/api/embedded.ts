/**
 * Hand-over point for the in-process embedded services. The server's composition root (the
 * launcher) registers one fetch handler that routes `http://embedded.local/svc/<name>/...`
 * requests to the embedded routers; the API client looks it up at call time. The storefront thus
 * never imports the services (DESIGN §3). The handler lives on `globalThis` under a registry
 * symbol because the Astro server bundle and the launcher script are separate module graphs and
 * would otherwise each see their own copy of this module.
 */

export type FetchHandler = (request: Request) => Promise<Response>;

const REGISTRY_KEY = Symbol.for('bbs.embeddedServices');

/** Registers the in-process handler of the embedded services; `null` unregisters it. */
export function registerEmbeddedFetch(fetch: FetchHandler | null): void {
  if (fetch === null) Reflect.deleteProperty(globalThis, REGISTRY_KEY);
  else Reflect.set(globalThis, REGISTRY_KEY, fetch);
}

/** The registered handler, or undefined when none has been registered in this process. */
export function embeddedFetch(): FetchHandler | undefined {
  const value: unknown = Reflect.get(globalThis, REGISTRY_KEY);
  if (typeof value !== 'function') return undefined;
  return (request) => Promise.resolve(Reflect.apply(value, undefined, [request]));
}
