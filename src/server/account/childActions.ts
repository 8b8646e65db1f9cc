import { childBodySchema } from '../../api/schemas/account.ts';
import { addChild, deleteChild, updateChild } from '../../api/user.ts';
import { childFromForm } from '../../domain/account/accountForms.ts';
import { kyivToday } from '../../domain/account/kyivDate.ts';
import { done, refused } from '../endpoints/outcomes.ts';
import type { AuthContext } from '../session/authContext.ts';
import { accountAction, idParams, recordAction } from './accountEndpoint.ts';

/** The shopper's children (spec §3 Child, §7 `/public/user/children…`): another shopper's id is the service's 404. */

/** The service checks it too; ours says it on the field, in the page's language, before any call. */
function futureBirth(birthDate: string, ctx: Pick<AuthContext, 't'>) {
  if (birthDate <= kyivToday(new Date())) return null;
  return refused(400, ctx.t('accountErrors.check'), { birthDate: ctx.t('accountErrors.birthFuture') });
}

/** `POST /api/account/children`. */
export const addChildAction = accountAction({
  page: 'children',
  form: () => 'child-new',
  schema: childBodySchema,
  fromForm: childFromForm,
  async handle({ shopper, body, ctx }) {
    const future = futureBirth(body.birthDate, ctx);
    if (future) return future;
    await addChild(shopper.api, body);
    return done(ctx.t('accountChildren.added'));
  },
});

/** `POST /api/account/children/{id}`. */
export const updateChildAction = accountAction({
  page: 'children',
  form: ({ id }) => `child-${id}`,
  params: idParams,
  schema: childBodySchema,
  fromForm: childFromForm,
  async handle({ shopper, body, params: { id }, ctx }) {
    const future = futureBirth(body.birthDate, ctx);
    if (future) return future;
    await updateChild(shopper.api, id, body);
    return done(ctx.t('accountChildren.saved'));
  },
});

/** `POST /api/account/children/{id}/delete`. */
export const deleteChildAction = recordAction('children', 'children', deleteChild, 'accountChildren.deleted');
