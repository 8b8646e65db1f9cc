import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { keepTabInside, showModalDialog } from '../layout/modal.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { FUNNEL_STEP } from '../../domain/analytics/checkoutFunnel.ts';
import { track } from '../../stores/analytics.ts';
import { visitorKind } from '../../stores/funnelVisitor.ts';
import { scheduleCheck } from '../../stores/basket.ts';
import { BasketContents } from './BasketContents.tsx';
import { basketText } from './basketText.ts';
import { BASKET_OPEN_EVENT } from './openBasketDrawer.ts';

export interface BasketDrawerProps {
  locale: Locale;
}

/**
 * The basket drawer: a native modal `<dialog>` whose panel slides in from the right (DESIGN §6: its
 * code loads on the first open, so it is mounted by that open and starts open). It opens again on
 * the window event `bbs:basket-open`; Escape (the dialog's close request), the close button and a
 * click beside it close it. While open, the page behind is inert and still, focus stays inside,
 * and the basket is checked at once so the prices are fresh; on close, focus goes back to
 * whatever opened it.
 */
export function BasketDrawer({ locale }: BasketDrawerProps) {
  const t = useMemo(() => basketText(locale), [locale]);
  const [open, setOpen] = useState(true);
  const dialog = useRef<HTMLDialogElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const headingId = useId();

  useEffect(() => {
    const onOpen = () => {
      setOpen(true);
      // Already open (another add): the newest prices are still wanted.
      scheduleCheck(0);
    };
    window.addEventListener(BASKET_OPEN_EVENT, onOpen);
    return () => window.removeEventListener(BASKET_OPEN_EVENT, onOpen);
  }, []);

  // Open (before the first paint): what had the focus is remembered, then the dialog is shown.
  useLayoutEffect(() => {
    if (!open || !dialog.current) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const hide = showModalDialog(dialog.current);
    scheduleCheck(0);
    track({ kind: 'checkoutStep', step: FUNNEL_STEP.basket, option: visitorKind() });
    panel.current?.focus();
    return () => {
      hide();
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    // The dialog is the whole screen: the dimmed page beside the panel is its own element, so a
    // click there closes the drawer. The element's own role is spelled out for the tools that find
    // the dialog by it (the page-weight script, the e2e specs).
    <dialog
      ref={dialog}
      className="basket-drawer-layer"
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      onCancel={(event) => {
        // The close request (Escape): this component closes, so the modal unmounts with it.
        event.preventDefault();
        setOpen(false);
      }}
    >
      <div className="basket-drawer-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />
      <div ref={panel} className="basket-drawer" tabIndex={-1} onKeyDown={keepTabInside}>
        <div className="basket-drawer-head">
          <h2 id={headingId}>{t('title')}</h2>
          <button type="button" className="basket-drawer-close" aria-label={t('close')} onClick={() => setOpen(false)}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="basket-drawer-body">
          <BasketContents locale={locale} variant="drawer" />
        </div>
      </div>
    </dialog>
  );
}
