/** @vitest-environment happy-dom */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SANDBOX_SECURITY_TOKEN } from '../../src/api/schemas/user.ts';
import { AuthModal } from '../../src/components/auth/AuthModal.tsx';
import { mountAuthModal } from '../../src/components/auth/mountAuthModal.tsx';
import type { AuthOpenOptions } from '../../src/components/auth/openAuthModal.ts';
import { SESSION_CHANGE_EVENT } from '../../src/domain/session/customerHint.ts';
import { specMessage } from '../../src/domain/validation/specMessages.ts';
import { $session } from '../../src/stores/auth.ts';
import { ok, refused, resetSession, signedIn, stubSession } from './authFixtures.ts';
import { pressEscape } from './pressEscape.ts';

// The spec's messages on the Russian page (issue 29: one language per page).
const REQUIRED_MESSAGE = specMessage('required', 'ru');
const MISMATCH_MESSAGE = specMessage('mismatch', 'ru');
const SECURITY_MESSAGE = specMessage('security', 'ru');
const TODAY_OR_AFTER_MESSAGE = specMessage('todayOrAfter', 'ru');

let opener: HTMLButtonElement;
let onClose: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  resetSession();
  document.documentElement.style.overflow = '';
  opener = document.createElement('button');
  opener.textContent = 'Войти';
  document.body.append(opener);
  opener.focus();
  onClose = vi.fn<() => void>();
});
afterEach(() => {
  cleanup();
  opener.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(options: Partial<AuthOpenOptions> = {}, locale: 'ru' | 'uk' = 'ru') {
  return render(
    <AuthModal locale={locale} options={{ mode: 'login', returnFocus: opener, ...options }} onClose={onClose} />,
  );
}
const dialog = () => screen.getByRole('dialog');
const field = (name: string | RegExp) => within(dialog()).getByLabelText(name);
const type = (name: string | RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
/** The element as an input (a label found something else: fail). */
const input = (element: HTMLElement): HTMLInputElement => {
  if (!(element instanceof HTMLInputElement)) throw new Error('not an input');
  return element;
};
const press = (name: string | RegExp) => fireEvent.click(within(dialog()).getByRole('button', { name }));
const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('AuthModal: the dialog', () => {
  it('is a modal dialog named by its heading, with two tabs, the focus on the heading, then on the phone', () => {
    vi.useFakeTimers();
    stubSession({});
    open();
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Вход' })).toBeTruthy();
    const tabs = within(dialog()).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Вход', 'true'],
      ['Регистрация', 'false'],
    ]);
    // Spec §9: the auto-focus delay is 500 ms; the dialog's heading holds the focus till then.
    expect(document.activeElement).toBe(within(dialog()).getByRole('heading', { name: 'Вход' }));
    act(() => void vi.advanceTimersByTime(499));
    expect(document.activeElement).not.toBe(field('Телефон'));
    act(() => void vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(field('Телефон'));
  });

  it('gives the inputs the autocomplete a phone, a password and a one-time code want', () => {
    stubSession({});
    open();
    expect(field('Телефон').getAttribute('autocomplete')).toBe('tel');
    expect(field('Телефон').getAttribute('type')).toBe('tel');
    expect(field('Пароль').getAttribute('autocomplete')).toBe('current-password');
  });

  it('keeps Tab inside: from the last control to the first and back', () => {
    stubSession({});
    open();
    const controls = [...dialog().querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input')];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) throw new Error('no controls');
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('switches tabs with the arrow keys and keeps the focus on the tab', () => {
    stubSession({});
    open();
    const loginTab = within(dialog()).getByRole('tab', { name: 'Вход' });
    loginTab.focus();
    fireEvent.keyDown(loginTab, { key: 'ArrowRight' });
    const registrationTab = within(dialog()).getByRole('tab', { name: 'Регистрация' });
    expect(registrationTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(registrationTab);
    expect(screen.getByRole('dialog', { name: 'Регистрация' })).toBeTruthy();
    expect(within(dialog()).getByRole('tabpanel')).toBeTruthy();
  });

  it('closes on Escape, on the close button and on cancel', () => {
    stubSession({});
    open();
    pressEscape();
    press('Закрыть');
    press('Отмена');
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('closes on the bbs:auth-close event (spec §2: closed by events)', () => {
    stubSession({});
    open();
    act(() => void window.dispatchEvent(new CustomEvent('bbs:auth-close')));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('offers the two social sign-ins by link, coming back to this page', () => {
    stubSession({});
    window.history.replaceState(null, '', '/odezhda?page=2');
    open();
    const links = within(dialog())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Войти через Google', '/api/auth/social/google?returnTo=%2Fodezhda%3Fpage%3D2'],
      ['Войти через Facebook', '/api/auth/social/facebook?returnTo=%2Fodezhda%3Fpage%3D2'],
    ]);
  });

  it('speaks Ukrainian on /ua', () => {
    stubSession({});
    open({ mode: 'registration' }, 'uk');
    expect(screen.getByRole('dialog', { name: 'Реєстрація' })).toBeTruthy();
    expect(field('Ім’я')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Зареєструватися' })).toBeTruthy();
  });
});

describe('mountAuthModal', () => {
  it('opens on screen before it returns, holds the page still, and gives the focus back on close', () => {
    stubSession({});
    const container = document.createElement('div');
    document.body.append(container);
    document.documentElement.style.overflow = 'scroll';
    act(() => {
      const show = mountAuthModal(container, 'ru');
      show({ mode: 'registration', returnFocus: opener });
      expect(within(container).getByRole('dialog', { name: 'Регистрация' })).toBeTruthy();
    });
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(opener).not.toBe(document.activeElement);
    pressEscape();
    expect(within(container).queryByRole('dialog')).toBeNull();
    expect(document.documentElement.style.overflow).toBe('scroll');
    expect(document.activeElement).toBe(opener);
    container.remove();
  });
});

describe('AuthModal: login (spec §2, §5)', () => {
  it('checks the fields before sending and puts the focus on the first message', () => {
    const calls = stubSession({});
    open();
    press('Войти');
    expect(describedBy(field('Телефон'))).toBe(REQUIRED_MESSAGE);
    expect(describedBy(field('Пароль'))).toBe(REQUIRED_MESSAGE);
    expect(document.activeElement).toBe(field('Телефон'));
    type('Телефон', '+38 067 123');
    type('Пароль', '12345');
    press('Войти');
    expect(describedBy(field('Телефон'))).toBe('Номер слишком короткий: после +380 нужно 9 цифр');
    expect(describedBy(field('Пароль'))).toBe('Минимум 6 символов');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('masks the phone as it is typed and names its fault as the shopper leaves the field (issue 29)', () => {
    open();
    type('Телефон', '0931234');
    expect(input(field('Телефон')).value).toBe('+380 93 123 4');
    fireEvent.blur(field('Телефон'));
    expect(describedBy(field('Телефон'))).toBe('Номер слишком короткий: после +380 нужно 9 цифр');
    type('Телефон', '+44 20 7946 0958');
    fireEvent.blur(field('Телефон'));
    expect(describedBy(field('Телефон'))).toBe('Номер телефона должен начинаться с +380');
    type('Телефон', '093 123 45 67');
    expect(input(field('Телефон')).value).toBe('+380 93 123 45 67');
    expect(field('Телефон').getAttribute('aria-invalid')).toBeNull();
  });

  it('speaks Ukrainian on the Ukrainian page', () => {
    open({}, 'uk');
    press('Увійти');
    expect(describedBy(field('Телефон'))).toBe('Поле обов’язкове до заповнення');
  });

  it('sends the canonical phone and closes once signed in', async () => {
    const calls = stubSession({ 'POST /api/auth/login': ok(signedIn()) });
    open();
    type('Телефон', '067 123 45 67');
    type('Пароль', 'secret1');
    press('Войти');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.path === '/api/auth/login')?.body).toEqual({
      login: '380671234567',
      password: 'secret1',
    });
    expect($session.get()?.signedIn).toBe(true);
  });

  it('announces the sign-in with the session’s change event, the one the header’s scripts listen to', async () => {
    stubSession({ 'POST /api/auth/login': ok(signedIn()) });
    const heard: unknown[] = [];
    const listen = (event: Event) => heard.push(event instanceof CustomEvent ? event.detail : null);
    window.addEventListener(SESSION_CHANGE_EVENT, listen);
    open();
    type('Телефон', '067 123 45 67');
    type('Пароль', 'secret1');
    press('Войти');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    window.removeEventListener(SESSION_CHANGE_EVENT, listen);
    expect(heard).toEqual([signedIn().session]);
  });

  it('shows the greeting with the bonus banner when the sign-in granted a bonus, and the member banner', async () => {
    const calls = stubSession({
      'POST /api/auth/login': ok(signedIn({ isMember: true }, true)),
      'GET /api/account/bonus': ok({
        bonus: { levelName: 'Серебряный', validUntil: '30.01.2027', activeAmount: 367.1 },
      }),
    });
    open();
    type('Телефон', '380671234567');
    type('Пароль', 'secret1');
    press('Войти');
    expect(await screen.findByRole('dialog', { name: 'Добро пожаловать, Олена!' })).toBeTruthy();
    expect(within(dialog()).getByText('Вам начислен приветственный бонус программы кешбэка')).toBeTruthy();
    // Spec §2: the member banner's status name and expiry, from the account's bonus endpoint.
    expect(await within(dialog()).findByText('Ваш статус: Серебряный')).toBeTruthy();
    expect(within(dialog()).getByText(/действует до 30\.01\.2027/)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/account/bonus')).toHaveLength(1);
    expect(within(dialog()).getByRole('link', { name: 'В личный кабинет' }).getAttribute('href')).toBe('/profile');
    press('Перейти на сайт');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('at checkout, closes after a sign-in even with a bonus (spec §4), with the preset phone', async () => {
    const calls = stubSession({ 'POST /api/auth/login': ok(signedIn({}, true)) });
    open({ phone: '+380 67 123 45 67', checkout: true });
    expect(input(field('Телефон')).value).toBe('+380 67 123 45 67');
    type('Пароль', 'secret1');
    press('Войти');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(calls.some((c) => c.path === '/api/auth/login')).toBe(true);
  });

  it('shows a refusal on the field the server names (login → the phone), and focuses it', async () => {
    stubSession({
      'POST /api/auth/login': refused(400, 1104, 'Неверный телефон или пароль', 'login'),
    });
    open();
    type('Телефон', '380671234567');
    type('Пароль', 'secret1');
    press('Войти');
    await vi.waitFor(() => expect(describedBy(field('Телефон'))).toBe('Неверный телефон или пароль'));
    expect(field('Телефон').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Телефон'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal without a field above the form, focused', async () => {
    stubSession({ 'POST /api/auth/login': refused(503, 503, 'Сервис временно недоступен', null) });
    open();
    type('Телефон', '380671234567');
    type('Пароль', 'secret1');
    press('Войти');
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Сервис временно недоступен');
    expect(document.activeElement).toBe(alert);
  });

  it('says the shop could not be reached when there was no answer', async () => {
    stubSession({ 'POST /api/auth/login': 'offline' });
    open();
    type('Телефон', '380671234567');
    type('Пароль', 'secret1');
    press('Войти');
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Не удалось связаться с магазином');
  });
});

describe('AuthModal: password recovery (spec §4)', () => {
  it('needs a valid phone first', () => {
    const calls = stubSession({});
    open();
    press('Забыли пароль?');
    expect(describedBy(field('Телефон'))).toBe(REQUIRED_MESSAGE);
    expect(calls.some((c) => c.path === '/api/auth/forgot')).toBe(false);
  });

  it('code, new password (or later), greeting', async () => {
    const calls = stubSession({
      'POST /api/auth/forgot': ok({ diff: 60 }),
      'POST /api/auth/forgot/confirm': [refused(400, 1204, 'Неверный код', 'code'), ok(signedIn())],
    });
    open();
    type('Телефон', '+380671234567');
    press('Забыли пароль?');
    expect(await screen.findByRole('dialog', { name: 'Восстановление пароля' })).toBeTruthy();
    expect(within(dialog()).getByText('Мы отправили SMS с кодом на номер +38 (067) 123-45-67')).toBeTruthy();
    const code = field('Код из SMS');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await vi.waitFor(() => expect(document.activeElement).toBe(code));
    press('Подтвердить');
    expect(describedBy(field('Код из SMS'))).toBe(REQUIRED_MESSAGE);
    type('Код из SMS', '12345');
    press('Подтвердить');
    expect(describedBy(field('Код из SMS'))).toBe('Код — 6 цифр из SMS');
    type('Код из SMS', '111111');
    press('Подтвердить');
    await vi.waitFor(() => expect(describedBy(field('Код из SMS'))).toBe('Неверный код'));
    type('Код из SMS', '123 456');
    press('Подтвердить');
    expect(await screen.findByRole('dialog', { name: 'Новый пароль' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/forgot/confirm').at(-1)?.body).toEqual({
      phone: '380671234567',
      code: '123456',
    });
    expect(field('Новый пароль').getAttribute('autocomplete')).toBe('new-password');
    press('Установить позже');
    expect(await screen.findByRole('dialog', { name: 'Добро пожаловать, Олена!' })).toBeTruthy();
    expect(within(dialog()).getByRole('link', { name: 'Стать участником' }).getAttribute('href')).toBe(
      '/profile/bonus#bonus-program',
    );
    expect(within(dialog()).getByRole('link', { name: 'Подробнее' }).getAttribute('href')).toBe('/info/bonus-rules');
  });
});

describe('AuthModal: registration (spec §2, §4)', () => {
  function fillRegistration() {
    type('Телефон', '0671234567');
    type('Имя', ' Олена ');
    fireEvent.click(within(dialog()).getByRole('checkbox', { name: 'Я не робот' }));
  }

  it('shows the banner and checks phone, name and the security check', () => {
    const calls = stubSession({});
    open({ mode: 'registration' });
    expect(within(dialog()).getByText('50 грн бонусами за регистрацию в программе кешбэка')).toBeTruthy();
    type('Имя', 'Olena2');
    press('Зарегистрироваться');
    expect(describedBy(field('Телефон'))).toBe(REQUIRED_MESSAGE);
    expect(describedBy(field('Имя'))).toBe('Допустимы только буквы, дефис и апостроф');
    const check = within(dialog()).getByRole('checkbox', { name: 'Я не робот' });
    expect(describedBy(check)).toBe(SECURITY_MESSAGE);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('phone, code, password, greeting; the preset name goes along', async () => {
    const calls = stubSession({
      'POST /api/auth/register': ok({ diff: 60 }),
      'POST /api/auth/register/confirm': ok(signedIn({ hasPassword: false })),
      'POST /api/auth/password': ok(signedIn()),
    });
    open({ mode: 'registration', name: 'Олена' });
    expect(input(field('Имя')).value).toBe('Олена');
    fillRegistration();
    press('Зарегистрироваться');
    expect(await screen.findByRole('dialog', { name: 'Подтверждение телефона' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toEqual({
      phone: '380671234567',
      firstName: 'Олена',
      pregnancyDueDate: null,
      securityToken: SANDBOX_SECURITY_TOKEN,
      club: false,
      checkout: false,
    });
    type('Код из SMS', '654321');
    press('Подтвердить');
    expect(await screen.findByRole('dialog', { name: 'Придумайте пароль' })).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Установить позже' })).toBeNull();
    type('Новый пароль', 'secret1');
    type('Повторите пароль', 'secret2');
    press('Сохранить пароль');
    expect(describedBy(field('Повторите пароль'))).toBe(MISMATCH_MESSAGE);
    type('Повторите пароль', 'secret1');
    press('Сохранить пароль');
    expect(await screen.findByRole('dialog', { name: 'Добро пожаловать, Олена!' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/password')?.body).toEqual({ password: 'secret1' });
    await vi.waitFor(() => expect(document.activeElement).toBe(within(dialog()).getByRole('heading', { level: 2 })));
  });

  it('resets the security check after a refusal, shown on its field', async () => {
    stubSession({
      'POST /api/auth/register': refused(429, 1102, 'Превышен лимит попыток регистрации.', 'phone'),
    });
    open({ mode: 'registration' });
    fillRegistration();
    press('Зарегистрироваться');
    await vi.waitFor(() => expect(describedBy(field('Телефон'))).toBe('Превышен лимит попыток регистрации.'));
    expect(input(within(dialog()).getByRole('checkbox', { name: 'Я не робот' })).checked).toBe(false);
  });

  it('the club mode asks for the expected-birth date, today or later', async () => {
    const calls = stubSession({ 'POST /api/auth/register': ok({ diff: 60 }) });
    open({ mode: 'club' });
    expect(screen.getByRole('dialog', { name: 'Регистрация в клубе будущих мам' })).toBeTruthy();
    fillRegistration();
    type(/Ожидаемая дата рождения малыша/, '2001-01-01');
    press('Зарегистрироваться');
    expect(describedBy(field(/Ожидаемая дата рождения малыша/))).toBe(TODAY_OR_AFTER_MESSAGE);
    const next = new Date();
    next.setFullYear(next.getFullYear() + 1);
    const day = `${next.getFullYear()}-05-01`;
    type(/Ожидаемая дата рождения малыша/, day);
    press('Зарегистрироваться');
    await screen.findByRole('dialog', { name: 'Подтверждение телефона' });
    expect(calls.find((c) => c.path === '/api/auth/register')?.body).toMatchObject({
      pregnancyDueDate: day,
      club: true,
    });
  });

  it('counts the resend timer down from the server’s diff; at zero another code can be asked for', async () => {
    const calls = stubSession({ 'POST /api/auth/register': [ok({ diff: 3 }), ok({ diff: 60 })] });
    open({ mode: 'registration' });
    fillRegistration();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    press('Зарегистрироваться');
    await screen.findByRole('dialog', { name: 'Подтверждение телефона' });
    // The countdown's interval starts in a passive effect: let React run it before the clock moves
    // (on a loaded machine the effect could still be pending, and the tick would go nowhere).
    await act(async () => {});
    expect(within(dialog()).getByText('Отправить код ещё раз можно через 0:03')).toBeTruthy();
    expect(within(dialog()).queryByRole('button', { name: 'Отправить код ещё раз' })).toBeNull();
    act(() => void vi.advanceTimersByTime(1000));
    expect(within(dialog()).getByText('Отправить код ещё раз можно через 0:02')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(2000));
    press('Отправить код ещё раз');
    expect(await within(dialog()).findByText('Отправить код ещё раз можно через 1:00')).toBeTruthy();
    expect(within(dialog()).getByRole('status').textContent).toBe('Новый код отправлен');
    expect(calls.filter((c) => c.path === '/api/auth/register')).toHaveLength(2);
  });

  it('"change number" goes back to the phone form', async () => {
    stubSession({ 'POST /api/auth/register': ok({ diff: 60 }) });
    open({ mode: 'registration' });
    fillRegistration();
    press('Зарегистрироваться');
    await screen.findByRole('dialog', { name: 'Подтверждение телефона' });
    press('Изменить номер');
    expect(screen.getByRole('dialog', { name: 'Регистрация' })).toBeTruthy();
  });
});

describe('AuthModal: social registration completion (spec §2, §4, §8)', () => {
  it('is prefilled from the pending sign-in, titled «Регистрация», and continues to the code', async () => {
    const calls = stubSession({
      'GET /api/auth/social/pending': ok({
        pending: { provider: 'google', name: 'Олена', email: 'olena@example.com' },
      }),
      'POST /api/auth/register/social': ok({ diff: 60 }),
    });
    open({ mode: 'social' });
    expect(screen.getByRole('dialog', { name: 'Регистрация' })).toBeTruthy();
    expect(within(dialog()).getByText('Мы отправим на этот номер код подтверждения')).toBeTruthy();
    await vi.waitFor(() => expect(input(field('Имя')).value).toBe('Олена'));
    type('Телефон', '+380671234567');
    press('Продолжить');
    await screen.findByRole('dialog', { name: 'Подтверждение телефона' });
    expect(calls.find((c) => c.path === '/api/auth/register/social')?.body).toEqual({
      phone: '380671234567',
      firstName: 'Олена',
      email: 'olena@example.com',
    });
  });

  it('a phone that already has an account (1105) shows under «Ошибка авторизации»', async () => {
    const message =
      'Мы нашли пользователя с таким телефоном среди наших клиентов. Это Вы? Тогда войдите на сайт с помощью номера телефона и пароля и привяжите социальную сеть в личном кабинете.';
    stubSession({
      'GET /api/auth/social/pending': ok({ pending: { provider: 'google', name: 'Олена', email: '' } }),
      'POST /api/auth/register/social': refused(400, 1105, message, null),
    });
    open({ mode: 'social' });
    await vi.waitFor(() => expect(input(field('Имя')).value).toBe('Олена'));
    type('Телефон', '+380671234567');
    press('Продолжить');
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toBe(`Ошибка авторизации ${message}`);
  });

  it('says so when no social sign-in is waiting', async () => {
    stubSession({ 'GET /api/auth/social/pending': ok({ pending: null }) });
    open({ mode: 'social' });
    expect((await within(dialog()).findByRole('alert')).textContent).toContain('Вход через соцсеть не завершён');
  });
});
