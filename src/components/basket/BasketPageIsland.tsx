import { useEffect } from 'react';
import type { Locale } from '../../api/schemas/common.ts';
import { scheduleCheck, takeServerLines, type ServerBasketLines } from '../../stores/basket.ts';
import { BasketContents } from './BasketContents.tsx';

export interface BasketPageIslandProps {
  locale: Locale;
  serverLines: ServerBasketLines | null;
}

/**
 * The page's own list of the server's lines (BasketPageView.astro, `data-server-basket`), shown to
 * a shopper without script: once this island runs, those lines are in the browser's basket it
 * shows, so the list would only repeat them.
 */
function hideServerList(): void {
  for (const list of document.querySelectorAll<HTMLElement>('[data-server-basket]')) list.hidden = true;
}

/**
 * The basket page's island (`client:only`: the browser's basket exists only in the browser). It
 * takes the lines the server kept for a shopper without script into the browser's basket
 * (local-first, spec §4), hides the page's server-rendered list of them, and shows that basket,
 * checked at once.
 */
export function BasketPageIsland({ locale, serverLines }: BasketPageIslandProps) {
  useEffect(() => {
    takeServerLines(serverLines);
    hideServerList();
    scheduleCheck(0);
  }, [serverLines]);

  return <BasketContents locale={locale} variant="page" />;
}
