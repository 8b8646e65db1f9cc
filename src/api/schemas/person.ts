import { z } from 'zod';

/**
 * The fields that name and reach a person, as every service that takes them checks them (orders,
 * certificates, accounts): the companion spec's §5 messages, exactly as written.
 */

/** Companion spec §5 "required" (Ukrainian, without the apostrophe, as written). */
export const REQUIRED_MESSAGE = 'Поле обовязкове до заповнення';
/** Companion spec §5 "email" (Russian, with a Cyrillic «Е», as written). */
export const EMAIL_MESSAGE = "Поле 'Е-mail' должно быть действительным электронным адресом";
/** Spec §5 phone-number rule. */
export const PHONE_MESSAGE = 'Номер телефону має починатись з +380';

/** Spec §5 phone-number: 380 and 12 digits (the services take the digits only). */
export const phoneSchema = z.string().regex(/^380\d{9}$/, PHONE_MESSAGE);

/**
 * A person's name: companion spec §5 "letters and hyphen only, trimmed". Apostrophes and spaces are
 * let through too: Ukrainian names carry them (Мар’яна, Зоряна-Марія Іванів-Лук’янчук), and a
 * service must not refuse a real name a stricter form might have let pass.
 */
export const personNameSchema = z
  .string()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(60)
  // Empty is "required"'s to say, not this rule's.
  .regex(/^(?:\p{L}[\p{L}\p{M}'’ʼ\- ]*)?$/u, 'Допустимы только буквы, дефис и апостроф');

/** An e-mail address, or '' where it may be left out. */
export const optionalEmailSchema = z.union([z.email(EMAIL_MESSAGE), z.literal('')]).default('');

/** An e-mail address that must be given. */
export const emailSchema = z.string().trim().min(1, REQUIRED_MESSAGE).pipe(z.email(EMAIL_MESSAGE));
