import { ACCOUNT_PATHS, providerBodySchema } from '../../api/schemas/account.ts';
import { oauthProviderSchema } from '../../api/schemas/user.ts';
import { connectSocial, disconnectSocial, getUserConfig } from '../../api/user.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import { plainFromForm } from '../../domain/account/accountForms.ts';
import { siteOrigin } from '../request/siteOrigin.ts';
import { isApiError } from '../../api/apiError.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { done, type Outcome, redirectTo, refused } from '../endpoints/outcomes.ts';
import type { AuthContext } from '../session/authContext.ts';
import { keepSocialState, takeSocialState } from '../session/socialStateCookie.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';
import { keepFlash } from './accountFlash.ts';
import { accountAction } from './accountEndpoint.ts';
import { accountServiceRefusal } from './accountRefusals.ts';

/**
 * Connected social logins (spec §7 `POST /public/user/oauth`, `PUT /public/user/oauth/remove`).
 * Connecting takes the provider's round trip the social sign-in takes (src/server/session/
 * socialFlows.ts): a one-use `state` in a signed cookie (socialStateCookie.ts) naming the shopper
 * it started for, the provider's page, our callback with its code; the callback connects instead
 * of signing in. A provider account linked to another shopper is refused (409) with a message of
 * its own.
 */

// Not '#social': that hash opens the auth modal's social registration step (AccountLink.astro).
const FORM = 'social-logins';

/** `POST /api/account/social/connect`: off to the provider's page. */
export const socialConnectAction = accountAction({
  page: 'profile',
  form: () => FORM,
  schema: providerBodySchema,
  fromForm: plainFromForm,
  async handle({ shopper, body: { provider }, ctx }) {
    const config = await getUserConfig(ctx.clients.anonymous);
    const link = config.oauthLinks.find((l) => l.provider === provider)?.url;
    if (!link) return refused(503, ctx.t('accountErrors.unavailable'));
    const state = crypto.randomUUID();
    keepSocialState(ctx, 'connect', {
      state,
      provider,
      returnTo: accountPagePath('profile', ctx.locale),
      customerId: shopper.customerId,
    });
    const target = new URL(link, siteOrigin(ctx.url));
    const callback = new URL(ACCOUNT_PATHS.socialCallback, siteOrigin(ctx.url));
    callback.searchParams.set('provider', provider);
    target.searchParams.set('state', state);
    target.searchParams.set('redirect_uri', callback.href);
    return done(ctx.t('accountProfile.socialRedirect'), target.href);
  },
});

/** `POST /api/account/social/disconnect`. */
export const socialDisconnectAction = accountAction({
  page: 'profile',
  form: () => FORM,
  schema: providerBodySchema,
  fromForm: plainFromForm,
  async handle({ shopper, body: { provider }, ctx }) {
    await disconnectSocial(shopper.api, provider);
    return done(ctx.t('accountProfile.socialDisconnected'));
  },
});

const back = (location: string) => redirectTo(location, 303);

/**
 * `GET /api/account/social/callback?provider&code&state`: connects, then back to the profile with a
 * flash. The provider sends the browser here: its answer is always a redirect, signed out or not.
 */
export const socialConnectCallback = defineEndpoint({ who: 'anyone', handle: ({ ctx }) => connectCallback(ctx) });

async function connectCallback(ctx: AuthContext): Promise<Outcome> {
  const started = takeSocialState(ctx, 'connect');
  const shopper = await shopperClient(ctx);
  const home = ctx.locale === 'uk' ? '/ua/' : '/';
  if (!shopper) return back(`${home}#login`);
  const returnTo = started?.returnTo ?? accountPagePath('profile', ctx.locale);
  const query = ctx.url.searchParams;
  const code = query.get('code') ?? '';
  const provider = oauthProviderSchema.safeParse(query.get('provider'));
  const flash = (ok: boolean, message: string) => {
    keepFlash(ctx.session, { form: FORM, ok, message, fields: {}, values: {} });
    return back(`${returnTo}#${FORM}`);
  };
  // The state proves the connection started on this shopper's profile, in this browser (no
  // linking CSRF); one use.
  if (
    !started ||
    !provider.success ||
    query.get('state') !== started.state ||
    provider.data !== started.provider ||
    started.customerId !== shopper.customerId
  ) {
    return flash(false, ctx.t('accountErrors.socialFailed'));
  }
  if (code === '' || code.length > 512) return flash(false, ctx.t('accountErrors.socialFailed'));
  try {
    await connectSocial(shopper.api, { provider: provider.data, code });
    return flash(true, ctx.t('accountProfile.socialConnected'));
  } catch (error) {
    if (isApiError(error) && error.kind === 'http' && error.status === 401) {
      await signOut(ctx);
      return back(`${home}#login`);
    }
    const failed = accountServiceRefusal(error, ctx);
    if (failed === null) throw error;
    const shown = failed.status === 409 || failed.status === 503;
    return flash(false, shown ? failed.refusal.message : ctx.t('accountErrors.socialFailed'));
  }
}
