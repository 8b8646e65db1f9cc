import { z } from 'zod';
import { oauthProviderSchema } from '../../api/schemas/user.ts';
import { AUTH_PATHS, type SocialPending } from '../../api/schemas/session.ts';
import { getUserConfig, socialSignIn } from '../../api/user.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer, type Outcome, redirectTo } from '../endpoints/outcomes.ts';
import { siteOrigin } from '../request/siteOrigin.ts';
import type { AuthContext } from './authContext.ts';
import { keepSocialPending, socialPending } from './pendingSteps.ts';
import { keepSocialState, takeSocialState } from './socialStateCookie.ts';
import { signIn } from './shopperTokens.ts';
import { claimPhoneOrders } from './orderClaim.ts';

/**
 * Social sign-in (spec §4): the provider's page (the user service's `oauthLinks`; a sandbox page
 * in the embedded service) comes back with a code and our `state`; 200 signs the shopper in, 206
 * keeps what the provider told in the session and sends the shopper back with `#social`, where
 * the modal asks for the phone. Until the provider sends the shopper back nothing is stored: the
 * `state` waits in a signed cookie (socialStateCookie.ts), so starting a sign-in creates no session.
 */

/**
 * A path of this shop to come back to, or '/': never another site (`//evil`, `/\evil`, a scheme),
 * never a fragment (ours is added).
 */
export function safeReturnPath(raw: string | null): string {
  if (raw === null || raw.length > 2000 || !raw.startsWith('/') || /^\/[/\\]/.test(raw)) return '/';
  if (/[\u0000-\u001f\u007f]/.test(raw)) return '/';
  const path = raw.split('#')[0] ?? '/';
  return path === '' ? '/' : path;
}

const redirect = (location: string) => redirectTo(location, 302);

/** The hash the modal opens on after a social sign-in that did not finish (the login tab). */
const RETRY_HASH = '#login';

/** `GET /api/auth/social/{provider}?returnTo=` → 302 to the provider's sign-in page (an unknown provider: 404). */
export const socialStartFlow = defineEndpoint({
  who: 'anyone',
  params: z.object({ provider: oauthProviderSchema }),
  async handle({ ctx, params: { provider } }) {
    const returnTo = safeReturnPath(ctx.url.searchParams.get('returnTo'));
    let link: string | undefined;
    try {
      const config = await getUserConfig(ctx.clients.anonymous);
      link = config.oauthLinks.find((l) => l.provider === provider)?.url;
    } catch {
      // The provider's address is unknown while the user service is away: back to the modal.
      return redirect(`${returnTo}${RETRY_HASH}`);
    }
    if (!link) return redirect(`${returnTo}${RETRY_HASH}`);
    const state = crypto.randomUUID();
    keepSocialState(ctx, 'signIn', { state, provider, returnTo });
    const target = new URL(link, siteOrigin(ctx.url));
    const callback = new URL(AUTH_PATHS.socialCallback, siteOrigin(ctx.url));
    callback.searchParams.set('provider', provider);
    target.searchParams.set('state', state);
    target.searchParams.set('redirect_uri', callback.href);
    return redirect(target.href);
  },
});

/** `GET /api/auth/social/callback?provider&code&state` → 302 back (signed in, or `#social`). */
export const socialCallbackFlow = defineEndpoint({ who: 'anyone', handle: ({ ctx }) => socialCallback(ctx) });

async function socialCallback(ctx: AuthContext): Promise<Outcome> {
  const query = ctx.url.searchParams;
  const started = takeSocialState(ctx, 'signIn');
  if (!started) return redirect(`/${RETRY_HASH}`);
  // Checked when the sign-in started and signed since; checked again all the same, as it is a redirect.
  const returnTo = safeReturnPath(started.returnTo);
  const code = query.get('code') ?? '';
  // The state proves the sign-in started here, in this browser (no login CSRF); one use only.
  if (
    query.get('state') !== started.state ||
    query.get('provider') !== started.provider ||
    code === '' ||
    code.length > 512
  ) {
    return redirect(`${returnTo}${RETRY_HASH}`);
  }
  try {
    const provided = await socialSignIn(ctx.clients.anonymous, { provider: started.provider, code });
    if (provided.kind === 'signedIn') {
      await signIn(ctx, { ...provided.login, customerId: provided.login.profile.id });
      await claimPhoneOrders(ctx);
      return redirect(returnTo);
    }
    keepSocialPending(ctx, provided.data);
    return redirect(`${returnTo}#social`);
  } catch {
    return redirect(`${returnTo}${RETRY_HASH}`);
  }
}

/** `GET /api/auth/social/pending`: what the provider told, to prefill the completion form. */
export const socialPendingFlow = defineEndpoint({
  who: 'anyone',
  async handle({ ctx }) {
    const data = await socialPending(ctx);
    const body: SocialPending = {
      pending: data ? { provider: data.provider, name: data.name, email: data.email } : null,
    };
    return answer(body);
  },
});
