import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/api/config.ts';
import { ConfigError, describeLaunch, planLaunch } from '../../src/server/launcher/launchPlan.ts';

/**
 * What the launcher decides from its environment before it builds or opens anything: which
 * services run here, which secrets production insists on, and what the start-up log may show.
 * (tests/launcher/launcher.test.ts runs the same rules through the real processes.)
 */

const ALL_REAL = {
  SEARCH_API_URL: 'https://search.example',
  USER_API_URL: 'https://user.example',
  CONTENT_API_URL: 'https://content.example',
  ORDER_API_URL: 'https://order.example',
  DELIVERY_API_URL: 'https://delivery.example',
};

/** Everything production asks of a shop whose five services all run embedded. */
const ADAPTERS = {
  SITE_URL: 'https://shop.example',
  SMS_GATEWAY_URL: 'https://sms.example/send',
  SMS_GATEWAY_TOKEN: 'sms-token',
  EMAIL_GATEWAY_URL: 'https://mail.example/send',
  EMAIL_GATEWAY_TOKEN: 'mail-token',
  EMAIL_FROM: 'shop@shop.example',
  CAPTCHA_SECRET: 'captcha-secret',
  CAPTCHA_SITE_KEY: 'captcha-site-key',
  GOOGLE_CLIENT_ID: 'g-id',
  GOOGLE_CLIENT_SECRET: 'g-secret',
  FACEBOOK_CLIENT_ID: 'f-id',
  FACEBOOK_CLIENT_SECRET: 'f-secret',
  PAYMENT_GATEWAY_URL: 'https://pay.example',
  PAYMENT_GATEWAY_SECRET: 'pay-secret',
};
const SECRETS = { REVALIDATE_SECRET: 'r', CMS_EDITOR_TOKEN: 'e', SEARCH_ADMIN_TOKEN: 's', ORDER_ADMIN_TOKEN: 'o' };

