import { SANDBOX_SECURITY_TOKEN } from '../../../api/schemas/user.ts';
import type { BotCheck } from '../outside/captchaVerifier.ts';

/**
 * SANDBOX stand-in for the bot check: only SANDBOX_SECURITY_TOKEN passes, as only the real
 * providers' published test keys do. In use only where sandboxes are allowed and no CAPTCHA_SECRET
 * is configured (outside/userOutside.ts), never in a real production.
 */
export const SANDBOX_BOT_CHECK: BotCheck = {
  passes: (token) => Promise.resolve(token === SANDBOX_SECURITY_TOKEN),
};
