import type { AstroGlobal } from 'astro';
import { ACCOUNT_PATHS } from '../../api/schemas/account.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { AUTH_PATHS } from '../../api/schemas/session.ts';
import { oauthProviderSchema, type OauthProvider } from '../../api/schemas/user.ts';
import { dateParts, type DateParts, yearOptions } from '../../domain/account/dateParts.ts';
import { kyivToday } from '../../domain/account/kyivDate.ts';
import type { FormState } from '../../domain/account/formState.ts';
import { formatPhone } from '../../domain/format/phone.ts';
import type { PageOutcome } from '../request/pageOutcome.ts';
import { actionUrl, loadAccountPage } from '../account/accountPage.ts';

/** What `/profile` shows and edits of the signed-in shopper (spec §3 User; issue 11). */
export interface ProfilePageModel {
  locale: Locale;
  name: string;
  phone: string;
  isMember: boolean;
  personal: {
    form: FormState;
    action: string;
    firstName: string;
    lastName: string;
    middleName: string;
    gender: string;
    birth: DateParts;
    years: number[];
    pregnancyDueDate: string;
    /** Today in Kyiv: the due date's earliest day (spec §5 today-or-after). */
    today: string;
    subscribeSms: boolean;
    subscribeEmail: boolean;
  };
  language: { form: FormState; action: string; current: Locale };
  email: { form: FormState; action: string; resendAction: string; email: string; pending: string | null };
  password: { form: FormState; action: string; hasPassword: boolean };
  social: {
    form: FormState;
    connectAction: string;
    disconnectAction: string;
    providers: { provider: OauthProvider; title: string; connected: boolean }[];
  };
  logoutAction: string;
}

const PROVIDER_TITLES: Readonly<Record<OauthProvider, string>> = { google: 'Google', facebook: 'Facebook' };

/**
 * `/profile`: the shopper read through their session; every form posts to /api/account/* and comes
 * back here with a flash (post/redirect/get), so the page works without JavaScript.
 */
export function loadProfilePage(astro: AstroGlobal, now: Date = new Date()): Promise<PageOutcome<ProfilePageModel>> {
  return loadAccountPage(astro, ({ user, locale, form }) => {
    const today = kyivToday(now);
    const personal = form('personal');
    const birth = dateParts(user.birthDate);
    return Promise.resolve({
      locale,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      phone: formatPhone(user.phone),
      isMember: user.bonusProgramMember,
      personal: {
        form: personal,
        action: actionUrl(ACCOUNT_PATHS.profile, locale),
        firstName: personal.value('firstName', user.firstName),
        lastName: personal.value('lastName', user.lastName),
        middleName: personal.value('middleName', user.middleName),
        gender: personal.value('gender', user.gender === null ? '' : String(user.gender)),
        birth: {
          day: personal.value('birthDay', birth.day),
          month: personal.value('birthMonth', birth.month),
          year: personal.value('birthYear', birth.year),
        },
        years: yearOptions(Number(today.slice(0, 4))),
        pregnancyDueDate: personal.value('pregnancyDueDate', user.pregnancyDueDate ?? ''),
        today,
        subscribeSms: personal.checked('subscribeSms', user.subscribeSms),
        subscribeEmail: personal.checked('subscribeEmail', user.subscribeEmail),
      },
      language: { form: form('language'), action: actionUrl(ACCOUNT_PATHS.language, locale), current: user.language },
      email: {
        form: form('email'),
        action: actionUrl(ACCOUNT_PATHS.email, locale),
        resendAction: actionUrl(ACCOUNT_PATHS.emailResend, locale),
        email: user.email,
        pending: user.pendingEmail,
      },
      password: {
        form: form('password'),
        action: actionUrl(ACCOUNT_PATHS.password, locale),
        hasPassword: user.hasPassword,
      },
      social: {
        form: form('social-logins'),
        connectAction: actionUrl(ACCOUNT_PATHS.socialConnect, locale),
        disconnectAction: actionUrl(ACCOUNT_PATHS.socialDisconnect, locale),
        providers: oauthProviderSchema.options.map((provider) => ({
          provider,
          title: PROVIDER_TITLES[provider],
          connected: user.oauthProviders.includes(provider),
        })),
      },
      logoutAction: actionUrl(AUTH_PATHS.logout, locale),
    });
  });
}
