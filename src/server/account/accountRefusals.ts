import { isApiError } from '../../api/apiError.ts';
import { USER_ERROR } from '../../api/schemas/user.ts';
import { userErrorOf } from '../../api/user.ts';
import { fieldMessage, type MessageLanguage } from '../endpoints/fieldMessages.ts';
import { refused, type Refused } from '../endpoints/outcomes.ts';

/**
 * How a refused user-service call of an account action becomes the shopper's refusal: the problem
 * on the field it concerns, in the page's language, with the spec's own texts (§5) as written.
 */

/**
 * The refusal of a failed user-service call; null when `error` is no service failure (a bug: the
 * 500 page). An outage is a 503 with our message and never signs anyone out; a 401 the refresh
 * could not cure never gets here (the definition signs the shopper out: defineEndpoint.ts).
 */
export function accountServiceRefusal(error: unknown, language: MessageLanguage): Refused | null {
  const { t } = language;
  if (!isApiError(error)) return null;
  if (error.kind !== 'http' || error.status >= 500) return refused(503, t('accountErrors.unavailable'));
  if (error.status === 429) return refused(429, t('accountErrors.tooOften'));
  // Another shopper's id, or one that is gone: the same answer (the service does not tell them apart).
  if (error.status === 404) return refused(404, t('accountErrors.notFound'));
  const service = userErrorOf(error);
  if (service?.code === USER_ERROR.wrongCredentials) {
    return refused(400, t('accountErrors.wrongPassword'), { password: t('accountErrors.wrongPassword') });
  }
  if (service?.code === USER_ERROR.passwordNotSet) {
    return refused(400, t('accountErrors.passwordNotSet'), { password: t('accountErrors.passwordNotSet') });
  }
  if (error.status === 409 || service?.code === USER_ERROR.phoneTaken) {
    return refused(409, t('accountErrors.socialTaken'));
  }
  const fields: Record<string, string> = {};
  for (const problem of service?.fields ?? []) {
    // `body` is the service's limit of locations or children: the form's message, not a field's.
    if (problem.field !== 'body') fields[problem.field] ??= fieldMessage(problem.message, language);
  }
  const tooMany = service?.fields.some((problem) => problem.field === 'body') ?? false;
  return refused(error.status, t(tooMany ? 'accountErrors.tooMany' : 'accountErrors.check'), fields);
}
