import { clearSessionPost } from '../../../../server/basket/basketForms.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** SERVER_BASKET_CLEAR_PATH (src/api/basketSession.ts): the server forgets the lines the browser took in. */
export const POST = endpointRoute(clearSessionPost);
