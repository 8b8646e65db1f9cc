import { z } from 'zod';
import { childBodySchema } from '../../api/schemas/account.ts';
import { addChild, deleteChild, updateChild } from '../../api/user.ts';
import { childFromForm } from '../../domain/account/accountForms.ts';
import { kyivToday } from '../../domain/account/kyivDate.ts';
import type { AccountAction } from './accountKit.ts';
import { done, refused } from './accountRefusals.ts';

/** The shopper's children (spec §3 Child, §7 `/public/user/children…`): another shopper's id is the service's 404. */

function birthInFuture(birthDate: string): boolean {
  return birthDate > kyivToday(new Date());
}

export const addChildAction: AccountAction<typeof childBodySchema> = {
  page: 'children',
  form: 'child-new',
  schema: childBodySchema,
  fromForm: childFromForm,
  async run(shopper, body, ctx) {
    if (birthInFuture(body.birthDate)) {
      return refused(400, ctx.t('accountErrors.check'), { birthDate: ctx.t('accountErrors.birthFuture') });
    }
    await addChild(shopper.api, body);
    return done(ctx.t('accountChildren.added'));
  },
};

export function updateChildAction(id: number): AccountAction<typeof childBodySchema> {
  return {
    page: 'children',
    form: `child-${id}`,
    schema: childBodySchema,
    fromForm: childFromForm,
    async run(shopper, body, ctx) {
      if (birthInFuture(body.birthDate)) {
        return refused(400, ctx.t('accountErrors.check'), { birthDate: ctx.t('accountErrors.birthFuture') });
      }
      await updateChild(shopper.api, id, body);
      return done(ctx.t('accountChildren.saved'));
    },
  };
}

export function deleteChildAction(id: number): AccountAction<z.ZodUnknown> {
  return {
    page: 'children',
    form: 'children',
    schema: z.unknown(),
    fromForm: () => ({}),
    async run(shopper, _body, ctx) {
      await deleteChild(shopper.api, id);
      return done(ctx.t('accountChildren.deleted'));
    },
  };
}
