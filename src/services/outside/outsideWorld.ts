import { z } from 'zod';
import type { Env, ServiceName } from '../../api/config.ts';
import { baseUrlSchema } from '../../api/config.ts';
import type { OauthProvider } from '../../api/schemas/user.ts';

/**
 * What the embedded services use for the world outside the shop (DESIGN §7 "Production is a mode,
 * not a hope"): an SMS gateway, a mailer, a bot-check verifier and social sign-in for the user
 * service, a payment gateway for the order service.
 *
 * Each channel is its configured adapter when its variables are set. Otherwise, outside production
 * (or in a production that says `SHOP_DEMO=1`: a deliberate public demo) it is the sandbox stand-in
 * (the SMS and e-mail outboxes, the dummy bot token, the sandbox social provider, the sandbox bank);
 * in production it is missing, and the launcher refuses to start naming every missing variable.
 */

/** An HTTP gateway the service POSTs JSON to with `Authorization: Bearer <token>`. */
export interface HttpGateway {
  url: string;
  token: string;
}

export interface MailerConfig extends HttpGateway {
  /** The sender address of every e-mail. */
  from: string;
}

/** A Turnstile/reCAPTCHA/hCaptcha-style `siteverify` endpoint (form POST of `secret`, `response`, `remoteip`). */
export interface CaptchaConfig {
  verifyUrl: string;
  secret: string;
}

/** One OAuth 2.0 provider: the shop's client and the provider's three endpoints. */
export interface OauthProviderConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

/** A payment gateway: payments are created at `url`, its callbacks are signed with `secret` (HMAC-SHA256). */
export interface PaymentGatewayConfig {
  url: string;
  secret: string;
}

export interface OutsideWorld {
  /**
   * The sandboxes exist (routes mounted, dummy token accepted) for every channel without an
   * adapter: outside production, or in production with SHOP_DEMO=1. False in a real production.
   */
  sandbox: boolean;
  /** A public demo in production (SHOP_DEMO=1): pages say so and are noindex. */
  demo: boolean;
  sms: HttpGateway | null;
  email: MailerConfig | null;
  captcha: CaptchaConfig | null;
  /** The providers offered for social sign-in (`SOCIAL_SIGN_IN`, default both; empty: none). */
  social: OauthProvider[];
  /** The offered providers that have a real OAuth client; an offered one without is the sandbox provider. */
  oauth: Partial<Record<OauthProvider, OauthProviderConfig>>;
  payments: PaymentGatewayConfig | null;
}

/** Cloudflare Turnstile's verifier: free, no tracking cookies, reCAPTCHA-compatible `siteverify`. */
export const DEFAULT_CAPTCHA_VERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** The providers' public endpoints; `OAUTH_<PROVIDER>_{AUTHORIZE,TOKEN,USERINFO}_URL` override them (tests, proxies). */
const OAUTH_ENDPOINTS: Readonly<Record<OauthProvider, Omit<OauthProviderConfig, 'clientId' | 'clientSecret'>>> = {
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  facebook: {
    authorizeUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,first_name,last_name,email',
  },
};

const OAUTH_PROVIDERS: readonly OauthProvider[] = ['google', 'facebook'];

const given = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

/** `SHOP_DEMO=1`: a public demo on purpose (only '1' turns it on; anything else is a typo or off). */
export function isDemo(env: Env): boolean {
  return given(env, 'SHOP_DEMO') === '1';
}

/** `SOCIAL_SIGN_IN`: the providers offered, comma-separated; `none` for no social sign-in. Default: both. */
const socialListSchema = z
  .string()
  .transform((list) => list.split(',').map((item) => item.trim().toLowerCase()))
  .pipe(z.array(z.enum(['google', 'facebook', 'none', ''])));

export interface OutsideWorldReading {
  world: OutsideWorld;
  /** `VARIABLE (purpose)` for every adapter production needs and was not given. */
  missing: string[];
  /** Malformed values (a URL that is not one, an unknown provider), each naming its variable. */
  invalid: string[];
}

/**
 * Reads the adapters of the embedded services that run here (`embedded`) from `env`. Only the user
 * service needs SMS, e-mail, the bot check and social sign-in; only the order service needs payments.
 */
