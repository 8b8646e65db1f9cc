import type { DatabaseSync } from 'node:sqlite';
import type { OauthProvider } from '../../api/schemas/user.ts';
import type { BonusRepository } from './bonusRepository.ts';
import type { ChildRepository } from './childRepository.ts';
import type { Clock } from './clock.ts';
import type { EmailConfirmation } from './emailConfirmation.ts';
import type { LocationRepository } from './locationRepository.ts';
import type { Otp } from './otp.ts';
import type { BotCheck } from './outside/captchaVerifier.ts';
import type { SocialProvider } from './outside/oauthClient.ts';
import type { SmsSender } from './outside/smsGateway.ts';
import type { RateLimits } from './rateLimits.ts';
import type { SocialAccounts } from './socialAccounts.ts';
import type { Tokens } from './tokens.ts';
import type { UserRepository } from './userRepository.ts';
import type { WishListRepository } from './wishListRepository.ts';

/** Everything the user service's routes work with, built once by createUserApp. */
export interface UserDeps {
  db: DatabaseSync;
  clock: Clock;
  users: UserRepository;
  locations: LocationRepository;
  children: ChildRepository;
  bonus: BonusRepository;
  wishLists: WishListRepository;
  tokens: Tokens;
  otp: Otp;
  limits: RateLimits;
  /** The SMS gateway, or the sandbox outbox (outside/userOutside.ts). */
  sms: SmsSender;
  /** The registration's bot check: the configured verifier, the sandbox's dummy token, or none passes. */
  botCheck: BotCheck;
  emails: EmailConfirmation;
  social: SocialAccounts;
  /** The providers offered for social sign-in (real or sandbox), for `/public/config`'s links. */
  socialProviders: Partial<Record<OauthProvider, SocialProvider>>;
  /**
   * The token internal calls (`/internal/…`: the order service's bonus payments) must carry in
   * SERVICE_TOKEN_HEADER; undefined: no call is internal.
   */
  serviceToken: string | undefined;
  /**
   * The settlement of a ref, by its name (the delivery service; rejects on its outage): a location
   * sent as the spec writes it, without our `cityId`, is placed with it. Undefined: such a location
   * is refused on `cityId`.
   */
  settlementByRef: SettlementByRef | undefined;
}

export type SettlementByRef = (name: string, ref: string) => Promise<{ id: number } | null>;
