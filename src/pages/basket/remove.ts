import { removeFormPost } from '../../server/basket/basketForms.ts';
import { endpointRoute } from '../../server/endpoints/endpointRoute.ts';

/** The basket's no-JavaScript form post; the /ua twin answers in Ukrainian. */
export const POST = endpointRoute(removeFormPost);
