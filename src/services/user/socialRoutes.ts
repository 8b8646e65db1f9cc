import type { Context, Hono } from 'hono';
import {
  oauthCodeRequestSchema,
  oauthRemoveRequestSchema,
  registerPhoneOauthRequestSchema,
  USER_ERROR,
} from '../../api/schemas/user.ts';
import type { CodeSent, LoginResponse, OauthProvider, SocialData, User, UserConfig } from '../../api/schemas/user.ts';
import { PROJECT_CODE } from '../../api/config.ts';
import { z } from 'zod';
import { inTransaction } from '../db/database.ts';
import { sendCode, signIn } from './authRoutes.ts';
import { answering, clientAddress, readJson, signedIn } from './routeKit.ts';
import type { UserDeps } from './userDeps.ts';
import { MESSAGES, parseFields, UserProblem } from './userProblem.ts';

/**
 * Social sign-in and linking (spec §4 "Social login", "Social registration"; §7 `/public/config`,
 * `/public/oauth/code`, `/public/register/phone-oauth`, `/public/user/oauth`, `/oauth/remove`). The
 * providers are those offered (SOCIAL_SIGN_IN), each a real OAuth client or, where sandboxes are
 * allowed and it has none, the sandbox provider (outside/userOutside.ts); the config links to their
 * sign-in pages and the storefront adds its `redirect_uri` and `state` to them.
 */

const configQuerySchema = z.object({ project: z.literal(PROJECT_CODE).default(PROJECT_CODE) });
const PROVIDERS: readonly { provider: OauthProvider; title: string }[] = [
  { provider: 'google', title: 'Google' },
  { provider: 'facebook', title: 'Facebook' },
];

/**
 * Where a browser finds the sandbox provider's page: under the prefix the service is mounted at in
 * the storefront (X-Forwarded-Prefix, set by src/services/index.ts), else on the service's own origin.
 */
function sandboxBase(c: Context): string {
  const prefix = c.req.header('x-forwarded-prefix');
  return prefix !== undefined && /^(?:\/[a-z0-9-]+)+$/.test(prefix) ? prefix : new URL(c.req.url).origin;
}

function codeRefused(message: string): UserProblem {
  return new UserProblem(400, 400, message, [{ field: 'code', message }]);
}

export function mountSocialRoutes(app: Hono, deps: UserDeps): void {
  const { users, social, tokens } = deps;

  app.get(
    '/public/config',
    answering((c) => {
      parseFields(configQuerySchema, c.req.query());
      const base = sandboxBase(c);
      const body: UserConfig = {
        oauthLinks: PROVIDERS.flatMap(({ provider, title }) => {
          const source = deps.socialProviders[provider];
          return source ? [{ provider, title, url: source.link(base) }] : [];
        }),
      };
      return c.json(body);
    }),
  );

  app.post(
    '/public/oauth/code',
    answering(async (c) => {
      const { provider, code } = parseFields(oauthCodeRequestSchema, await readJson(c));
      const account = await social.exchange(provider, code, 'signIn');
      if (!account) throw codeRefused(MESSAGES.socialCodeUnknown);
      const customerId = users.findByOauth(provider, account.oauthId);
      if (customerId !== null && users.findById(customerId)?.confirmed) {
        const session = signIn(deps, customerId);
        const body: LoginResponse = {
          token: session.token,
          refresh_token: session.refresh_token,
          profile: session.profile,
        };
        return c.json(body);
      }
      // Spec §4: 206 stores the fetched data and opens the registration-completion dialog.
      social.rememberPending(account);
      const body: SocialData = account;
      return c.json(body, 206);
    }),
  );

  app.post(
    '/public/register/phone-oauth',
    answering(async (c) => {
      const request = parseFields(registerPhoneOauthRequestSchema, await readJson(c));
      if (!social.isPending(request.provider, request.oauthId)) {
        throw new UserProblem(400, 400, MESSAGES.socialUnknown, [
          { field: 'oauthId', message: MESSAGES.socialUnknown },
        ]);
      }
      if (users.findByOauth(request.provider, request.oauthId) !== null) {
        throw new UserProblem(409, 409, MESSAGES.socialTaken, [{ field: 'provider', message: MESSAGES.socialTaken }]);
      }
      const address = clientAddress(c);
      deps.limits.countLookup(address);
      const account = users.findByPhone(request.phone);
      // Spec §8 1105: the phone has an account; its owner signs in by phone and links the network there.
      if (account?.confirmed) {
        throw new UserProblem(400, USER_ERROR.phoneTaken, MESSAGES.phoneTaken, [
          { field: 'phone', message: MESSAGES.phoneTaken },
        ]);
      }
      const body: CodeSent = await sendCode(
        deps,
        {
          phone: request.phone,
          purpose: 'register',
          language: request.language,
          address,
          registration: true,
          oauth: { provider: request.provider, oauthId: request.oauthId },
        },
        () =>
          users.saveRegistration(request.phone, {
            firstName: request.firstName,
            language: request.language,
            pendingEmail: request.email === '' ? null : request.email.toLowerCase(),
            pregnancyDueDate: null,
          }),
      );
      return c.json(body);
    }),
  );

  app.post(
    '/public/user/oauth',
    signedIn(tokens, async (c, { customerId }) => {
      const { provider, code } = parseFields(oauthCodeRequestSchema, await readJson(c));
      const account = await social.exchange(provider, code, 'connect');
      if (!account) throw codeRefused(MESSAGES.socialCodeUnknown);
      inTransaction(deps.db, () => social.link(customerId, provider, account.oauthId));
      const body: User = users.readUser(customerId);
      return c.json(body);
    }),
  );

  app.put(
    '/public/user/oauth/remove',
    signedIn(tokens, async (c, { customerId }) => {
      const { provider } = parseFields(oauthRemoveRequestSchema, await readJson(c));
      users.unlinkOauth(customerId, provider);
      const body: User = users.readUser(customerId);
      return c.json(body);
    }),
  );
}
