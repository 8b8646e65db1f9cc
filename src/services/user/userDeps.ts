import type { DatabaseSync } from 'node:sqlite';
import type { BonusRepository } from './bonusRepository.ts';
import type { ChildRepository } from './childRepository.ts';
import type { Clock } from './clock.ts';
import type { EmailConfirmation } from './emailConfirmation.ts';
import type { LocationRepository } from './locationRepository.ts';
import type { Otp } from './otp.ts';
import type { RateLimits } from './rateLimits.ts';
import type { Outbox } from './sandbox/outbox.ts';
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
  /** The SMS gateway and the mail server (the sandbox outbox in the embedded service). */
  outbox: Outbox;
  emails: EmailConfirmation;
  social: SocialAccounts;
  /**
   * The token internal calls (`/internal/…`: the order service's bonus payments) must carry in
   * SERVICE_TOKEN_HEADER; undefined: no call is internal.
   */
  serviceToken: string | undefined;
}
