import { expect, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';

/** One JSON-LD node: any object with a `@type`. */
export type LdNode = Record<string, unknown> & { '@type': string };

const ldNode = z.looseObject({ '@type': z.string() });

/** Every JSON-LD node of a page's HTML (a block holds one node or a list of them). */
export function jsonLdNodes(html: string): LdNode[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)];
  return blocks.flatMap(([, text]) =>
    z.union([z.array(ldNode), ldNode.transform((node) => [node])]).parse(JSON.parse(text ?? '')),
  );
}

/** The served HTML of `path` (200 asserted). */
export async function pageHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response.text();
}

/** The first link on `path` whose target matches `pattern` (site-relative). */
export async function firstLink(request: APIRequestContext, path: string, pattern: RegExp): Promise<string> {
  const html = await pageHtml(request, path);
  const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map(([, href]) => href ?? '');
  const found = hrefs.find((href) => pattern.test(href));
  if (found === undefined) throw new Error(`no link like ${pattern} on ${path}`);
  return found;
}

interface RobotsRule {
  allow: boolean;
  path: string;
}

/** The rules of the `*` group of a robots.txt (the shop writes one group). */
export function robotsRules(text: string): RobotsRule[] {
  const rules: RobotsRule[] = [];
  let inStar = false;
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(line.replace(/#.*/, ''));
    if (!match) continue;
    const field = (match[1] ?? '').toLowerCase();
    const value = match[2] ?? '';
    if (field === 'user-agent') inStar = value === '*';
    else if (inStar && (field === 'allow' || field === 'disallow') && value !== '')
      rules.push({ allow: field === 'allow', path: value });
  }
  return rules;
}

/** `*` and a final `$` as RFC 9309 reads them. */
function ruleMatches(rule: string, target: string): boolean {
  const anchored = rule.endsWith('$');
  const body = (anchored ? rule.slice(0, -1) : rule)
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${body}${anchored ? '$' : ''}`).test(target);
}

/**
 * Whether a crawler may fetch `url` (RFC 9309 §2.2.2, as Google reads it): the longest matching
 * rule decides, `Allow` winning a tie; no matching rule allows.
 */
export function robotsAllow(rules: readonly RobotsRule[], url: string): boolean {
  const { pathname, search } = new URL(url);
  const target = `${pathname}${search}`;
  const matching = rules.filter((rule) => ruleMatches(rule.path, target));
  matching.sort((a, b) => b.path.length - a.path.length || Number(b.allow) - Number(a.allow));
  return matching[0]?.allow ?? true;
}

/** Asserts `url` is on the site's own origin or another, answers 200 with a picture, and robots.txt lets crawlers fetch it. */
export async function expectCrawlablePicture(
  request: APIRequestContext,
  rules: readonly RobotsRule[],
  url: string,
): Promise<void> {
  expect(url, 'absolute').toMatch(/^https?:\/\//);
  expect(robotsAllow(rules, url), `${url} is allowed by robots.txt`).toBe(true);
  const { pathname, search } = new URL(url);
  const response = await request.get(`${pathname}${search}`);
  expect(response.status(), url).toBe(200);
  expect(response.headers()['content-type'], url).toMatch(/^image\//);
}
