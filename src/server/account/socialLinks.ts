import { ACCOUNT_PATHS, providerBodySchema } from '../../api/schemas/account.ts';
import { oauthProviderSchema } from '../../api/schemas/user.ts';
import { connectSocial, disconnectSocial, getUserConfig } from '../../api/user.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import { plainFromForm } from '../../domain/account/accountForms.ts';
import { siteOrigin } from '../http/siteOrigin.ts';
import type { AuthContext } from '../session/authContext.ts';
import { keepSocialState, takeSocialState } from '../session/socialStateCookie.ts';
import { shopperClient } from '../session/shopperClient.ts';
import { signOut } from '../session/shopperTokens.ts';
import { keepFlash } from './accountFlash.ts';
import type { AccountAction } from './accountKit.ts';
import { done, refused, serviceResult } from './accountRefusals.ts';

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

export const socialConnectAction: AccountAction<typeof providerBodySchema> = {
  page: 'profile',
  form: FORM,
  schema: providerBodySchema,
  fromForm: plainFromForm,
  async run(shopper, { provider }, ctx) {
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
};

export const socialDisconnectAction: AccountAction<typeof providerBodySchema> = {
  page: 'profile',
  form: FORM,
  schema: providerBodySchema,
  fromForm: plainFromForm,
  async run(shopper, { provider }, ctx) {
    await disconnectSocial(shopper.api, provider);
    return done(ctx.t('accountProfile.socialDisconnected'));
  },
};

function back(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

/** `GET /api/account/social/callback?provider&code&state`: connects, then back to the profile with a flash. */
export async function socialConnectCallback(ctx: AuthContext): Promise<Response> {
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
    const failed = serviceResult(error, ctx.t);
    if (failed === null) throw error;
    if (failed === 'signedOut') {
      await signOut(ctx);
      return back(`${home}#login`);
    }
    const shown = !failed.ok && (failed.status === 409 || failed.status === 503);
    return flash(false, shown ? failed.message : ctx.t('accountErrors.socialFailed'));
  }
}
