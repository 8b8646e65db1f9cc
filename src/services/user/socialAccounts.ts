import type { DatabaseSync } from 'node:sqlite';
import type { OauthProvider, SocialData } from '../../api/schemas/user.ts';
import { str } from '../db/rows.ts';
import { isoAt } from './clock.ts';
import type { Clock } from './clock.ts';
import type { SocialFlow, SocialProvider } from './outside/oauthClient.ts';
import type { UserRepository } from './userRepository.ts';
import { MESSAGES, UserProblem } from './userProblem.ts';

/**
 * Social sign-in (spec §4 "Social login"): a provider's code is exchanged for the provider's account
 * (with the provider's OAuth client, or the sandbox provider: outside/userOutside.ts); a linked account signs in (200), an unknown
 * one is remembered for a while (206) so that `POST /public/register/phone-oauth` can link only an
 * account the provider really vouched for.
 */
export interface SocialAccounts {
  /**
   * The provider's account behind a sign-in code (spent) that came back from `flow`'s callback, or
   * null when the code is unknown or old or the provider is not offered; OutsideUnavailable when the
   * provider cannot answer now.
   */
  exchange(provider: OauthProvider, code: string, flow: SocialFlow): Promise<SocialData | null>;
  /** Remembers what the provider told of a shopper with no account yet (a 206). */
  rememberPending(data: SocialData): void;
  /** Whether the provider vouched for this account within the last PENDING_SECONDS. */
  isPending(provider: OauthProvider, oauthId: string): boolean;
  /** Links the provider's account to the customer; 409 when another customer has it. */
  link(customerId: number, provider: OauthProvider, oauthId: string): void;
}

/** How long a 206's social data may finish a registration. */
const PENDING_SECONDS = 3600;

export function createSocialAccounts(
  db: DatabaseSync,
  clock: Clock,
  users: UserRepository,
  providers: Partial<Record<OauthProvider, SocialProvider>>,
): SocialAccounts {
  const remember = db.prepare(
    `INSERT INTO social_pending (provider, oauth_id, name, email, expires_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (provider, oauth_id) DO UPDATE SET name = excluded.name, email = excluded.email,
       expires_at = excluded.expires_at`,
  );
  const prune = db.prepare('DELETE FROM social_pending WHERE expires_at <= ?');
  const pending = db.prepare('SELECT expires_at FROM social_pending WHERE provider = ? AND oauth_id = ?');
  return {
    async exchange(provider, code, flow) {
      const source = providers[provider];
      if (!source) return null;
      const account = await source.exchange(code, flow);
      // Whatever a provider answers, the account is its own: never another provider's id.
      return account && account.provider === provider ? account : null;
    },
    rememberPending(data) {
      prune.run(isoAt(clock));
      remember.run(data.provider, data.oauthId, data.name, data.email, isoAt(clock, PENDING_SECONDS));
    },
    isPending(provider, oauthId) {
      const row = pending.get(provider, oauthId);
      return row !== undefined && str(row, 'expires_at') > isoAt(clock);
    },
    link(customerId, provider, oauthId) {
      const owner = users.findByOauth(provider, oauthId);
      if (owner !== null && owner !== customerId) {
        throw new UserProblem(409, 409, MESSAGES.socialTaken, [{ field: 'provider', message: MESSAGES.socialTaken }]);
      }
      if (owner === null) users.linkOauth(customerId, provider, oauthId);
    },
  };
}
