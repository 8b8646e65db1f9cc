import { mayFetchAhead, SPECULATION_RULES } from '../../domain/navigation/speculation.ts';

/**
 * Lets the browser fetch the likely next pages before the tap (src/domain/navigation/speculation.ts):
 * the rules are added by script, not written in the page, so a shopper saving data or on 2G gets
 * none. The page's policy allows this one inline rule set by its hash (BaseLayout.astro).
 */
export function speculateNextPages(): void {
  if (!HTMLScriptElement.supports('speculationrules')) return;
  const connection: unknown = Reflect.get(navigator, 'connection');
  const facts =
    typeof connection === 'object' && connection !== null
      ? { saveData: Reflect.get(connection, 'saveData'), effectiveType: Reflect.get(connection, 'effectiveType') }
      : undefined;
  if (!mayFetchAhead(facts)) return;
  const rules = document.createElement('script');
  rules.type = 'speculationrules';
  rules.textContent = SPECULATION_RULES;
  document.head.append(rules);
}
