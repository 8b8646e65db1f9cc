import { expect, test } from './fixtures.ts';
import {
  expectCrawlablePicture,
  firstLink,
  jsonLdNodes,
  pageHtml,
  robotsAllow,
  robotsRules,
  type LdNode,
} from './structuredData.ts';

/** Every picture URL a JSON-LD node names (`image`, `logo`), however deep. */
function pictureUrls(nodes: readonly unknown[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown, key: string): void => {
    if (typeof value === 'string') {
      if (key === 'image' || key === 'logo') found.push(value);
    } else if (Array.isArray(value)) value.forEach((item) => walk(item, key));
    else if (value && typeof value === 'object')
      for (const [name, inner] of Object.entries(value)) walk(inner, name === 'url' ? key : name);
  };
  nodes.forEach((node) => walk(node, ''));
  return found;
}

test('the robots.txt reading of the test: the longest rule wins', () => {
  const rules = robotsRules('User-agent: *\nAllow: /\nAllow: /svc/content/public/images/\nDisallow: /svc/\n');
  expect(robotsAllow(rules, 'https://s.ua/svc/search/public/images/p1-a-1.jpg')).toBe(false);
  expect(robotsAllow(rules, 'https://s.ua/svc/content/public/images/x.svg')).toBe(true);
  expect(robotsAllow(rules, 'https://s.ua/img?src=%2Fsvc%2Fsearch%2Fx.jpg&w=1200')).toBe(true);
});

// Issue 28: search engines could not fetch the pictures the structured data named (all under /svc/).
test('every JSON-LD picture of a product page and a blog post answers 200 with a picture robots.txt lets crawlers fetch', async ({
  request,
}) => {
  const rules = robotsRules(await (await request.get('/robots.txt')).text());
  const product = await firstLink(request, '/ua/odezhda', /^\/ua\/product\/[a-z0-9-]+$/);
  const post = await firstLink(request, '/blog', /^\/blog\/(?!page-)[a-z0-9-]+$/);
  for (const path of [product, post]) {
    const nodes = jsonLdNodes(await pageHtml(request, path));
    const main = nodes.find((node: LdNode) => ['Product', 'BlogPosting'].includes(node['@type']));
    expect(main, path).toBeDefined();
    const urls = pictureUrls(nodes);
    expect(urls.length, `${path} names pictures`).toBeGreaterThan(0);
    for (const url of urls) await expectCrawlablePicture(request, rules, url);
  }
});
