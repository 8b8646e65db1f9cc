import { bonusSummaryFlow } from '../../../../server/account/bonusFlows.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `GET /api/account/bonus`: the auth modal's member banner, the checkout's balance. */
export const GET = endpointRoute(bonusSummaryFlow);
