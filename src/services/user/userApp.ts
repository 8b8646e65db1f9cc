import type { DatabaseSync } from 'node:sqlite';
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { UserError } from '../../api/schemas/user.ts';
import { createServiceApp } from '../http/serviceApp.ts';
import { mountAuthRoutes } from './authRoutes.ts';
import { createBonusRepository } from './bonusRepository.ts';
import { createChildRepository } from './childRepository.ts';
import type { Clock } from './clock.ts';
import { createEmailConfirmation } from './emailConfirmation.ts';
import { createLocationRepository } from './locationRepository.ts';
import { createOtp } from './otp.ts';
import { createRateLimits } from './rateLimits.ts';
import { createSandboxOauth } from './sandbox/oauthProvider.ts';
import { createSandboxOutbox } from './sandbox/outbox.ts';
import { mountSandboxRoutes } from './sandbox/sandboxRoutes.ts';
import { mountProfileRoutes } from './profileRoutes.ts';
import { mountLocationRoutes } from './locationRoutes.ts';
import { mountBonusRoutes } from './bonusRoutes.ts';
import { mountSocialRoutes } from './socialRoutes.ts';
import { createCodeHasher } from './secrets.ts';
import { createSocialAccounts } from './socialAccounts.ts';
import { createTokens } from './tokens.ts';
import type { UserDeps } from './userDeps.ts';
import { createUserRepository } from './userRepository.ts';
import { createWishListRepository } from './wishListRepository.ts';
import { mountWishListRoutes } from './wishListRoutes.ts';

export interface UserAppOptions {
  /** The service's clock (tests move it to expire codes and tokens); the system clock by default. */
  now?: Clock | undefined;
  /** The one-time codes' HMAC key; unset, a random one is made and kept in the database. */
  secret?: string | undefined;
  /** The storefront's origin for the links e-mails carry; unset, they are paths of the shop's origin. */
  shopUrl?: string | undefined;
  /** Multiplies the per-address limits (rateLimits.ts); 1 by default. */
  addressLimitFactor?: number | undefined;
  /**
   * The token the order service sends with its internal calls (bonus payments of orders,
   * bonusRoutes.ts); unset, every internal call is refused.
   */
  serviceToken?: string | undefined;
}

/** Every request body is a handful of fields; anything far bigger is not a form. */
const BODY_BYTES = 16 * 1024;

/**
 * The user service (accounts spec §7 "User service"): registration and sign-in by phone with SMS
 * codes, password recovery, rotating tokens, the profile, saved locations, children, social logins,
 * the bonus programme, wish lists, and the sandbox stand-ins of the SMS gateway, the mail server, the bot check
 * and the social providers (this is the embedded reference service: a real deployment replaces the
 * whole service by its USER_API_URL, so the stand-ins are always on here).
 */
export function createUserApp(db: DatabaseSync, options: UserAppOptions = {}): Hono {
  const app = createServiceApp('user');
  const clock = options.now ?? (() => new Date());
  const outbox = createSandboxOutbox(db, clock);
  const sandboxOauth = createSandboxOauth(db, clock);
  const locations = createLocationRepository(db, clock);
  const children = createChildRepository(db);
  const bonus = createBonusRepository(db, clock);
  const users = createUserRepository(db, clock, {
    locations,
    children,
    isBonusMember: (customerId) => bonus.isMember(customerId),
  });
  const deps: UserDeps = {
    db,
    clock,
    users,
    locations,
    children,
    bonus,
    wishLists: createWishListRepository(db, clock),
    tokens: createTokens(db, clock),
    otp: createOtp(db, createCodeHasher(db, options.secret), clock),
    limits: createRateLimits(db, clock, options.addressLimitFactor),
    outbox,
    emails: createEmailConfirmation(db, clock, outbox, options.shopUrl),
    social: createSocialAccounts(db, clock, users, (provider, code) => sandboxOauth.exchange(provider, code)),
    serviceToken: options.serviceToken,
  };

  app.use(
    '*',
    bodyLimit({
      maxSize: BODY_BYTES,
      onError: (c) => {
        const body: UserError = { code: 413, message: `Тело запроса больше ${BODY_BYTES} байт`, fields: [] };
        return c.json(body, 413);
      },
    }),
  );
  mountAuthRoutes(app, deps);
  mountProfileRoutes(app, deps);
  mountLocationRoutes(app, deps);
  mountBonusRoutes(app, deps);
  mountSocialRoutes(app, deps);
  mountWishListRoutes(app, deps);
  mountSandboxRoutes(app, outbox, sandboxOauth);
  return app;
}
