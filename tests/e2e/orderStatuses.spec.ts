import { expect, test, type APIRequestContext } from './fixtures.ts';
import { E2E_ORDER_ADMIN_TOKEN } from '../../playwright.config.ts';
import { orderStatusMoveResultSchema } from '../../src/api/schemas/orderAdmin.ts';
import { freshPhone, signIn } from './accountSupport.ts';
import { placeOrder } from './orderSupport.ts';
import { shotForPeople } from './support.ts';

/**
 * Order statuses move (issue 25; docs/decisions.md "Order statuses move"): the shop's accounting
 * system moves an order through the order service's admin route, and the shopper sees the status
 * and its history on the account's order page and list. The flow walks in Ukrainian; the Russian
 * words are checked on the order page's load after the cancellation. Rules, refusals and returns
 * are proven in tests/services/orderStatuses.test.ts.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function move(request: APIRequestContext, number: string, status: number): Promise<void> {
  const response = await request.post(`/svc/order/admin/order/${number}/status?locale=uk`, {
    headers: { Authorization: `Bearer ${E2E_ORDER_ADMIN_TOKEN}` },
    data: { status },
  });
  expect(response.status(), await response.text()).toBe(200);
  expect(orderStatusMoveResultSchema.parse(await response.json()).order.status).toBe(status);
}

test('the shop moves an order; the account shows its status and history', async ({ page, request }) => {
  await page.goto('/ua');
  await signIn(page, '380672223344', 'demo-password');
  const origin = new URL(page.url()).origin;
  const order = await placeOrder(page.request, {
    paymentType: 1,
    lang: 'uk',
    path: '/api/account/order',
    origin,
    phone: freshPhone(),
  });
  await move(request, order.number, 2);
  await move(request, order.number, 9);

  await page.goto(`/ua/profile/orders/${order.number}`);
  await expect(page.locator('[data-order-status]').first()).toHaveText('Зібрано');
  const steps = page.locator('[data-status-history] li');
  await expect(steps.locator('span')).toHaveText(['Нове замовлення', 'Збирається', 'Зібрано']);
  await expect(page.getByRole('heading', { name: 'Історія замовлення' })).toBeVisible();
  await shotForPeople(page, 'status-order-uk', { fullPage: true });

  await page.goto('/ua/profile/orders');
  const row = page.locator(`[data-order-row="${order.number}"]`);
  await expect(row.locator('[data-order-status]')).toHaveText('Зібрано');
  await expect(row).toContainText(/з \d{2}\.\d{2}\.\d{4}/);
  await shotForPeople(page, 'status-history-uk');

  // Canceled: the Russian page names it and its history in Russian.
  await move(request, order.number, 5);
  await page.goto(`/order/${order.hash}`);
  await expect(page.locator('[data-order-status]').first()).toHaveText('Отменен');
  await expect(page.locator('[data-status-history] li span')).toHaveText([
    'Новый заказ',
    'Собирается',
    'Собран',
    'Отменен',
  ]);
  await shotForPeople(page, 'status-order-ru', { fullPage: true });
  await page.goto('/profile/orders');
  await expect(page.locator(`[data-order-row="${order.number}"]`)).toContainText(/Отменен\s*с \d{2}\.\d{2}\.\d{4}/);
  await shotForPeople(page, 'status-history-ru');
});
