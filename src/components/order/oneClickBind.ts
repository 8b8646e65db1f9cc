/**
 * The one-click form's script (OneClickForm.astro), run by the page that shows it (the product
 * page's picker script, the one-click page's own): the order's intent (src/server/order/
 * oneClickKey.ts: a resent form orders once), and once the form is open the phone mask and a
 * signed-in shopper's phone (oneClickOpen.ts, loaded then: the product page's first visit carries
 * only these lines; tests/e2e/jsBudget.spec.ts).
 */
export function bindOneClick(box: HTMLElement): void {
  const intent = box.querySelector<HTMLInputElement>('input[name="intent"]');
  if (intent && !intent.value && 'randomUUID' in crypto) intent.value = crypto.randomUUID();
  const open = () => {
    if (!(box instanceof HTMLDetailsElement) || box.open) {
      void import('./oneClickOpen.ts').then((m) => m.enhanceOneClick(box));
    }
  };
  box.addEventListener('toggle', open);
  open();
}
