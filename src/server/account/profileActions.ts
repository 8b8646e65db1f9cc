import { z } from 'zod';
import {
  emailBodySchema,
  languageBodySchema,
  passwordBodySchema,
  profileBodySchema,
} from '../../api/schemas/account.ts';
import {
  changeLanguage,
  changePassword,
  getUser,
  requestEmail,
  resendEmailConfirmation,
  updateProfile,
} from '../../api/user.ts';
import { accountPagePath } from '../../domain/account/accountPages.ts';
import { plainFromForm, profileFromForm } from '../../domain/account/accountForms.ts';
import type { AccountAction } from './accountKit.ts';
import { done } from './accountRefusals.ts';

/**
 * The profile page's forms (spec §3 User, §7 `PUT /public/user`, change-language, set/change-email,
 * confirmation-email, change-password). The service checks its own rules again (today-or-after of a
 * new due date, a birth date not in the future) and its refusals show on their fields.
 */

export const profileAction: AccountAction<typeof profileBodySchema> = {
  page: 'profile',
  form: 'personal',
  schema: profileBodySchema,
  fromForm: profileFromForm,
  async run(shopper, body, ctx) {
    await updateProfile(shopper.api, body);
    return done(ctx.t('accountProfile.saved'));
  },
};

export const languageAction: AccountAction<typeof languageBodySchema> = {
  page: 'profile',
  form: 'language',
  schema: languageBodySchema,
  fromForm: plainFromForm,
  async run(shopper, { language }, ctx) {
    await changeLanguage(shopper.api, language);
    // The site follows the language chosen: its profile page, in that language.
    return done(
      ctx.t('accountProfile.languageSaved', { lng: language }),
      `${accountPagePath('profile', language)}#language`,
    );
  },
};

export const emailAction: AccountAction<typeof emailBodySchema> = {
  page: 'profile',
  form: 'email',
  schema: emailBodySchema,
  fromForm: plainFromForm,
  async run(shopper, { email }, ctx) {
    const user = await getUser(shopper.api);
    await requestEmail(shopper.api, email, user.email === '' ? 'set' : 'change');
    return done(ctx.t('accountProfile.emailSent', { email }));
  },
};

export const emailResendAction: AccountAction<z.ZodUnknown> = {
  page: 'profile',
  form: 'email',
  schema: z.unknown(),
  fromForm: () => ({}),
  async run(shopper, _body, ctx) {
    await resendEmailConfirmation(shopper.api);
    return done(ctx.t('accountProfile.emailResent'));
  },
};

export const passwordAction: AccountAction<typeof passwordBodySchema> = {
  page: 'profile',
  form: 'password',
  schema: passwordBodySchema,
  fromForm: plainFromForm,
  async run(shopper, { password, newPassword }, ctx) {
    await changePassword(shopper.api, { password, newPassword });
    return done(ctx.t('accountProfile.passwordChanged'));
  },
};
