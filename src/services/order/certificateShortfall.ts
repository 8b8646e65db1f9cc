import type { Locale } from '../../api/schemas/common.ts';
import type { OrderCertificate } from '../../api/schemas/order.ts';
import { formatHryvnias } from './basketMessages.ts';
import type { BasketRepository } from './basketRepository.ts';
import { orderMessages } from './orderMessages.ts';
import type { FieldProblem } from './orderProblem.ts';

/**
 * Certificates spent from since the basket showed them (issue 23: "the basket showed 500, the
 * order took 250"). An order's certificate says what the check showed it paying (`amount`); when
 * less than that is left on it now, the order is refused naming it, never applied in part without
 * a word. Read in the placing transaction, where the balance cannot change before it is spent.
 */

const kopecks = (hryvnias: number): number => Math.round(hryvnias * 100);

/** `250` or `250,50`: what is left, never rounded up to more than there is. */
function formatLeft(hryvnias: number): string {
  const whole = Math.floor(hryvnias);
  const rest = kopecks(hryvnias) - whole * 100;
  return rest === 0 ? formatHryvnias(whole) : `${formatHryvnias(whole)},${String(rest).padStart(2, '0')}`;
}

/**
 * The certificates (type 1 with `amount`) that have less left than `amount`, each named on
 * `certificates.N.key`. One unknown, used up or expired is not named here: the basket's own answer
 * refuses it (orderPlacement.ts basketProblems).
 */
export function certificateShortfalls(
  certificates: readonly OrderCertificate[],
  repository: Pick<BasketRepository, 'certificate'>,
  locale: Locale,
): FieldProblem[] {
  const t = orderMessages(locale);
  return certificates.flatMap((entered, index): FieldProblem[] => {
    if (entered.type !== 1 || entered.amount === undefined) return [];
    const certificate = repository.certificate(entered.key.trim());
    if (!certificate || certificate.balance <= 0) return [];
    if (kopecks(certificate.balance) >= kopecks(entered.amount)) return [];
    return [{ field: `certificates.${index}.key`, message: t.certificateSpent(formatLeft(certificate.balance)) }];
  });
}
