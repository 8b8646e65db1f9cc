import type { TFunction } from 'i18next';
import { report } from '../../log/report.ts';
import { isApiError } from '../../api/apiError.ts';
import type { HttpClient } from '../../api/http.ts';
import { USER_ERROR } from '../../api/schemas/user.ts';
import { confirmEmail, userErrorOf } from '../../api/user.ts';

/**
 * The e-mail confirmation link (spec accounts §2, §7, §8): `/email-confirm/{token}` asks the user
 * service and says what happened, then the page goes on to the main page. The call needs no
 * session, so the page reads none; it is personal all the same (never cached, never indexed).
 */

export interface EmailConfirmation {
  outcome: 'confirmed' | 'unknownToken' | 'failed';
  /** The notification: the spec's words in the page's language. */
  message: string;
  status: 200 | 404 | 503;
}

/** Tokens are URL-safe and short; anything else cannot be one (and is not sent on). */
const TOKEN = /^[A-Za-z0-9_-]{1,200}$/;

export async function confirmEmailLink(
  api: HttpClient,
  token: string | undefined,
  t: TFunction,
): Promise<EmailConfirmation> {
  const unknown: EmailConfirmation = {
    outcome: 'unknownToken',
    message: t('authErrors.emailTokenUnknown'),
    status: 404,
  };
  if (token === undefined || !TOKEN.test(token)) return unknown;
  try {
    await confirmEmail(api, token);
    return { outcome: 'confirmed', message: t('authErrors.emailConfirmed'), status: 200 };
  } catch (error) {
    if (userErrorOf(error)?.code === USER_ERROR.emailTokenUnknown) return unknown;
    // Spec §8: "Any other email confirmation error: 'Ошибка подтверждения email'" (an outage too).
    if (isApiError(error)) report(error, { failure: 'email confirmation' });
    if (isApiError(error)) return { outcome: 'failed', message: t('authErrors.emailConfirmFailed'), status: 503 };
    throw error;
  }
}
