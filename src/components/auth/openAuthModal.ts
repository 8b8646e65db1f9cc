import { log } from '../../log/log.ts';
import type { AuthMode } from '../../domain/auth/authEntry.ts';

/**
 * Opens the auth modal. Its code (React, the forms, the session client) is loaded on the first
 * open, not with the page (DESIGN §6: "a drawer or modal loads its code when first opened"); the
 * header's opener and the checkout import this small module when the shopper asks.
 */

/** What the modal opens with (companion spec accounts §2: a preset phone, a preset name, a checkout flag). */
export interface AuthOpenOptions {
  mode: AuthMode;
  phone?: string;
  name?: string;
  checkout?: boolean;
  /** Where the focus goes back on close (default: what had it when the modal was asked for). */
  returnFocus?: HTMLElement | null;
}

/** The window event that closes an open modal (spec §2: "it is closed by events"). */
export const AUTH_CLOSE_EVENT = 'bbs:auth-close';

/**
 * The window event that hides or shows the modal's tabs (spec §2: "tabs can be hidden or shown by
 * events"): `detail` names the tabs, true to show, false to hide, e.g. `{ login: false }` keeps a
 * shopper confirming their phone on the registration form. Every open starts with both shown.
 */
export const AUTH_TABS_EVENT = 'bbs:auth-tabs';

type Open = (options: AuthOpenOptions) => void;
let mounting: Promise<Open> | null = null;

/** Opens the modal in `options.mode`; resolves once it is on screen (or could not be loaded). */
export function openAuthModal(options: AuthOpenOptions): Promise<void> {
  const active = document.activeElement;
  const returnFocus = options.returnFocus ?? (active instanceof HTMLElement ? active : null);
  mounting ??= import('./mountAuthModal.tsx').then(({ mountAuthModal }) => {
    const container = document.createElement('div');
    document.body.append(container);
    return mountAuthModal(container);
  });
  return mounting.then(
    (open) => open({ ...options, returnFocus }),
    (error: unknown) => {
      log.warn('[auth] the modal could not be loaded:', error instanceof Error ? error.message : error);
      mounting = null;
    },
  );
}
