import { vi } from 'vitest';

/**
 * The checkout's stores (src/stores/checkout) as a page starts them: fresh modules, so no test
 * sees another's state, with the basket store they read. The test file mocks the service clients
 * (src/stores/checkoutClients.ts) itself; that mock outlives the fresh modules.
 */
export async function freshCheckout() {
  vi.resetModules();
  const [
    basket,
    form,
    draft,
    facts,
    bundle,
    shopper,
    context,
    errors,
    delivery,
    payment,
    submission,
    start,
    shortage,
    placed,
    saved,
  ] = await Promise.all([
    import('../../../src/stores/basket.ts'),
    import('../../../src/stores/checkout/checkoutForm.ts'),
    import('../../../src/stores/checkout/checkoutDraft.ts'),
    import('../../../src/stores/checkout/deliveryFacts.ts'),
    import('../../../src/stores/checkout/babyBundle.ts'),
    import('../../../src/stores/checkout/checkoutShopper.ts'),
    import('../../../src/stores/checkout/checkoutContext.ts'),
    import('../../../src/stores/checkout/checkoutErrors.ts'),
    import('../../../src/stores/checkout/deliveryChoice.ts'),
    import('../../../src/stores/checkout/paymentChoice.ts'),
    import('../../../src/stores/checkout/checkoutSubmission.ts'),
    import('../../../src/stores/checkout/startCheckout.ts'),
    import('../../../src/stores/checkout/stockShortage.ts'),
    import('../../../src/stores/checkout/placedOrder.ts'),
    import('../../../src/stores/checkout/savedLocations.ts'),
  ]);
  return {
    ...basket,
    ...form,
    ...draft,
    ...facts,
    ...bundle,
    ...shopper,
    ...context,
    ...errors,
    ...delivery,
    ...payment,
    ...submission,
    ...start,
    ...shortage,
    ...placed,
    ...saved,
  };
}

export type Checkout = Awaited<ReturnType<typeof freshCheckout>>;
