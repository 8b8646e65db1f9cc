import { joinBonusFlow } from '../../../../server/account/bonusFlows.ts';
import { endpointRoute } from '../../../../server/endpoints/endpointRoute.ts';

/** `POST /api/account/bonus/join` (the profile's plain form, or JSON). */
export const POST = endpointRoute(joinBonusFlow);
