import { basketOneClickPost } from '../../../server/basket/basketOneClick.ts';
import { endpointRoute } from '../../../server/endpoints/endpointRoute.ts';

/** BASKET_ONE_CLICK_PATH (src/api/basketOneClick.ts): the browser's basket ordered in one click. */
export const POST = endpointRoute(basketOneClickPost);
