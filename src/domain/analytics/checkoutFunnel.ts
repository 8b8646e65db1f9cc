import type { DataLayerEvent } from './analyticsEvents.ts';

/** Storefront spec §2 / accounts spec §4: the checkout funnel's steps. */
export const FUNNEL_STEP = { basket: 1, checkout: 2, login: 3, delivery: 4, payment: 5, purchase: 6 } as const;
export type FunnelStep = (typeof FUNNEL_STEP)[keyof typeof FUNNEL_STEP];

/** Accounts spec §4: the login step's values, and what a skipped delivery step is filled with. */
export const REGISTERED_USER = 'Registered User';
export const NEW_USER = 'New User';
export const RESTORED_EVENT = 'Restored event';

/** The steps sent so far in this checkout, each with its option, in step order. */
export type FunnelState = readonly { step: FunnelStep; option: string }[];

const STEPS: readonly FunnelStep[] = [1, 2, 3, 4, 5, 6];
/** Spec §4: going back after these clears them (and what follows) before re-adding. */
const CLEARED_ON_RETURN: readonly FunnelStep[] = [4, 5, 6];

function stepEvent(step: FunnelStep, option: string): DataLayerEvent {
  return { event: 'checkout_step', checkout_step: step, checkout_option: option };
}

/**
 * The funnel after reaching `step` with `option` (accounts spec §4): earlier steps never sent are
 * sent first, as 'New User' ('Restored event' for a delivery step); a step already sent is not sent
 * again, except delivery, payment and purchase, which are cleared with every step after them and
 * sent anew (the shopper went back and chose again).
 */
export function reachStep(
  state: FunnelState,
  step: FunnelStep,
  option: string,
): { state: FunnelState; events: DataLayerEvent[] } {
  const sent = state.find((entry) => entry.step === step);
  if (sent && !CLEARED_ON_RETURN.includes(step)) return { state, events: [] };
  const kept = state.filter((entry) => entry.step < step);
  const events: DataLayerEvent[] = [];
  const next = [...kept];
  for (const earlier of STEPS.filter((s) => s < step)) {
    if (kept.some((entry) => entry.step === earlier)) continue;
    const filler = earlier === FUNNEL_STEP.delivery ? RESTORED_EVENT : NEW_USER;
    next.push({ step: earlier, option: filler });
    events.push(stepEvent(earlier, filler));
  }
  next.push({ step, option });
  events.push(stepEvent(step, option));
  next.sort((a, b) => a.step - b.step);
  return { state: next, events };
}

/** The stored funnel, or an empty one: it is read back from sessionStorage, which anyone may write. */
export function parseFunnel(raw: string | null): FunnelState {
  if (raw === null) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.flatMap((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null || !('step' in entry) || !('option' in entry)) return [];
      const known = STEPS.find((s) => s === entry.step);
      return known !== undefined && typeof entry.option === 'string' ? [{ step: known, option: entry.option }] : [];
    });
  } catch {
    return [];
  }
}
