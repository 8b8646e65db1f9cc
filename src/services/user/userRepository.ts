import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import { localeSchema } from '../../api/schemas/common.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { oauthProviderSchema, userSchema } from '../../api/schemas/user.ts';
import type { OauthProvider, profileUpdateRequestSchema, User } from '../../api/schemas/user.ts';
import { bool, num, numOrNull, str, strOrNull } from '../db/rows.ts';
import type { Row } from '../db/rows.ts';
import type { ChildRepository } from './childRepository.ts';
import { isoAt } from './clock.ts';
import type { Clock } from './clock.ts';
import type { LocationRepository } from './locationRepository.ts';

/** What sign-in needs to know of an account. */
export interface Account {
  id: number;
  phone: string;
  firstName: string;
  language: Locale;
  confirmed: boolean;
  passwordHash: string | null;
  email: string;
  pendingEmail: string | null;
}

/** What a registration leaves on the account until its code is confirmed. */
export interface Registration {
  firstName: string;
  language: Locale;
  pendingEmail: string | null;
  pregnancyDueDate: string | null;
  /** The surname of the order whose phone is being confirmed (orderPhoneRoutes.ts); kept otherwise. */
  lastName?: string;
}

export type ProfileFields = z.output<typeof profileUpdateRequestSchema>;

export interface UserRepository {
  findByPhone(phone: string): Account | null;
  findById(id: number): Account | null;
  /** A new account waiting for its code, or an unconfirmed one's registration data replaced. */
  saveRegistration(phone: string, registration: Registration): number;
  confirmPhone(id: number): void;
  setPassword(id: number, passwordHash: string): void;
  updateProfile(id: number, fields: ProfileFields): void;
  setLanguage(id: number, language: Locale): void;
  setPendingEmail(id: number, email: string | null): void;
  /** The confirmed address replaces the old one; the pending one is cleared when it was this one. */
  confirmEmail(id: number, email: string): void;
  findByOauth(provider: OauthProvider, oauthId: string): number | null;
  /** Links the provider's account (replacing the customer's earlier one of that provider). */
  linkOauth(id: number, provider: OauthProvider, oauthId: string): void;
  unlinkOauth(id: number, provider: OauthProvider): void;
  /** The profile as the contract's `userSchema` says it. */
  readUser(id: number): User;
}

export interface UserRepositoryDeps {
  locations: LocationRepository;
  children: ChildRepository;
  isBonusMember(customerId: number): boolean;
}

/** The accounting system's customer reference; the embedded service derives it from the id. */
function customerRef(id: number): string {
  return `BBS-${String(id).padStart(8, '0')}`;
}

