import { log } from '../../../log/log.ts';
import { z } from 'zod';
import type { OauthProvider, SocialData } from '../../../api/schemas/user.ts';
import type { OauthProviderConfig } from '../../outside/outsideWorld.ts';
import { callOutside, jsonOf, OutsideUnavailable } from './outsideCall.ts';

/**
 * Which of the storefront's round trips a code comes back from: a sign-in (the auth modal) or a
 * connection in the account. Each has its own callback, so its own `redirect_uri`.
 */
export type SocialFlow = 'signIn' | 'connect';

/** A social sign-in provider; the sandbox one (sandbox/oauthProvider.ts) and a real OAuth 2.0 client both are one. */
export interface SocialProvider {
  /**
   * The provider's sign-in page that `/public/config` links to; the storefront adds `state` and
   * `redirect_uri`. `serviceBase` is where a browser reaches this service's own pages (the sandbox's).
   */
  link(serviceBase: string): string;
  /**
   * The provider's account behind a sign-in code, or null when the provider does not vouch for the
   * code (unknown, used, expired, another client's); OutsideUnavailable when it cannot answer now.
   */
  exchange(code: string, flow: SocialFlow): Promise<SocialData | null>;
}

/** What each provider is asked for: who the person is, the name and the e-mail address. */
const SCOPES: Readonly<Record<OauthProvider, string>> = {
  google: 'openid email profile',
  facebook: 'email,public_profile',
};

/** RFC 6749 §5.1: the token endpoint's answer (only the access token is used). */
const tokenSchema = z.object({ access_token: z.string().min(1).max(4096) });
/** RFC 6749 §5.2 `error` (Facebook nests an object there): logged to tell a bad code from a bad client. */
const tokenErrorSchema = z.object({ error: z.union([z.string(), z.object({ type: z.string() })]) });

const idSchema = z.string().min(1).max(200);
const optionalText = z.string().max(320).optional();
/** Google's OpenID Connect userinfo: `sub` is the account's lasting id. */
const googleUserSchema = z.object({ sub: idSchema, name: optionalText, email: optionalText });
/** Facebook's Graph `/me?fields=id,name,email` (the e-mail is absent when the person did not share it). */
const facebookUserSchema = z.object({ id: idSchema, name: optionalText, email: optionalText });

function accountOf(provider: OauthProvider, body: unknown): SocialData | null {
  const parsed = provider === 'google' ? googleUserSchema.safeParse(body) : facebookUserSchema.safeParse(body);
  if (!parsed.success) return null;
  const oauthId = 'sub' in parsed.data ? parsed.data.sub : parsed.data.id;
  return { provider, oauthId, name: parsed.data.name ?? '', email: parsed.data.email ?? '' };
}

/**
 * A real provider, OAuth 2.0's authorization-code flow. The link is `authorizeUrl` with `client_id`,
 * `response_type=code` and `scope`. The exchange form-POSTs `client_id`, `client_secret`, `code`,
 * `grant_type=authorization_code` and `redirect_uri` (the storefront's callback of the flow, which
 * must be the one the browser was sent with) to `tokenUrl`, then GETs `userInfoUrl` with the access token as
 * bearer. A 4xx of the token endpoint is a code the provider does not vouch for (null, logged with
 * the provider's error name, so a wrong client secret shows); anything else that is not a clear
 * answer is OutsideUnavailable.
 */
export function createOauthClient(
  provider: OauthProvider,
  config: OauthProviderConfig,
  redirectUris: Readonly<Record<SocialFlow, string>>,
  timeoutMs: number,
): SocialProvider {
  const what = `the ${provider} sign-in`;
  return {
    link() {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set('client_id', config.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', SCOPES[provider]);
      return url.toString();
    },
    async exchange(code, flow) {
      const form = new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        code,
        grant_type: 'authorization_code',
        redirect_uri: redirectUris[flow],
      });
      const tokenAnswer = await callOutside(
        'social',
        `${what}'s token endpoint`,
        config.tokenUrl,
        { method: 'POST', headers: { accept: 'application/json' }, body: form },
        timeoutMs,
      );
      if (tokenAnswer.status >= 400 && tokenAnswer.status < 500) {
        const refusal = tokenErrorSchema.safeParse(jsonOf(tokenAnswer.text));
        const name = !refusal.success ? 'no error name' : JSON.stringify(refusal.data.error);
        log.error(`[user] ${what}'s token endpoint refused a code: ${tokenAnswer.status} ${name}`);
        return null;
      }
      const token = tokenSchema.safeParse(jsonOf(tokenAnswer.text));
      if (!tokenAnswer.ok || !token.success) {
        throw new OutsideUnavailable(
          'social',
          `${what}'s token endpoint answered ${tokenAnswer.status} without a token`,
        );
      }
      const userAnswer = await callOutside(
        'social',
        `${what}'s userinfo endpoint`,
        config.userInfoUrl,
        { headers: { accept: 'application/json', authorization: `Bearer ${token.data.access_token}` } },
        timeoutMs,
      );
      const account = userAnswer.ok ? accountOf(provider, jsonOf(userAnswer.text)) : null;
      if (!account) {
        throw new OutsideUnavailable(
          'social',
          `${what}'s userinfo endpoint answered ${userAnswer.status} without an account id`,
        );
      }
      return account;
    },
  };
}