function refusal(env: Record<string, string>): string {
  try {
    planLaunch(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('planLaunch accepted the configuration');
}

describe('planLaunch', () => {
  it('runs every service embedded when no URL is set, with generated secrets outside production', () => {
    const plan = planLaunch({});
    expect(plan.embedded).toEqual(['search', 'user', 'content', 'order', 'delivery']);
    expect(plan.production).toBe(false);
    for (const secret of [plan.revalidateSecret, plan.editorToken, plan.searchAdminToken, plan.orderAdminToken]) {
      expect(secret?.generated).toBe(true);
      expect(secret?.value.length).toBeGreaterThanOrEqual(32);
    }
    // A new value per run.
    expect(planLaunch({}).editorToken?.value).not.toBe(plan.editorToken?.value);
  });

  it('sends the shared cache its headers only when it can be purged (CDN_PURGE_URL)', () => {
    expect(planLaunch({}).sharedCacheHeaders).toBe(false);
    expect(planLaunch({ CDN_PURGE_URL: '  ' }).sharedCacheHeaders).toBe(false);
    expect(planLaunch({ CDN_PURGE_URL: 'http://127.0.0.1:6081/' }).sharedCacheHeaders).toBe(true);
  });

  it('runs only the services without a URL, and asks for no token of a service that runs elsewhere', () => {
    const plan = planLaunch({ SEARCH_API_URL: 'https://search.example', ORDER_API_URL: 'https://order.example' });
    expect(plan.embedded).toEqual(['user', 'content', 'delivery']);
    expect(plan.searchAdminToken).toBeNull();
    expect(plan.orderAdminToken).toBeNull();
    expect(plan.editorToken?.generated).toBe(true);
    expect(planLaunch(ALL_REAL).embedded).toEqual([]);
    expect(planLaunch(ALL_REAL).editorToken).toBeNull();
  });

  it.each([
    [{}, ['REVALIDATE_SECRET', 'CMS_EDITOR_TOKEN', 'SEARCH_ADMIN_TOKEN', 'ORDER_ADMIN_TOKEN']],
    [{ REVALIDATE_SECRET: 'r' }, ['CMS_EDITOR_TOKEN', 'SEARCH_ADMIN_TOKEN', 'ORDER_ADMIN_TOKEN']],
    [{ CONTENT_API_URL: 'https://content.example' }, ['REVALIDATE_SECRET', 'SEARCH_ADMIN_TOKEN', 'ORDER_ADMIN_TOKEN']],
    [
      { ORDER_API_URL: 'https://order.example', ORDER_ADMIN_TOKEN: ' ' },
      ['REVALIDATE_SECRET', 'CMS_EDITOR_TOKEN', 'SEARCH_ADMIN_TOKEN'],
    ],
    [{ ...ALL_REAL }, ['REVALIDATE_SECRET']],
    [
      { REVALIDATE_SECRET: ' ', CMS_EDITOR_TOKEN: '', SEARCH_ADMIN_TOKEN: 'a', ORDER_ADMIN_TOKEN: 'o' },
      ['REVALIDATE_SECRET', 'CMS_EDITOR_TOKEN'],
    ],
  ])('in production with %j refuses, naming %j in one message', (env, missing) => {
    const message = refusal({ ...env, NODE_ENV: 'production' });
    expect(message).toMatch(/^refusing to start in production \(NODE_ENV=production\)/);
    for (const variable of ['REVALIDATE_SECRET', 'CMS_EDITOR_TOKEN', 'SEARCH_ADMIN_TOKEN', 'ORDER_ADMIN_TOKEN']) {
      if (missing.includes(variable)) expect(message).toContain(variable);
      else expect(message).not.toContain(variable);
    }
  });

  it('starts in production when the secrets that apply are given, using them as they are', () => {
    const plan = planLaunch({
      ...ALL_REAL,
      NODE_ENV: 'production',
      REVALIDATE_SECRET: ' spaced ',
      SITE_URL: 'https://shop.example',
      CAPTCHA_SITE_KEY: 'k',
    });
    expect(plan.revalidateSecret).toEqual({ value: ' spaced ', generated: false });
  });

  it('shares the user service token only with a service that runs here, and insists on it in production only when one of the two is elsewhere', () => {
    // Both here: made up for the run, in production too (it never leaves the process).
    const both = planLaunch({ NODE_ENV: 'production', ...SECRETS, ...ADAPTERS });
    expect(both.userServiceToken?.generated).toBe(true);
    expect(planLaunch({}).userServiceToken?.value).not.toBe(both.userServiceToken?.value);
    // Neither here: none.
    expect(planLaunch(ALL_REAL).userServiceToken).toBeNull();
    // One here, the other real: production needs the shared value.
    for (const elsewhere of [{ USER_API_URL: 'https://user.example' }, { ORDER_API_URL: 'https://order.example' }]) {
      expect(refusal({ ...elsewhere, NODE_ENV: 'production' })).toContain('USER_SERVICE_TOKEN');
      expect(planLaunch({ ...elsewhere, USER_SERVICE_TOKEN: 'shared' }).userServiceToken).toEqual({
        value: 'shared',
        generated: false,
      });
    }
    expect(refusal({ NODE_ENV: 'production' })).not.toContain('USER_SERVICE_TOKEN');
  });

  it('in production without SITE_URL or the adapters of the embedded services, refuses naming each one', () => {
    const message = refusal({ NODE_ENV: 'production', ...SECRETS });
    for (const variable of Object.keys(ADAPTERS)) expect(message).toContain(variable);
    expect(message).not.toMatch(/CAPTCHA_VERIFY_URL|CAPTCHA_SCRIPT_URL|OAUTH_/);
    // Each one given is no longer named.
    const fewer = refusal({ NODE_ENV: 'production', ...SECRETS, ...ADAPTERS, SMS_GATEWAY_TOKEN: ' ' });
    expect(fewer).toContain('SMS_GATEWAY_TOKEN');
    expect(fewer).not.toMatch(/SITE_URL|SMS_GATEWAY_URL|PAYMENT_GATEWAY|GOOGLE|EMAIL/);
  });

  it('in production runs no sandbox: every channel is its adapter', () => {
    const plan = planLaunch({ NODE_ENV: 'production', ...SECRETS, ...ADAPTERS });
    expect(plan.outside.sandbox).toBe(false);
    expect(plan.demo).toBe(false);
    expect(plan.outside.sms).toEqual({ url: 'https://sms.example/send', token: 'sms-token' });
    expect(plan.outside.payments).toEqual({ url: 'https://pay.example', secret: 'pay-secret' });
    expect(plan.outside.captcha?.verifyUrl).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    expect(plan.outside.oauth.google?.clientId).toBe('g-id');
    expect(plan.siteUrl).toBe('https://shop.example');
    expect(plan.authSettings).toEqual({
      captcha: {
        siteKey: 'captcha-site-key',
        scriptUrl: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
      },
      social: ['google', 'facebook'],
    });
  });

  it('a real user service still needs the site key of the bot check its registration form shows', () => {
    const real = { ...ALL_REAL, NODE_ENV: 'production', REVALIDATE_SECRET: 'r', SITE_URL: 'https://shop.example' };
    expect(refusal(real)).toContain('CAPTCHA_SITE_KEY');
    expect(planLaunch({ ...real, CAPTCHA_SITE_KEY: 'k' }).authSettings.captcha?.siteKey).toBe('k');
    expect(refusal({ CAPTCHA_SECRET: 's' })).toContain('CAPTCHA_SECRET is set but CAPTCHA_SITE_KEY is not');
  });

  it('asks only for the adapters of the services that run here, and of the social providers offered', () => {
    const userAndOrderReal = { USER_API_URL: 'https://user.example', ORDER_API_URL: 'https://order.example' };
    const plan = planLaunch({
      NODE_ENV: 'production',
      ...SECRETS,
      ...userAndOrderReal,
      USER_SERVICE_TOKEN: 't',
      SITE_URL: 'https://shop.example',
      CAPTCHA_SITE_KEY: 'k',
    });
    expect(plan.embedded).toEqual(['search', 'content', 'delivery']);
    const noSocial = { ...ADAPTERS, SOCIAL_SIGN_IN: 'none' };
    for (const name of ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET']) {
      Reflect.deleteProperty(noSocial, name);
    }
    expect(planLaunch({ NODE_ENV: 'production', ...SECRETS, ...noSocial }).outside.social).toEqual([]);
    const googleOnly = refusal({ NODE_ENV: 'production', ...SECRETS, ...noSocial, SOCIAL_SIGN_IN: 'google' });
    expect(googleOnly).toContain('GOOGLE_CLIENT_ID');
    expect(googleOnly).not.toContain('FACEBOOK');
  });

  it('SHOP_DEMO=1 keeps the sandboxes in production on purpose; still asks for the secrets and SITE_URL', () => {
    const plan = planLaunch({ NODE_ENV: 'production', ...SECRETS, SITE_URL: 'https://demo.example', SHOP_DEMO: '1' });
    expect(plan.demo).toBe(true);
    expect(plan.outside.sandbox).toBe(true);
    expect(plan.outside.sms).toBeNull();
    expect(refusal({ NODE_ENV: 'production', SHOP_DEMO: '1' })).toMatch(/REVALIDATE_SECRET.*SITE_URL/);
    // Outside production there is nothing to call a demo: the sandboxes are simply on.
    expect(planLaunch({ SHOP_DEMO: '1' }).demo).toBe(false);
    expect(planLaunch({}).outside.sandbox).toBe(true);
  });

  it.each([
    [{ SITE_URL: 'https://shop.example/ua' }, 'SITE_URL must be an origin'],
    [{ SITE_URL: 'shop.example' }, 'SITE_URL must be an absolute http(s) URL'],
    [{ TRUST_PROXY: 'everyone' }, 'TRUST_PROXY: "everyone" is not an IP address'],
    [{ SMS_GATEWAY_URL: 'sms.example' }, 'SMS_GATEWAY_URL: must be an absolute http(s) URL'],
    [{ SOCIAL_SIGN_IN: 'google,vk' }, 'SOCIAL_SIGN_IN'],
    [{ GOOGLE_CLIENT_ID: 'g', GOOGLE_CLIENT_SECRET: 's' }, 'GOOGLE_CLIENT_ID needs SITE_URL'],
    [{ PAYMENT_GATEWAY_URL: 'https://pay.example', PAYMENT_GATEWAY_SECRET: 's' }, 'PAYMENT_GATEWAY_URL needs SITE_URL'],
    [{ PAYMENT_PAGE_ORIGINS: 'https://pay.example/checkout' }, 'PAYMENT_PAGE_ORIGINS'],
  ])('refuses the malformed %j, naming it', (env, message) => {
    expect(refusal(env)).toContain(message);
  });

  it('reads TRUST_PROXY and SITE_URL', () => {
    const plan = planLaunch({ TRUST_PROXY: '2', SITE_URL: 'https://shop.example/' });
    expect(plan.trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(plan.siteUrl).toBe('https://shop.example');
    expect(planLaunch({}).siteUrl).toBeNull();
  });

  it('refuses a malformed service URL as a configuration error, with its credentials masked', () => {
    const message = refusal({ USER_API_URL: 'ftp://me:hunter2@user.example' });
    expect(message).toMatch(/^USER_API_URL must be an absolute http\(s\) URL/);
    expect(message).not.toContain('hunter2');
  });
});

describe('describeLaunch', () => {
  it('names a given secret and never shows it; shows a generated token, saying it was generated', () => {
    const given = { REVALIDATE_SECRET: 'given-revalidate', CMS_EDITOR_TOKEN: 'given-editor' };
    const plan = planLaunch(given);
    const log = describeLaunch(plan, '/data').join('\n');
    expect(log).not.toContain('given-revalidate');
    expect(log).not.toContain('given-editor');
    expect(log).toContain('CMS editor token (sign in at /editor): from CMS_EDITOR_TOKEN');
    expect(log).toContain(
      `search admin token (prices and stock), generated for this run (set SEARCH_ADMIN_TOKEN to choose it): ${plan.searchAdminToken?.value ?? 'none'}`,
    );
    expect(log).toContain(
      `order admin token (order statuses), generated for this run (set ORDER_ADMIN_TOKEN to choose it): ${plan.orderAdminToken?.value ?? 'none'}`,
    );
    expect(describeLaunch(planLaunch({ ORDER_ADMIN_TOKEN: 'given-order' }), '/data').join('\n')).toContain(
      'order admin token (order statuses): from ORDER_ADMIN_TOKEN',
    );
    // A generated revalidation secret is never shown: nobody else needs it.
    const generated = planLaunch({});
    const devLog = describeLaunch(generated, '/data').join('\n');
    expect(devLog).toContain('REVALIDATE_SECRET is not set: one was generated for this run');
    expect(devLog).not.toContain(generated.revalidateSecret.value);
  });

  it('never shows the user service token; says when one generated cannot match a real order or user service', () => {
    const given = planLaunch({ USER_API_URL: 'https://user.example', USER_SERVICE_TOKEN: 'given-shared' });
    const log = describeLaunch(given, '/data').join('\n');
    expect(log).toContain('user service token (bonus payments of orders): from USER_SERVICE_TOKEN');
    expect(log).not.toContain('given-shared');
    const apart = planLaunch({ ORDER_API_URL: 'https://order.example' });
    const apartLog = describeLaunch(apart, '/data').join('\n');
    expect(apartLog).toContain('USER_SERVICE_TOKEN is not set');
    expect(apartLog).not.toContain(apart.userServiceToken?.value ?? 'none');
    const local = planLaunch({});
    expect(describeLaunch(local, '/data').join('\n')).not.toMatch(/USER_SERVICE_TOKEN|user service token/);
  });

  it('says when no embedded service runs, and masks credentials in the real services it lists', () => {
    const log = describeLaunch(
      planLaunch({ ...ALL_REAL, SEARCH_API_URL: 'https://shop:pa55@search.example' }),
      '/data',
    ).join('\n');
    expect(log).toContain('all five services are real');
    expect(log).toContain('search at https://***@search.example (SEARCH_API_URL)');
    expect(log).not.toContain('pa55');
    expect(log).not.toMatch(/seed|token/i);
  });
});

describe('redactUrl', () => {
  it.each([
    ['https://user:secret@host.example/path', 'https://***@host.example/path'],
    ['http://token@host.example', 'http://***@host.example'],
    ['https://host.example/a@b', 'https://host.example/a@b'],
    ['not a url', 'not a url'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});
