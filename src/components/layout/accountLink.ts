import { authModeOfHash, type AuthMode } from '../../domain/auth/authEntry.ts';
import { SESSION_CHANGE_EVENT, hasCustomerHint } from '../../domain/session/customerHint.ts';

/**
 * The header's account link, on every page: the signed-in mark from the hint cookie (and after
 * every change of the session), and the auth modal on a click of «Войти» or from the page hash
 * (#login, #registration, #club, #social; the hash is then cleared). The modal's code loads on the
 * first open. Started by BaseLayout's one module script.
 */
export function startAccountLink(): void {
  const root = document.documentElement;
  const show = (signedIn: boolean) => root.toggleAttribute('data-signed-in', signedIn);
  function open(mode: AuthMode, returnFocus: HTMLElement | null, preset: { phone?: string; name?: string } = {}): void {
    void import('../auth/openAuthModal.ts').then(({ openAuthModal }) =>
      openAuthModal({ ...preset, mode, returnFocus }),
    );
  }
  function fromHash(): void {
    const mode = authModeOfHash(location.hash);
    if (!mode) return;
    history.replaceState(history.state, '', location.pathname + location.search);
    open(mode, null);
  }

  const fromCookie = () => show(hasCustomerHint(document.cookie));

  fromCookie();
  fromHash();
  addEventListener('hashchange', fromHash);
  // Back/forward cache: the session may have changed since; after a sign-in or out in this page
  // the endpoints' answer has already set or cleared the cookie.
  addEventListener('pageshow', fromCookie);
  addEventListener(SESSION_CHANGE_EVENT, fromCookie);
  // «Войти» and any other opener on the page (`data-auth-open="<mode>"`, with `data-auth-phone` and
  // `data-auth-name` to preset the form: the order page's phone confirmation).
  document.addEventListener('click', (event) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const opener = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-auth-open]') : null;
    const mode = opener ? authModeOfHash(`#${opener.dataset['authOpen'] ?? ''}`) : null;
    if (!opener || !mode) return;
    event.preventDefault();
    const { authPhone: phone, authName: name } = opener.dataset;
    open(mode, opener, { ...(phone ? { phone } : {}), ...(name ? { name } : {}) });
  });
}
