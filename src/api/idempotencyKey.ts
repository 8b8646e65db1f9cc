/**
 * The `Idempotency-Key` an order or a certificate purchase is sent with (DESIGN §7: one order per
 * intent): 16–128 of A–Z a–z 0–9 _ . : - (a UUID fits). Part of the contract, kept free of zod so
 * the checkout island can check a stored key without loading the schemas.
 */
const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{16,128}$/;

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}
