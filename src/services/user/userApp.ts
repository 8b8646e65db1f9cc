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
import { mountMessageRoutes } from './messageRoutes.ts';
import { mountOrderPhoneRoutes } from './orderPhoneRoutes.ts';
import { mountSocialRoutes } from './socialRoutes.ts';
import { createCodeHasher } from './secrets.ts';
import { createSocialAccounts } from './socialAccounts.ts';
import { createTokens } from './tokens.ts';
import type { SettlementByRef, UserDeps } from './userDeps.ts';
import { SANDBOX_WORLD } from '../outside/outsideWorld.ts';
import type { OutsideWorld } from '../outside/outsideWorld.ts';
import { OUTSIDE_TIMEOUT_MS } from './outside/outsideCall.ts';
import { connectUserOutside } from './outside/userOutside.ts';
import { createUserRepository } from './userRepository.ts';
import { createWishListRepository } from './wishListRepository.ts';
import { mountWishListRoutes } from './wishListRoutes.ts';

export interface UserAppOptions {
  /** The service's clock (tests move it to expire codes and tokens); the system clock by default. */
  now?: Clock | undefined;
  /** The one-time codes' HMAC key; unset, a random one is made and kept in the database. */
  secret?: string | undefined;
  /**
   * The shop's public origin (SITE_URL) for the links e-mails carry and the redirect_uri of a real
   * social provider's code exchange; unset, links are paths of the shop's origin, and a real social
   * provider cannot be used (createUserApp refuses to start with one).
   */
  shopUrl?: string | undefined;
  /** Multiplies the per-address limits (rateLimits.ts); 1 by default. */
  addressLimitFactor?: number | undefined;
  /**
   * The token the order service sends with its internal calls (bonus payments of orders,
   * bonusRoutes.ts); unset, every internal call is refused.
   */
  serviceToken?: string | undefined;
  /**
   * The SMS gateway, mailer, bot check and social providers, or their sandboxes
   * (src/services/outside/outsideWorld.ts); every channel is its sandbox by default.
   */
  outside?: OutsideWorld | undefined;
  /** Each outside call's budget (tests shorten it); OUTSIDE_TIMEOUT_MS by default. */
  outsideTimeoutMs?: number | undefined;
  /** Where a location without `cityId` finds its settlement (UserDeps.settlementByRef). */
  settlementByRef?: SettlementByRef | undefined;
}

/** Every request body is a handful of fields; anything far bigger is not a form. */
const BODY_BYTES = 16 * 1024;

/**
 * The user service (accounts spec §7 "User service"): registration and sign-in by phone with SMS
 * codes, password recovery, rotating tokens, the profile, saved locations, children, social logins,
 * the bonus programme, wish lists. SMS, e-mail, the bot check and social sign-in go to the adapters
 * `options.outside` configures, or to their sandbox stand-ins where sandboxes are allowed
 * (outside/userOutside.ts); a real production has no sandbox route and no dummy token.
 */
export function createUserApp(db: DatabaseSync, options: UserAppOptions = {}): Hono {
  const app = createServiceApp('user');
  const clock = options.now ?? (() => new Date());
  const outbox = createSandboxOutbox(db, clock);
  const sandboxOauth = createSandboxOauth(db, clock);
  const outside = connectUserOutside(
    options.outside ?? SANDBOX_WORLD,
    { outbox, oauth: sandboxOauth },
    { shopUrl: options.shopUrl, timeoutMs: options.outsideTimeoutMs ?? OUTSIDE_TIMEOUT_MS },
  );
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
    sms: outside.sms,
    botCheck: outside.botCheck,
    emails: createEmailConfirmation(db, clock, outside.mailer, options.shopUrl),
    social: createSocialAccounts(db, clock, users, outside.socialProviders),
    socialProviders: outside.socialProviders,
    serviceToken: options.serviceToken,
    settlementByRef: options.settlementByRef,
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
  mountOrderPhoneRoutes(app, deps);
  mountSocialRoutes(app, deps);
  mountWishListRoutes(app, deps);
  mountMessageRoutes(app, { sms: outside.sms, mailer: outside.mailer, serviceToken: options.serviceToken });
  mountSandboxRoutes(app, outbox, sandboxOauth, outside.sandboxPages);
  return app;
}
