import { bonusSummaryFlow } from '../../../../server/account/bonusFlows.ts';
import { authEndpoint } from '../../../../server/session/authContext.ts';

/** The auth modal's member banner; the flow is in src/server/account/bonusFlows.ts. */
export const GET = authEndpoint(bonusSummaryFlow);
