import { mayFetchAhead, SPECULATION_RULES } from '../../domain/navigation/speculation.ts';

/**
 * Lets the browser fetch the likely next pages before the tap (src/domain/navigation/speculation.ts):
 * the rules are added by script, not written in the page, so a shopper saving data or on 2G gets
 * none. The page's policy allows this one inline rule set by its hash (BaseLayout.astro).
 */
export function speculateNextPages(): void {
  if (!mayFetchAheadHere()) return;
  // Read by the catalogue's own fetch-ahead (catalogEnhancer.ts), which thus shares no code with this.
  document.documentElement.dataset[FETCH_AHEAD_FLAG] = '';
  if (!HTMLScriptElement.supports('speculationrules')) return;
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = SPECULATION_RULES;
  document.head.append(rules);
}

/** The root element's `data-fetch-ahead`: present when this visit may fetch pages ahead. */
const FETCH_AHEAD_FLAG = 'fetchAhead';

/** Whether this browser's connection allows fetching ahead (the Network Information API, where there is one). */
function mayFetchAheadHere(): boolean {
  const connection: unknown = Reflect.get(navigator, 'connection');
  if (typeof connection !== 'object' || connection === null) return mayFetchAhead(undefined);
  const saveData: unknown = Reflect.get(connection, 'saveData');
  const effectiveType: unknown = Reflect.get(connection, 'effectiveType');
  return mayFetchAhead({ saveData, effectiveType });
}
