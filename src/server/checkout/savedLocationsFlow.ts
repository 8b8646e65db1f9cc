import type { SavedLocationsAnswer } from '../../api/savedLocations.ts';
import { getUser } from '../../api/user.ts';
import { savedLocationsIn } from '../account/savedLocationNames.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer } from '../endpoints/outcomes.ts';

/**
 * `GET /api/account/locations`: the session's shopper's saved locations, the default first, for
 * the checkout's choices (issue 29), their city and branch named in the page's language. The user
 * service keeps them on the user (spec §3); a service that cannot answer is the definition's 503,
 * and the checkout then simply offers none.
 */
export const savedLocationsFlow = defineEndpoint({
  who: 'shopper',
  signedOutKey: 'authErrors.signInFirst',
  async handle({ shopper, ctx }) {
    const { locations } = await getUser(shopper.api);
    const ordered = [...locations].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    const named = await savedLocationsIn(ctx.clients.anonymous, ordered, ctx.locale);
    return answer({ locations: named } satisfies SavedLocationsAnswer);
  },
});
