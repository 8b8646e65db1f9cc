import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
const port = 9333;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'] });
for (const url of process.argv.slice(2)) {
  await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const r = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits;
  console.log('\n==', url, 'FCP', a['first-contentful-paint'].numericValue.toFixed(0), 'LCP', a['largest-contentful-paint'].numericValue.toFixed(0));
  const el = a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  console.log('LCP element:', el?.snippet?.slice(0, 200), el?.selector);
  const phases = a['largest-contentful-paint-element']?.details?.items?.[1]?.items;
  console.log('phases:', JSON.stringify(phases));
  for (const req of a['network-requests'].details.items.slice(0, 40)) console.log(`${req.networkRequestTime?.toFixed(0)}-${req.networkEndTime?.toFixed(0)} ${req.priority} ${req.resourceType} ${(req.transferSize/1024).toFixed(1)}K ${req.url.replace(url.replace(/\/[^/]*$/, ''), '').slice(0, 90)}`);
}
await browser.close();
