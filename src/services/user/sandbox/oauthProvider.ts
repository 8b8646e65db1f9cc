import { randomBytes, randomInt } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { socialDataSchema } from '../../../api/schemas/user.ts';
import type { OauthProvider, SocialData } from '../../../api/schemas/user.ts';
import { str } from '../../db/rows.ts';
import { isoAt } from '../clock.ts';
import type { Clock } from '../clock.ts';
import type { SocialProvider } from '../outside/oauthClient.ts';
import { newToken, tokenHash } from '../secrets.ts';

/**
 * SANDBOX stand-in for the social providers (Google, Facebook): its page (sandboxRoutes.ts) hands out
 * sign-in codes as a provider's consent screen would, and `exchange` plays the provider's token
 * endpoint. "Known user" is the demo shopper's linked account (seeded: SANDBOX_KNOWN_OAUTH_ID), so
 * its code signs in (200); "new user" is a made-up person with no account (206).
 */

/** The provider account id the seeded demo shopper has linked for each provider. */
export function sandboxKnownOauthId(provider: OauthProvider): string {
  return `sandbox-${provider}-demo-shopper`;
}

export type SandboxPersona = 'known' | 'new';

/** A code lives as long as a real provider's (a few minutes) and is spent by its first exchange. */
const CODE_SECONDS = 600;

const NEW_NAMES = ['Олена Коваль', 'Андрій Мельник', 'Ірина Бондар', 'Марія Шевчук', 'Дмитро Ткаченко'] as const;
const LATIN = ['olena.koval', 'andrii.melnyk', 'iryna.bondar', 'mariia.shevchuk', 'dmytro.tkachenko'] as const;

export interface SandboxOauth {
  issueCode(provider: OauthProvider, persona: SandboxPersona): string;
  exchange(provider: OauthProvider, code: string): SocialData | null;
}

export function createSandboxOauth(db: DatabaseSync, clock: Clock): SandboxOauth {
  const insert = db.prepare(
    'INSERT INTO sandbox_oauth_code (code_hash, provider, oauth_id, name, email, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const spend = db.prepare(
    `UPDATE sandbox_oauth_code SET used_at = ? WHERE code_hash = ? AND provider = ? AND used_at IS NULL
       AND expires_at > ? RETURNING provider, oauth_id, name, email`,
  );
  return {
    issueCode(provider, persona) {
      const code = newToken();
      const pick = randomInt(NEW_NAMES.length);
      const person =
        persona === 'known'
          ? { oauthId: sandboxKnownOauthId(provider), name: 'Демо Покупатель', email: 'demo@example.com' }
          : {
              oauthId: `sandbox-${provider}-${randomBytes(8).toString('hex')}`,
              name: NEW_NAMES[pick] ?? NEW_NAMES[0],
              email: `${LATIN[pick] ?? LATIN[0]}.${randomInt(1000, 10000)}@example.com`,
            };
      insert.run(tokenHash(code), provider, person.oauthId, person.name, person.email, isoAt(clock, CODE_SECONDS));
      return code;
    },
    exchange(provider, code) {
      const row = spend.get(isoAt(clock), tokenHash(code), provider, isoAt(clock));
      if (!row) return null;
      return socialDataSchema.parse({
        provider: str(row, 'provider'),
        oauthId: str(row, 'oauth_id'),
        name: str(row, 'name'),
        email: str(row, 'email'),
      });
    },
  };
}

/** The sandbox as `provider`: its page under the service (sandboxRoutes.ts) and its codes. */
export function sandboxSocialProvider(oauth: SandboxOauth, provider: OauthProvider): SocialProvider {
  return {
    link: (serviceBase) => `${serviceBase}/sandbox/oauth/authorize?provider=${provider}`,
    exchange: (code) => Promise.resolve(oauth.exchange(provider, code)),
  };
}
