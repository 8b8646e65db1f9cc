import { CONSENT_KEY, consentRecord, parseConsent } from '../../domain/analytics/consent.ts';
import { CONSENT_ASK_CLASS } from './consentAsk.ts';

/**
 * The consent banner's answers (spec: no analytics before a yes). The head's inline peek has
 * already shown the banner when nothing is stored; this decides, records the answer and starts the
 * analytics runtime after a yes, when the page is idle. Started by BaseLayout's one module script.
 */
export function startConsentBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-consent]');
  const ask = (open: boolean) => document.documentElement.classList.toggle(CONSENT_ASK_CLASS, open);
  let started = false;

  function start(): void {
    if (started) return;
    started = true;
    const run = () =>
      void import('./analyticsRuntime.ts').then(({ startAnalytics }) =>
        startAnalytics({ collectUrl: '/api/analytics' }),
      );
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 4000 });
    else setTimeout(run, 1500);
  }

  function apply(agreed: boolean): void {
    window.bbsAnalyticsOff = !agreed;
    if (agreed) start();
    // A refusal forgets what was kept in memory; a runtime already running sends nothing more.
    else if (Array.isArray(window.bbsAnalytics)) window.bbsAnalytics = [];
  }

  function stored() {
    try {
      return parseConsent(localStorage.getItem(CONSENT_KEY));
    } catch {
      return null;
    }
  }

  // Without this script there is nothing to choose: the footer's button shows only with it.
  for (const opener of document.querySelectorAll<HTMLElement>('[data-consent-open]')) opener.hidden = false;
  const choice = stored();
  if (choice) apply(choice.analytics);
  ask(choice === null);

  banner?.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-consent-answer]') : null;
    if (!button) return;
    const agreed = button.dataset['consentAnswer'] === 'yes';
    try {
      localStorage.setItem(CONSENT_KEY, consentRecord(agreed, new Date()));
    } catch {
      // Storage refused: the answer holds for this page.
    }
    apply(agreed);
    ask(false);
  });
  document.addEventListener('click', (event) => {
    const opener = event.target instanceof Element ? event.target.closest('[data-consent-open]') : null;
    if (!opener || !banner) return;
    event.preventDefault();
    ask(true);
    banner.querySelector<HTMLElement>('button')?.focus();
  });
}
