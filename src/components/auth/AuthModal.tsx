import { useStore } from '@nanostores/react';
import { z } from 'zod';
import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { keepTabInside, showModalDialog } from '../layout/modal.ts';
import type { Locale } from '../../api/schemas/common.ts';
import type { CodeSentAnswer, SessionState } from '../../api/schemas/session.ts';
import type { SessionResult } from '../../api/session.ts';
import { $session, requestRecovery, socialSignInUrl } from '../../stores/auth.ts';
import { CodeForm } from './CodeForm.tsx';
import { Greeting } from './Greeting.tsx';
import { LoginForm } from './LoginForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';
import { RegistrationForm, SocialRegistrationForm } from './RegistrationForm.tsx';
import { authText, type AuthText } from './authText.ts';
import { pageAuthSettings } from './pageAuthSettings.ts';
import { AUTH_CLOSE_EVENT, AUTH_TABS_EVENT, type AuthOpenOptions } from './openAuthModal.ts';

export interface AuthModalProps {
  locale: Locale;
  options: AuthOpenOptions;
  onClose: () => void;
}

type Tab = 'login' | 'registration';
type Purpose = 'registration' | 'recovery';

/** Where the modal is (companion spec accounts §2 steps, §4 transitions). */
type Step =
  | { kind: 'tabs'; tab: Tab }
  | { kind: 'social' }
  | {
      kind: 'code';
      purpose: Purpose;
      phone: string;
      diff: number;
      resend: () => Promise<SessionResult<CodeSentAnswer>>;
      /** The step the "change number" link goes back to. */
      back: Step;
    }
  | { kind: 'password'; purpose: Purpose }
  | { kind: 'greeting' };

/** Spec §9: the auto-focus delay. */
const AUTO_FOCUS_DELAY_MS = 500;

/** An AUTH_TABS_EVENT's detail: which tabs to show (true) or hide (false); a tab not named stays as it is. */
const authTabsChangeSchema = z.strictObject({ login: z.boolean().optional(), registration: z.boolean().optional() });

/** Spec §2: social sign-in with two providers, by link. */
const PROVIDERS = [
  { id: 'google', name: 'Google' },
  { id: 'facebook', name: 'Facebook' },
] as const;

/**
 * The focus goes back to what opened the modal; when a sign-in has hidden it (the header's
 * «Войти» gives way to «Кабинет»), to the element its `data-focus-instead` selector names, so a
 * keyboard or screen-reader user is not left on a hidden link (the browser would drop the focus
 * to the page's start).
 */
function focusAfterClose(opener: HTMLElement | null): void {
  if (!opener?.isConnected) return;
  const shown = (element: HTMLElement) => (element.checkVisibility ? element.checkVisibility() : true);
  const instead = opener.dataset['focusInstead'];
  const other = !shown(opener) && instead ? document.querySelector<HTMLElement>(instead) : null;
  (other && shown(other) ? other : opener).focus();
}

function firstStep(options: AuthOpenOptions): Step {
  if (options.mode === 'social') return { kind: 'social' };
  return { kind: 'tabs', tab: options.mode === 'login' ? 'login' : 'registration' };
}

function titleOf(step: Step, club: boolean, t: AuthText): string {
  switch (step.kind) {
    case 'tabs':
      return step.tab === 'login' ? t('tabLogin') : club ? t('clubTitle') : t('tabRegistration');
    case 'social':
      return t('socialTitle');
    case 'code':
      return step.purpose === 'recovery' ? t('recoveryTitle') : t('codeTitle');
    case 'password':
      return step.purpose === 'recovery' ? t('newPasswordTitle') : t('passwordTitle');
    case 'greeting':
      return '';
  }
}

/**
 * The auth modal (spec §2): two tabs, login and registration, and the steps behind them: the code,
 * the password, the greeting, and the social sign-in's phone form. A native modal `<dialog>`
 * (src/components/layout/modal.ts): named by its heading, the page behind inert and still,
 * the focus moved in and kept inside; Escape (the dialog's close request), the close button and
 * the cancel button close it, and the focus then goes back to what opened it. Each form calls the
 * auth store's actions; the rules are src/domain/auth's.
 */
