import { joinBonusFlow } from '../../../../server/account/bonusFlows.ts';
import { authEndpoint } from '../../../../server/session/authContext.ts';

/** The flow is in src/server/account/bonusFlows.ts. */
export const POST = authEndpoint(joinBonusFlow);
