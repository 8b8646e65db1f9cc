import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { keepTabInside } from '../layout/focusTrap.ts';
import type { Locale } from '../../api/schemas/common.ts';
import { FUNNEL_STEP } from '../../domain/analytics/checkoutFunnel.ts';
import { track } from '../../stores/analytics.ts';
import { visitorKind } from '../../stores/funnelVisitor.ts';
import { scheduleCheck, setBasketLocale } from '../../stores/basket.ts';
import { BasketContents } from './BasketContents.tsx';
import { basketText } from './basketText.ts';
import { BASKET_OPEN_EVENT } from './openBasketDrawer.ts';

export interface BasketDrawerProps {
  locale: Locale;
}

/**
 * The basket drawer: a modal dialog sliding in from the right (DESIGN §6: its code loads on the
 * first open, so it is mounted by that open and starts open). It opens again on the window event
 * `bbs:basket-open`; Escape, the close button and a click beside it close it. While open, focus
 * stays inside, the page behind does not scroll, and the basket is checked at once so the prices
 * are fresh; on close, focus goes back to whatever opened it.
 */
export function BasketDrawer({ locale }: BasketDrawerProps) {
  const t = useMemo(() => basketText(locale), [locale]);
  const [open, setOpen] = useState(true);
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

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const html = document.documentElement;
    const before = { overflow: html.style.overflow, paddingRight: html.style.paddingRight };
    // The scrollbar goes with the scroll: its width as padding keeps the page from jumping sideways.
    const scrollbar = window.innerWidth - html.clientWidth;
    html.style.overflow = 'hidden';
    if (scrollbar > 0) html.style.paddingRight = `${scrollbar}px`;
    setBasketLocale(locale);
    scheduleCheck(0);
    track({ kind: 'checkoutStep', step: FUNNEL_STEP.basket, option: visitorKind() });
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      html.style.overflow = before.overflow;
      html.style.paddingRight = before.paddingRight;
      if (opener?.isConnected) opener.focus();
    };
  }, [open, locale]);

  if (!open) return null;
  return (
    <div className="basket-drawer-layer">
      <div className="basket-drawer-backdrop" aria-hidden="true" onClick={() => setOpen(false)} />
      <div
        ref={panel}
        className="basket-drawer"
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
        onKeyDown={(event) => keepTabInside(event, panel.current)}
      >
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
    </div>
  );
}
