import { log } from '../../../log/log.ts';
import { z } from 'zod';
import type { CaptchaConfig } from '../../outside/outsideWorld.ts';
import { callOutside, jsonOf } from './outsideCall.ts';

/** The registration's bot check (spec §5 security check); the sandbox's dummy token (sandbox/botCheck.ts) is one too. */
export interface BotCheck {
  /** Whether `token` (from the check's script in the shopper's browser) proves a person, seen from `address`. */
  passes(token: string, address: string): Promise<boolean>;
}

/** No bot check configured and no sandbox: a real production without CAPTCHA_SECRET registers nobody. */
export const NO_BOT_CHECK: BotCheck = { passes: () => Promise.resolve(false) };

/** What a siteverify endpoint answers (Turnstile, reCAPTCHA and hCaptcha alike); the rest is not needed. */
const verdictSchema = z.object({ success: z.boolean() });

/**
 * The configured verifier (CAPTCHA_SECRET, CAPTCHA_VERIFY_URL): a form POST of `secret`, `response`
 * (the token) and `remoteip` (the shopper's address, left out when unknown) to `verifyUrl`, answered
 * by JSON `{ "success": true|false, … }`. Only a 2xx `success: true` passes; a refusal, an answer
 * that is not that JSON, no answer within `timeoutMs` or no connection fails the check (1501): a
 * registration is never let through because the verifier is away.
 */
export function createCaptchaVerifier(config: CaptchaConfig, timeoutMs: number): BotCheck {
  return {
    async passes(token, address) {
      const form = new URLSearchParams({ secret: config.secret, response: token });
      if (address !== 'unknown') form.set('remoteip', address);
      try {
        const answer = await callOutside(
          'captcha',
          'the bot-check verifier',
          config.verifyUrl,
          { method: 'POST', headers: { accept: 'application/json' }, body: form },
          timeoutMs,
        );
        const verdict = verdictSchema.safeParse(jsonOf(answer.text));
        if (answer.ok && verdict.success) return verdict.data.success;
        log.error(`[user] the bot-check verifier answered ${answer.status} without a verdict`);
        return false;
      } catch (error) {
        log.error('[user]', error instanceof Error ? error.message : error);
        return false;
      }
    },
  };
}
