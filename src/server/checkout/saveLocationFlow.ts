import { locationBodySchema } from '../../api/schemas/account.ts';
import type { SavedLocationAnswer } from '../../api/savedLocations.ts';
import { saveCheckoutLocation } from '../../api/user.ts';
import { resolveLocation } from '../account/locationActions.ts';
import { defineEndpoint } from '../endpoints/defineEndpoint.ts';
import { answer } from '../endpoints/outcomes.ts';

/**
 * `POST /api/account/locations/checkout` (JSON): the checkout's «save this address» for a signed-in
 * shopper. The body names the place as the account's form does (settlement id, method, branch ref,
 * street and building, or shop ref); the names, refs and carrier are read from the delivery service
 * (resolveLocation), so a saved place is one the shop delivers to. Saved with the user service's
 * `POST /public/user/location/default`: the same place saved before is reused, not copied, and it
 * becomes the default only by spec §4's rule.
 */
export const saveLocationFlow = defineEndpoint({
  who: 'shopper',
  signedOutKey: 'authErrors.signInFirst',
  body: { schema: locationBodySchema },
  async handle({ shopper, body, ctx }) {
    const resolved = await resolveLocation(ctx.clients.anonymous, body, ctx);
    if (!resolved.ok) return resolved.result;
    const location = await saveCheckoutLocation(shopper.api, resolved.location);
    return answer({ location } satisfies SavedLocationAnswer);
  },
});
