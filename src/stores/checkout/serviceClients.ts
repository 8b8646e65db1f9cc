/**
 * The checkout's service clients (src/stores/checkoutClients.ts), loaded with a dynamic import once:
 * on first need, or as the page starts (they bring zod and the schemas, which the form does not
 * need to draw).
 */
type Clients = typeof import('../checkoutClients.ts');
let loading: Promise<Clients> | undefined;

export function checkoutClients(): Promise<Clients> {
  loading ??= import('../checkoutClients.ts');
  return loading;
}
