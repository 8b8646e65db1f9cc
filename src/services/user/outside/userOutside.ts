import { ACCOUNT_PATHS } from '../../../api/schemas/account.ts';
import { AUTH_PATHS } from '../../../api/schemas/session.ts';
import type { OauthProvider } from '../../../api/schemas/user.ts';
import type { OutsideWorld } from '../../outside/outsideWorld.ts';
import { sandboxSocialProvider } from '../sandbox/oauthProvider.ts';
import type { SandboxOauth } from '../sandbox/oauthProvider.ts';
import { outboxMailer, outboxSms } from '../sandbox/outbox.ts';
import type { Outbox } from '../sandbox/outbox.ts';
import { SANDBOX_BOT_CHECK } from '../sandbox/botCheck.ts';
import { createCaptchaVerifier, NO_BOT_CHECK } from './captchaVerifier.ts';
import type { BotCheck } from './captchaVerifier.ts';
import { createMailer } from './mailer.ts';
import type { Mailer } from './mailer.ts';
import { createOauthClient } from './oauthClient.ts';
import { OutsideUnavailable } from './outsideCall.ts';
import type { SocialFlow, SocialProvider } from './oauthClient.ts';
import { createSmsGateway } from './smsGateway.ts';
import type { SmsSender } from './smsGateway.ts';

/**
 * The user service's channels to the world outside (DESIGN §7 "Production is a mode"): each is its
 * configured adapter, or its sandbox stand-in where sandboxes are allowed, so that the routes never
 * ask which. Where neither exists (a real production missing a variable, which the launcher refuses
 * to start) the channel refuses: no SMS outbox, no dummy bot token, no sandbox provider.
 */
export interface UserOutside {
  sms: SmsSender;
  mailer: Mailer;
  botCheck: BotCheck;
  /** The providers offered for social sign-in, each real or sandbox; a provider not here is refused. */
  socialProviders: Partial<Record<OauthProvider, SocialProvider>>;
  /** Which sandbox pages exist: those of the channels that are their sandbox (sandboxRoutes.ts). */
  sandboxPages: { sms: boolean; email: boolean; oauth: readonly OauthProvider[] };
}

/** A channel with neither adapter nor sandbox: every message refused (a 503 naming it in the log). */
function unconfigured(channel: 'sms' | 'email', what: string): () => Promise<never> {
  return () => Promise.reject(new OutsideUnavailable(channel, `no ${what} is configured and sandboxes are off`));
}

/** The storefront's callback of each flow (src/server/session/socialFlows.ts, src/server/account/socialLinks.ts). */
const CALLBACKS: Readonly<Record<SocialFlow, string>> = {
  signIn: AUTH_PATHS.socialCallback,
  connect: ACCOUNT_PATHS.socialCallback,
};

/**
 * Where the provider sends the browser back, exactly as the storefront builds it (on the site's
 * origin, with `provider`): the code exchange's `redirect_uri` must be the same string.
 */
export function socialCallbackUrl(shopUrl: string, flow: SocialFlow, provider: OauthProvider): string {
  const callback = new URL(CALLBACKS[flow], new URL(shopUrl).origin);
  callback.searchParams.set('provider', provider);
  return callback.href;
}

export function connectUserOutside(
  world: OutsideWorld,
  sandbox: { outbox: Outbox; oauth: SandboxOauth },
  options: { shopUrl: string | undefined; timeoutMs: number },
): UserOutside {
  const { timeoutMs } = options;
  const sms: SmsSender | null = world.sms
    ? createSmsGateway(world.sms, timeoutMs)
    : world.sandbox
      ? outboxSms(sandbox.outbox)
      : null;
  const mailer: Mailer | null = world.email
    ? createMailer(world.email, timeoutMs)
    : world.sandbox
      ? outboxMailer(sandbox.outbox)
      : null;
  const botCheck = world.captcha
    ? createCaptchaVerifier(world.captcha, timeoutMs)
    : world.sandbox
      ? SANDBOX_BOT_CHECK
      : NO_BOT_CHECK;

  const socialProviders: Partial<Record<OauthProvider, SocialProvider>> = {};
  const sandboxOauth: OauthProvider[] = [];
  for (const provider of world.social) {
    const config = world.oauth[provider];
    if (config) {
      // The code exchange must name the callback the browser came back to; only SITE_URL says it.
      if (options.shopUrl === undefined) {
        throw new Error(`social sign-in with ${provider} needs the shop's public origin (SITE_URL)`);
      }
      const redirectUris = {
        signIn: socialCallbackUrl(options.shopUrl, 'signIn', provider),
        connect: socialCallbackUrl(options.shopUrl, 'connect', provider),
      };
      socialProviders[provider] = createOauthClient(provider, config, redirectUris, timeoutMs);
    } else if (world.sandbox) {
      socialProviders[provider] = sandboxSocialProvider(sandbox.oauth, provider);
      sandboxOauth.push(provider);
    }
  }

  return {
    sms: sms ?? { send: unconfigured('sms', 'SMS gateway') },
    mailer: mailer ?? { send: unconfigured('email', 'mailer') },
    botCheck,
    socialProviders,
    sandboxPages: {
      sms: world.sms === null && world.sandbox,
      email: world.email === null && world.sandbox,
      oauth: sandboxOauth,
    },
  };
}
