import { expect, type Page } from '@playwright/test';
import { AUTH_PATHS, sessionAnswerSchema } from '../../src/api/schemas/session.ts';
import { sandboxOutboxSchema, SANDBOX_SECURITY_TOKEN } from '../../src/api/schemas/user.ts';

/** Signing in and registering from a page of the shop, as its own scripts do (same origin, JSON). */

async function post(page: Page, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, body },
  );
}

/** Signs the page's browser in (the page must be one of the shop's). */
export async function signIn(page: Page, login: string, password: string): Promise<void> {
  const answer = await post(page, AUTH_PATHS.login, { login, password });
  expect(answer.status, answer.text).toBe(200);
  expect(sessionAnswerSchema.parse(JSON.parse(answer.text)).session.signedIn).toBe(true);
}

/** Random Cyrillic letters: names the user service takes, unique to a run. */
export function uniqueName(prefix: string): string {
  const letters = 'абвгдежзиклмнопрстуфхцчшщэюя';
  const tail = Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
  return `${prefix}${tail}`;
}

/** Registers an account of the test's own (sandbox SMS code) and leaves the browser signed in with it. */
export async function registerFresh(page: Page, password: string): Promise<string> {
  const phone = `38093${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const sent = await post(page, AUTH_PATHS.register, {
    phone,
    firstName: 'Тестовий',
    pregnancyDueDate: null,
    securityToken: SANDBOX_SECURITY_TOKEN,
    club: false,
    checkout: false,
  });
  expect(sent.status, sent.text).toBe(200);
  const outbox = sandboxOutboxSchema.parse(
    await (await page.request.get(`/svc/user/sandbox/sms?phone=${phone}`)).json(),
  );
  const code = /\b(\d{6})\b/.exec(outbox.items[0]?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  const confirmed = await post(page, AUTH_PATHS.registerConfirm, { phone, code });
  expect(confirmed.status, confirmed.text).toBe(200);
  const set = await post(page, AUTH_PATHS.password, { password });
  expect(set.status, set.text).toBe(200);
  return phone;
}
