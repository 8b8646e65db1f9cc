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
import { done } from '../endpoints/outcomes.ts';
import { accountAction } from './accountEndpoint.ts';

/**
 * The profile page's forms (spec §3 User, §7 `PUT /public/user`, change-language, set/change-email,
 * confirmation-email, change-password). The service checks its own rules again (today-or-after of a
 * new due date, a birth date not in the future) and its refusals show on their fields.
 */

/** `POST /api/account/profile`. */
export const profileAction = accountAction({
  page: 'profile',
  form: () => 'personal',
  schema: profileBodySchema,
  fromForm: profileFromForm,
  async handle({ shopper, body, ctx }) {
    await updateProfile(shopper.api, body);
    return done(ctx.t('accountProfile.saved'));
  },
});

/** `POST /api/account/language`. */
export const languageAction = accountAction({
  page: 'profile',
  form: () => 'language',
  schema: languageBodySchema,
  fromForm: plainFromForm,
  async handle({ shopper, body: { language }, ctx }) {
    await changeLanguage(shopper.api, language);
    // The site follows the language chosen: its profile page, in that language.
    return done(
      ctx.t('accountProfile.languageSaved', { lng: language }),
      `${accountPagePath('profile', language)}#language`,
    );
  },
});

/** `POST /api/account/email`. */
export const emailAction = accountAction({
  page: 'profile',
  form: () => 'email',
  schema: emailBodySchema,
  fromForm: plainFromForm,
  async handle({ shopper, body: { email }, ctx }) {
    const user = await getUser(shopper.api);
    await requestEmail(shopper.api, email, user.email === '' ? 'set' : 'change');
    return done(ctx.t('accountProfile.emailSent', { email }));
  },
});

/** `POST /api/account/email/resend`. */
export const emailResendAction = accountAction({
  page: 'profile',
  form: () => 'email',
  async handle({ shopper, ctx }) {
    await resendEmailConfirmation(shopper.api);
    return done(ctx.t('accountProfile.emailResent'));
  },
});

/** `POST /api/account/password`. */
export const passwordAction = accountAction({
  page: 'profile',
  form: () => 'password',
  schema: passwordBodySchema,
  fromForm: plainFromForm,
  async handle({ shopper, body: { password, newPassword }, ctx }) {
    await changePassword(shopper.api, { password, newPassword });
    return done(ctx.t('accountProfile.passwordChanged'));
  },
});
