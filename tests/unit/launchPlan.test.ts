import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/api/config.ts';
import { ConfigError, describeLaunch, planLaunch } from '../../src/server/http/httpServer.ts';

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
    for (const secret of [plan.revalidateSecret, plan.editorToken, plan.searchAdminToken]) {
      expect(secret?.generated).toBe(true);
      expect(secret?.value.length).toBeGreaterThanOrEqual(32);
    }
    // A new value per run.
    expect(planLaunch({}).editorToken?.value).not.toBe(plan.editorToken?.value);
  });

  it('runs only the services without a URL, and asks for no token of a service that runs elsewhere', () => {
    const plan = planLaunch({ SEARCH_API_URL: 'https://search.example', ORDER_API_URL: 'https://order.example' });
    expect(plan.embedded).toEqual(['user', 'content', 'delivery']);
    expect(plan.searchAdminToken).toBeNull();
    expect(plan.editorToken?.generated).toBe(true);
    expect(planLaunch(ALL_REAL).embedded).toEqual([]);
    expect(planLaunch(ALL_REAL).editorToken).toBeNull();
  });

  it.each([
    [{}, ['REVALIDATE_SECRET', 'CMS_EDITOR_TOKEN', 'SEARCH_ADMIN_TOKEN']],
    [{ REVALIDATE_SECRET: 'r' }, ['CMS_EDITOR_TOKEN', 'SEARCH_ADMIN_TOKEN']],
    [{ CONTENT_API_URL: 'https://content.example' }, ['REVALIDATE_SECRET', 'SEARCH_ADMIN_TOKEN']],
    [{ ...ALL_REAL }, ['REVALIDATE_SECRET']],
    [
      { REVALIDATE_SECRET: ' ', CMS_EDITOR_TOKEN: '', SEARCH_ADMIN_TOKEN: 'a' },
      ['REVALIDATE_SECRET', 'CMS_EDITOR_TOKEN'],
    ],
  ])('in production with %j refuses, naming %j in one message', (env, missing) => {
    const message = refusal({ ...env, NODE_ENV: 'production' });
    expect(message).toMatch(/^refusing to start in production \(NODE_ENV=production\)/);
    for (const variable of ['REVALIDATE_SECRET', 'CMS_EDITOR_TOKEN', 'SEARCH_ADMIN_TOKEN']) {
      if (missing.includes(variable)) expect(message).toContain(variable);
      else expect(message).not.toContain(variable);
    }
  });

  it('starts in production when the secrets that apply are given, using them as they are', () => {
    const plan = planLaunch({ ...ALL_REAL, NODE_ENV: 'production', REVALIDATE_SECRET: ' spaced ' });
    expect(plan.revalidateSecret).toEqual({ value: ' spaced ', generated: false });
  });

  it('shares the user service token only with a service that runs here, and insists on it in production only when one of the two is elsewhere', () => {
    // Both here: made up for the run, in production too (it never leaves the process).
    const both = planLaunch({
      NODE_ENV: 'production',
      REVALIDATE_SECRET: 'r',
      CMS_EDITOR_TOKEN: 'e',
      SEARCH_ADMIN_TOKEN: 's',
    });
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