export function AuthModal({ locale, options, onClose }: AuthModalProps) {
  const t = useMemo(() => authText(locale), [locale]);
  // The deployment's bot check and providers, as the page says (read once per opening).
  const settings = useMemo(() => pageAuthSettings(), []);
  const providers = PROVIDERS.filter((provider) => settings.social.includes(provider.id));
  const session = useStore($session);
  const [step, setStep] = useState<Step>(() => firstStep(options));
  const [focusRequest, setFocusRequest] = useState(0);
  const [shownTabs, setShownTabs] = useState<Record<Tab, boolean>>({ login: true, registration: true });
  const panel = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const tabIds = { login: useId(), registration: useId() };
  const club = options.mode === 'club';
  const checkout = options.checkout === true;
  const returnFocus = options.returnFocus ?? null;

  // Open (before the first paint): shown as a modal, the page holds still; on close the focus goes
  // back to the opener.
  useLayoutEffect(() => {
    const dialog = panel.current;
    if (!dialog) return;
    const hide = showModalDialog(dialog);
    window.addEventListener(AUTH_CLOSE_EVENT, onClose);
    return () => {
      window.removeEventListener(AUTH_CLOSE_EVENT, onClose);
      hide();
      focusAfterClose(returnFocus);
    };
  }, [onClose, returnFocus]);

  // A new step (and the first): the dialog takes the focus at once, on its heading (a screen reader
  // names the step, and keys act inside), and its first input takes it after the spec's auto-focus
  // delay (§9: 500 ms, while the step settles on screen), unless the shopper has moved it meanwhile.
  useEffect(() => {
    const box = panel.current;
    if (!box) return;
    const heading = box.querySelector<HTMLElement>('h2[tabindex]') ?? box;
    heading.focus();
    const timer = window.setTimeout(() => {
      if (document.activeElement !== heading && document.activeElement !== box) return;
      box.querySelector<HTMLElement>('.auth-body input:not([disabled])')?.focus();
    }, AUTO_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [focusRequest]);

  // Spec §2: "Tabs can be hidden or shown by events" (AUTH_TABS_EVENT). A hidden tab's form gives
  // way to the other one; with both hidden the tab list goes and the current form stays.
  // What the handler merges into: the state as the events left it (only they change it).
  const shownNow = useRef(shownTabs);
  useEffect(() => {
    const onTabs = (event: Event) => {
      const change = authTabsChangeSchema.safeParse(event instanceof CustomEvent ? event.detail : null);
      if (!change.success) return;
      const { login = shownNow.current.login, registration = shownNow.current.registration } = change.data;
      const shown = { login, registration };
      shownNow.current = shown;
      setShownTabs(shown);
      setStep((current) => {
        if (current.kind !== 'tabs' || shown[current.tab]) return current;
        const other: Tab = current.tab === 'login' ? 'registration' : 'login';
        return shown[other] ? { kind: 'tabs', tab: other } : current;
      });
    };
    window.addEventListener(AUTH_TABS_EVENT, onTabs);
    return () => window.removeEventListener(AUTH_TABS_EVENT, onTabs);
  }, []);

  const go = (next: Step) => {
    setStep(next);
    setFocusRequest((n) => n + 1);
  };
  /** Signed in and done: at checkout the modal just closes (spec §4), elsewhere the greeting shows. */
  const finish = () => (checkout ? onClose() : go({ kind: 'greeting' }));
  const loggedIn = (state: SessionState) =>
    !checkout && state.signedIn && state.bonusGranted ? go({ kind: 'greeting' }) : onClose();
  const codeSent =
    (purpose: Purpose, back: Step) =>
    (phone: string, diff: number, resend: () => Promise<SessionResult<CodeSentAnswer>>) =>
      go({ kind: 'code', purpose, phone, diff, resend, back });

  const onTabKey = (event: ReactKeyboardEvent<HTMLButtonElement>, tab: Tab) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next: Tab =
      event.key === 'Home'
        ? 'login'
        : event.key === 'End'
          ? 'registration'
          : tab === 'login'
            ? 'registration'
            : 'login';
    if (!shownTabs[next]) return;
    setStep({ kind: 'tabs', tab: next });
    document.getElementById(tabIds[next])?.focus();
  };

  const tabList = step.kind === 'tabs' && (shownTabs.login || shownTabs.registration);
  const presetPhone = options.phone ?? '';
  const presetName = options.name ?? '';
  const returnTo = `${window.location.pathname}${window.location.search}`;

  return (
    // The element's own role, spelled out for the tools that find the dialog by it (the page-weight
    // script, the e2e specs); its dimmed page is the dialog's ::backdrop.
    <dialog
      ref={panel}
      className="auth-modal"
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      tabIndex={-1}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        // The close request (Escape): this component closes, so the modal unmounts with it.
        event.preventDefault();
        onClose();
      }}
    >
      <button type="button" className="auth-close" aria-label={t('close')} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
      {tabList && (
        <div className="auth-tabs" role="tablist" aria-label={t('tabs')}>
          {(['login', 'registration'] as const)
            .filter((tab) => shownTabs[tab])
            .map((tab) => (
              <button
                key={tab}
                id={tabIds[tab]}
                type="button"
                role="tab"
                aria-selected={step.tab === tab}
                tabIndex={step.tab === tab ? 0 : -1}
                onClick={() => setStep({ kind: 'tabs', tab })}
                onKeyDown={(event) => onTabKey(event, tab)}
              >
                {tab === 'login' ? t('tabLogin') : t('tabRegistration')}
              </button>
            ))}
        </div>
      )}
      <div
        className="auth-body"
        role={tabList ? 'tabpanel' : undefined}
        aria-labelledby={tabList ? tabIds[step.tab] : undefined}
      >
        {step.kind === 'greeting' ? (
          <Greeting t={t} locale={locale} session={session} headingId={headingId} onClose={onClose} />
        ) : (
          <h2 id={headingId} tabIndex={-1}>
            {titleOf(step, club, t)}
          </h2>
        )}
        {step.kind === 'tabs' && step.tab === 'login' && (
          <LoginForm
            t={t}
            locale={locale}
            presetPhone={presetPhone}
            onLoggedIn={loggedIn}
            onRecoveryCode={(phone, diff) =>
              go({
                kind: 'code',
                purpose: 'recovery',
                phone,
                diff,
                resend: () => requestRecovery(phone),
                back: step,
              })
            }
          />
        )}
        {step.kind === 'tabs' && step.tab === 'registration' && (
          <>
            <p className="auth-banner">{t('bonusBanner')}</p>
            <RegistrationForm
              t={t}
              locale={locale}
              presetPhone={presetPhone}
              presetName={presetName}
              club={club}
              checkout={checkout}
              onCodeSent={codeSent('registration', step)}
              captcha={settings.captcha}
            />
          </>
        )}
        {step.kind === 'social' && (
          <SocialRegistrationForm
            t={t}
            locale={locale}
            presetPhone={presetPhone}
            onCodeSent={codeSent('registration', step)}
          />
        )}
        {step.kind === 'code' && (
          <CodeForm
            t={t}
            locale={locale}
            phone={step.phone}
            purpose={step.purpose}
            diff={step.diff}
            resend={step.resend}
            onConfirmed={() => go({ kind: 'password', purpose: step.purpose })}
            onChangePhone={() => go(step.back)}
          />
        )}
        {step.kind === 'password' && (
          <PasswordForm t={t} locale={locale} canSkip={step.purpose === 'recovery'} onDone={finish} />
        )}
        {step.kind === 'tabs' && providers.length > 0 && (
          <div className="auth-social">
            <p>{t('socialOr')}</p>
            {providers.map((provider) => (
              <a key={provider.id} className="auth-secondary" href={socialSignInUrl(provider.id, returnTo)}>
                {t('socialVia', { provider: provider.name })}
              </a>
            ))}
          </div>
        )}
        {step.kind !== 'greeting' && (
          <button type="button" className="auth-link auth-cancel" onClick={onClose}>
            {t('cancel')}
          </button>
        )}
      </div>
    </dialog>
  );
}
