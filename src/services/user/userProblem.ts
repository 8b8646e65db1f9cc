import type { Context } from 'hono';
import type { z } from 'zod';
import { issueFields } from '../../api/apiError.ts';
import { FieldedProblem } from '../http/fieldProblem.ts';
import type { FieldProblem } from '../http/fieldProblem.ts';
import { USER_ERROR } from '../../api/schemas/user.ts';
import type { UserError } from '../../api/schemas/user.ts';

/**
 * Why the user service refuses a request, in the contract's `userErrorSchema` shape: a code (spec §8
 * / USER_ERROR), a message, and the fields it concerns. Thrown by the handlers and answered by
 * `answerUserProblem`; thrown inside a transaction it rolls the transaction back too.
 */
export class UserProblem extends FieldedProblem {
  override readonly name = 'UserProblem';
}

/**
 * The messages of the refusals (Russian, the shop's default language). Spec §8 gives the text of
 * 1102, 1105, 1305 and 1501 and they are used exactly as written (1305's «на» included); the others
 * are ours, worded as the shop's forms word theirs.
 */
export const MESSAGES = {
  invalid: 'Проверьте правильность заполнения полей',
  alreadyRegistered: 'Пользователь с таким номером телефона уже зарегистрирован',
  registrationLimit: 'Превышен лимит попыток регистрации.',
  notRegistered: 'Пользователь с таким номером телефона не зарегистрирован',
  wrongCredentials: 'Неверный номер телефона или пароль',
  wrongPassword: 'Неверный пароль',
  phoneTaken:
    'Мы нашли пользователя с таким телефоном среди наших клиентов. Это Вы? Тогда войдите на сайт с помощью номера телефона и пароля и привяжите социальную сеть в личном кабинете.',
  hourlyLimit: 'Превышен лимит запросов за час. Попробуйте позже.',
  minuteLimit: (seconds: number) => `Новый код можно запросить через ${seconds} с.`,
  requestLimit: 'Превышен лимит запросов. Попробуйте позже.',
  loginLimit: 'Слишком много попыток входа. Попробуйте позже или восстановите пароль.',
  wrongCode: 'Неверный код подтверждения',
  codeExhausted: 'Превышено количество попыток ввода кода. Запросите новый код.',
  codeMissing: 'Код устарел или не запрашивался. Запросите новый код.',
  passwordTokenUnknown: 'Срок действия ссылки для смены пароля истёк. Запросите код ещё раз.',
  passwordNotSet: 'Пароль не установлен. Воспользуйтесь восстановлением пароля.',
  phoneNotConfirmed: 'Номер телефона не подтверждён. Завершите регистрацию на вкладке «Регистрация».',
  securityCheck: 'Не пройдена проверка безопасности. Попробуйте обновить страницу',
  emailTokenUnknown: 'Токен на найден, либо его время жизни истекло',
  noPendingEmail: 'Нет адреса, ожидающего подтверждения',
  unauthorized: 'Требуется вход в личный кабинет',
  socialCodeUnknown: 'Ошибка авторизации: код входа недействителен или устарел. Попробуйте ещё раз.',
  socialUnknown: 'Ошибка авторизации: войдите через социальную сеть ещё раз.',
  socialTaken: 'Этот аккаунт социальной сети уже привязан к другому пользователю',
  tooMany: (what: string, max: number) => `Можно сохранить не более ${max} ${what}`,
  serviceToken: 'Этот вызов доступен только сервисам магазина',
  bonusNotMember: 'Бонусами могут платить только участники бонусной программы',
  bonusShort: (active: number) => `Недостаточно бонусов: доступно ${Math.floor(active)} грн`,
  bonusOrderTaken: 'Этот заказ уже оплачен бонусами на другую сумму или бонусы за него возвращены',
  smsUnavailable: 'Не удалось отправить SMS с кодом. Попробуйте ещё раз немного позже.',
  emailUnavailable: 'Не удалось отправить письмо. Попробуйте ещё раз немного позже.',
  cityUnknown: 'Населённый пункт не найден',
  deliveryUnavailable:
    'Не удалось найти населённый пункт: служба доставки не отвечает. Попробуйте ещё раз немного позже.',
  socialUnavailable:
    'Ошибка авторизации: социальная сеть сейчас не отвечает. Попробуйте позже или войдите по номеру телефона.',
} as const;

/** A 400 naming each field the caller must fix. */
export function invalidFields(fields: readonly FieldProblem[]): UserProblem {
  return new UserProblem(400, 400, MESSAGES.invalid, fields);
}

/** The id of a row that is not the shopper's (or does not exist): the same 404 either way. */
export function notFound(what: string): UserProblem {
  return new UserProblem(404, USER_ERROR.notFound, `${what} не найден`);
}

export function unauthorized(): UserProblem {
  return new UserProblem(401, USER_ERROR.unauthorized, MESSAGES.unauthorized);
}

/** Parses `input` with `schema`, or throws a 400 naming every bad field. */
export function parseFields<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw invalidFields(issueFields(result.error.issues));
  return result.data;
}

/** The problem as the contract's error body (with Retry-After on a 429). */
export function answerUserProblem(c: Context, problem: UserProblem): Response {
  const body: UserError = { code: problem.code, message: problem.message, fields: [...problem.fields] };
  if (problem.retryAfter !== null) c.header('Retry-After', String(problem.retryAfter));
  if (problem.status === 401) c.header('WWW-Authenticate', 'Bearer realm="user"');
  return c.json(body, problem.status);
}
