import type { AstroGlobal } from 'astro';
import { ACCOUNT_PATHS } from '../../api/schemas/account.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { dateParts, type DateParts, yearOptions } from '../../domain/account/dateParts.ts';
import type { FormState } from '../../domain/account/formState.ts';
import { kyivToday } from '../../domain/account/kyivDate.ts';
import type { PageOutcome } from '../request/pageOutcome.ts';
import { actionUrl, loadAccountPage } from '../account/accountPage.ts';

/** `/profile/children` (spec §3 Child): the list, each editable in place, and a form for a new one. */
export interface ChildForm {
  /** The form's id on the page (its flash). */
  id: string;
  form: FormState;
  action: string;
  deleteAction: string | null;
  name: string;
  gender: string;
  birth: DateParts;
}

export interface ChildrenPageModel {
  locale: Locale;
  list: FormState;
  children: ChildForm[];
  added: ChildForm;
  years: number[];
}

export function loadChildrenPage(astro: AstroGlobal, now: Date = new Date()): Promise<PageOutcome<ChildrenPageModel>> {
  return loadAccountPage(astro, ({ user, locale, form }) => {
    const childForm = (
      id: string,
      action: string,
      deleteAction: string | null,
      stored: { name: string; gender: string; birthDate: string | null },
    ): ChildForm => {
      const state = form(id);
      const birth = dateParts(stored.birthDate);
      return {
        id,
        form: state,
        action: actionUrl(action, locale),
        deleteAction: deleteAction === null ? null : actionUrl(deleteAction, locale),
        name: state.value('name', stored.name),
        gender: state.value('gender', stored.gender),
        birth: {
          day: state.value('birthDay', birth.day),
          month: state.value('birthMonth', birth.month),
          year: state.value('birthYear', birth.year),
        },
      };
    };
    return Promise.resolve({
      locale,
      list: form('children'),
      children: user.children.map((child) =>
        childForm(
          `child-${child.id}`,
          `${ACCOUNT_PATHS.children}/${child.id}`,
          `${ACCOUNT_PATHS.children}/${child.id}/delete`,
          child,
        ),
      ),
      added: childForm('child-new', ACCOUNT_PATHS.children, null, { name: '', gender: '', birthDate: null }),
      years: yearOptions(Number(kyivToday(now).slice(0, 4))),
    });
  });
}
