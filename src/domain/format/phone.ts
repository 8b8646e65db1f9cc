/** Phone display format from spec §9: `+XX (XXX) XXX-XX-XX`. */

/**
 * Formats a 12-digit phone number, ignoring any non-digits in the input:
 * '+380 67 123 45 67' -> '+38 (067) 123-45-67'. Input with any other digit count is returned
 * unchanged, so a partial or foreign number is shown as the user typed it rather than mangled.
 */
export function formatPhone(raw: string): string {
  const digits = raw.replace(/\D/g, '');
  if (digits.length !== 12) return raw;
  return `+${digits.slice(0, 2)} (${digits.slice(2, 5)}) ${digits.slice(5, 8)}-${digits.slice(8, 10)}-${digits.slice(10, 12)}`;
}