export function readOutsideWorld(
  env: Env,
  options: { production: boolean; embedded: readonly ServiceName[] },
): OutsideWorldReading {
  const demo = options.production && isDemo(env);
  const sandbox = !options.production || demo;
  const missing: string[] = [];
  const invalid: string[] = [];
  const needsUser = options.embedded.includes('user');
  const needsOrder = options.embedded.includes('order');

  const url = (name: string): string | undefined => {
    const value = given(env, name);
    if (value === undefined) return undefined;
    const parsed = baseUrlSchema.safeParse(value);
    if (!parsed.success) {
      invalid.push(`${name}: must be an absolute http(s) URL`);
      return undefined;
    }
    return parsed.data;
  };
  /** All of `names` given, or (when this channel is needed and there is no sandbox) each missing one named. */
  const all = (needed: boolean, purpose: string, names: readonly string[]): string[] | null => {
    const values = names.map((name) => (name.endsWith('_URL') ? url(name) : given(env, name)));
    if (values.every((value) => value !== undefined)) return values.filter((value) => value !== undefined);
    if (needed && !sandbox) {
      names.forEach((name, i) => {
        if (values[i] === undefined) missing.push(`${name} (${purpose})`);
      });
    }
    return null;
  };

  const sms = all(needsUser, 'the SMS gateway of sign-in codes', ['SMS_GATEWAY_URL', 'SMS_GATEWAY_TOKEN']);
  const email = all(needsUser, 'the mailer of e-mail confirmations', [
    'EMAIL_GATEWAY_URL',
    'EMAIL_GATEWAY_TOKEN',
    'EMAIL_FROM',
  ]);
  const captchaSecret = all(needsUser, 'the bot check of registrations', ['CAPTCHA_SECRET']);
  const captchaVerifyUrl = url('CAPTCHA_VERIFY_URL') ?? DEFAULT_CAPTCHA_VERIFY_URL;
  const payments = all(needsOrder, 'the payment gateway of online payments', [
    'PAYMENT_GATEWAY_URL',
    'PAYMENT_GATEWAY_SECRET',
  ]);

  const listed = socialListSchema.safeParse(given(env, 'SOCIAL_SIGN_IN') ?? 'google,facebook');
  if (!listed.success) invalid.push('SOCIAL_SIGN_IN: a comma-separated list of google, facebook, or none');
  const offered = OAUTH_PROVIDERS.filter((provider) => listed.success && listed.data.includes(provider));
  const oauth: Partial<Record<OauthProvider, OauthProviderConfig>> = {};
  for (const provider of offered) {
    const upper = provider.toUpperCase();
    const client = all(needsUser, `social sign-in with ${provider}; or leave it out of SOCIAL_SIGN_IN`, [
      `${upper}_CLIENT_ID`,
      `${upper}_CLIENT_SECRET`,
    ]);
    if (client === null) continue;
    const [clientId = '', clientSecret = ''] = client;
    const endpoints = OAUTH_ENDPOINTS[provider];
    oauth[provider] = {
      clientId,
      clientSecret,
      authorizeUrl: url(`OAUTH_${upper}_AUTHORIZE_URL`) ?? endpoints.authorizeUrl,
      tokenUrl: url(`OAUTH_${upper}_TOKEN_URL`) ?? endpoints.tokenUrl,
      userInfoUrl: url(`OAUTH_${upper}_USERINFO_URL`) ?? endpoints.userInfoUrl,
    };
  }

  const world: OutsideWorld = {
    sandbox,
    demo,
    sms: sms ? { url: sms[0] ?? '', token: sms[1] ?? '' } : null,
    email: email ? { url: email[0] ?? '', token: email[1] ?? '', from: email[2] ?? '' } : null,
    captcha: captchaSecret ? { verifyUrl: captchaVerifyUrl, secret: captchaSecret[0] ?? '' } : null,
    social: offered,
    oauth,
    payments: payments ? { url: payments[0] ?? '', secret: payments[1] ?? '' } : null,
  };
  return { world, missing, invalid };
}

/** The world of a development run or a test: every channel is its sandbox. */
export const SANDBOX_WORLD: OutsideWorld = {
  sandbox: true,
  demo: false,
  sms: null,
  email: null,
  captcha: null,
  social: ['google', 'facebook'],
  oauth: {},
  payments: null,
};