export function createUserRepository(db: DatabaseSync, clock: Clock, deps: UserRepositoryDeps): UserRepository {
  const account = `SELECT id, phone, first_name, language, phone_confirmed_at, password_hash, email, pending_email
    FROM customer`;
  const byPhone = db.prepare(`${account} WHERE phone = ?`);
  const byId = db.prepare(`${account} WHERE id = ?`);
  const insert = db.prepare(
    `INSERT INTO customer (phone, first_name, language, pending_email, pregnancy_due_date, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const replaceRegistration = db.prepare(
    `UPDATE customer SET first_name = ?, language = ?, pending_email = ?, pregnancy_due_date = ?, updated_at = ?
     WHERE id = ? AND phone_confirmed_at IS NULL`,
  );
  const confirm = db.prepare('UPDATE customer SET phone_confirmed_at = ?, updated_at = ? WHERE id = ?');
  const password = db.prepare('UPDATE customer SET password_hash = ?, updated_at = ? WHERE id = ?');
  const profile = db.prepare(
    `UPDATE customer SET first_name = ?, last_name = ?, middle_name = ?, gender = ?, birth_date = ?,
       subscribe_sms = ?, subscribe_email = ?, pregnancy_due_date = ?, updated_at = ? WHERE id = ?`,
  );
  const language = db.prepare('UPDATE customer SET language = ?, updated_at = ? WHERE id = ?');
  const pendingEmail = db.prepare('UPDATE customer SET pending_email = ?, updated_at = ? WHERE id = ?');
  const registrationLastName = db.prepare('UPDATE customer SET last_name = ?, updated_at = ? WHERE id = ?');
  const confirmEmail = db.prepare(
    `UPDATE customer SET email = ?, pending_email = CASE WHEN pending_email = ? THEN NULL ELSE pending_email END,
       updated_at = ? WHERE id = ?`,
  );
  const byOauth = db.prepare('SELECT customer_id FROM oauth_link WHERE provider = ? AND oauth_id = ?');
  const unlink = db.prepare('DELETE FROM oauth_link WHERE customer_id = ? AND provider = ?');
  const link = db.prepare('INSERT INTO oauth_link (provider, oauth_id, customer_id, created_at) VALUES (?, ?, ?, ?)');
  const providers = db.prepare('SELECT provider FROM oauth_link WHERE customer_id = ? ORDER BY provider');
  const full = db.prepare(
    `SELECT id, phone, first_name, last_name, middle_name, city, gender, birth_date, subscribe_sms, subscribe_email,
       pregnancy_due_date, email, pending_email, language, subscription_discount, password_hash
     FROM customer WHERE id = ?`,
  );

  function toAccount(r: Row | undefined): Account | null {
    if (!r) return null;
    return {
      id: num(r, 'id'),
      phone: str(r, 'phone'),
      firstName: str(r, 'first_name'),
      language: localeSchema.parse(str(r, 'language')),
      confirmed: strOrNull(r, 'phone_confirmed_at') !== null,
      passwordHash: strOrNull(r, 'password_hash'),
      email: str(r, 'email'),
      pendingEmail: strOrNull(r, 'pending_email'),
    };
  }

  return {
    findByPhone: (phone) => toAccount(byPhone.get(phone)),
    findById: (id) => toAccount(byId.get(id)),
    saveRegistration(phone, r) {
      const existing = byPhone.get(phone);
      const now = isoAt(clock);
      let id: number;
      if (existing) {
        id = num(existing, 'id');
        replaceRegistration.run(r.firstName, r.language, r.pendingEmail, r.pregnancyDueDate, now, id);
      } else {
        const row = insert.get(phone, r.firstName, r.language, r.pendingEmail, r.pregnancyDueDate, now, now);
        if (!row) throw new Error('the account was not created');
        id = num(row, 'id');
      }
      if (r.lastName !== undefined) registrationLastName.run(r.lastName, now, id);
      return id;
    },
    confirmPhone: (id) => void confirm.run(isoAt(clock), isoAt(clock), id),
    setPassword: (id, hash) => void password.run(hash, isoAt(clock), id),
    updateProfile: (id, f) =>
      void profile.run(
        f.firstName,
        f.lastName,
        f.middleName,
        f.gender,
        f.birthDate,
        f.subscribeSms ? 1 : 0,
        f.subscribeEmail ? 1 : 0,
        f.pregnancyDueDate,
        isoAt(clock),
        id,
      ),
    setLanguage: (id, locale) => void language.run(locale, isoAt(clock), id),
    setPendingEmail: (id, email) => void pendingEmail.run(email, isoAt(clock), id),
    confirmEmail: (id, email) => void confirmEmail.run(email, email, isoAt(clock), id),
    findByOauth(provider, oauthId) {
      const row = byOauth.get(provider, oauthId);
      return row ? num(row, 'customer_id') : null;
    },
    linkOauth(id, provider, oauthId) {
      unlink.run(id, provider);
      link.run(provider, oauthId, id, isoAt(clock));
    },
    unlinkOauth: (id, provider) => void unlink.run(id, provider),
    readUser(id) {
      const row = full.get(id);
      if (!row) throw new Error(`customer ${id} does not exist`);
      const locations = deps.locations.list(id);
      const defaultLocation = locations.find((l) => l.isDefault) ?? null;
      return userSchema.parse({
        id: num(row, 'id'),
        phone: str(row, 'phone'),
        firstName: str(row, 'first_name'),
        lastName: str(row, 'last_name'),
        middleName: str(row, 'middle_name'),
        // The profile's own city, else the default location's (spec §3: "defaultLocation (with city)").
        city: str(row, 'city') || (defaultLocation?.city ?? ''),
        gender: numOrNull(row, 'gender'),
        birthDate: strOrNull(row, 'birth_date'),
        subscribeSms: bool(row, 'subscribe_sms'),
        subscribeEmail: bool(row, 'subscribe_email'),
        pregnancyDueDate: strOrNull(row, 'pregnancy_due_date'),
        email: str(row, 'email'),
        pendingEmail: strOrNull(row, 'pending_email'),
        language: str(row, 'language'),
        bonusProgramMember: deps.isBonusMember(id),
        customerRef: customerRef(id),
        hasPassword: strOrNull(row, 'password_hash') !== null,
        defaultLocation,
        locations,
        children: deps.children.list(id),
        oauthProviders: providers.all(id).map((p) => oauthProviderSchema.parse(str(p, 'provider'))),
        subscriptionDiscount: bool(row, 'subscription_discount'),
      });
    },
  };
}
