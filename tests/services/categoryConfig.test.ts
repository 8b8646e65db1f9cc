import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryConfigSchema } from '../../src/api/schemas/categoryConfig.ts';
import type { CategoryConfig, CategoryNode } from '../../src/api/schemas/categoryConfig.ts';
import { serviceErrorSchema } from '../../src/api/schemas/common.ts';
import { createTestShop, get } from './support.ts';
import type { TestShop } from './support.ts';

let shop: TestShop;
let config: CategoryConfig;
let raw: unknown;

beforeAll(async () => {
  shop = await createTestShop(300);
  const response = await get(shop.services, '/svc/search/public/category-config?project=bbs&locale=uk');
  expect(response.status).toBe(200);
  raw = await response.json();
  config = categoryConfigSchema.parse(raw);
});
afterAll(() => shop.dispose());

const TOPICS = ['size', 'color', 'brand', 'age', 'gender', 'season', 'material', 'promotions', 'own-import'];
const flatten = (nodes: CategoryNode[]): CategoryNode[] => nodes.flatMap((n) => [n, ...flatten(n.childList)]);

describe('GET /public/category-config', () => {
  it('answers exactly the shared schema', () => {
    // Parsing strips unknown keys and fills defaults, so equality means the answer had neither.
    expect(config).toEqual(raw);
  });

  it('lists the folder categories with their sub-categories', () => {
    const folders = config.categoryList.map((c) => c.slug);
    expect(folders).toEqual(
      expect.arrayContaining([
        'odezhda',
        'obuv',
        'igrushki',
        'kormlenie',
        'gigiena',
        'kolyaski-i-avtokresla',
        'shkola',
        'elektronnyi-podarochnyi-sertifikat',
      ]),
    );
    const subs = config.categoryList.flatMap((c) => c.childList);
    expect(subs.length).toBeGreaterThanOrEqual(40);
    const all = flatten(config.categoryList);
    expect(new Set(all.map((c) => c.slug)).size).toBe(all.length);
    for (const c of all) {
      expect(c.title).not.toBe('');
      expect(c.titleUkr).not.toBe('');
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const topic of c.topicList) expect(TOPICS).toContain(topic);
    }
    expect(all.some((c) => c.additionalConfig.excludeFromMenu)).toBe(true);
    expect(subs.some((c) => c.additionalConfig.excludeFromMenu)).toBe(true);
    expect(all.some((c) => c.additionalConfig.isTop)).toBe(true);
    expect(new Set(all.map((c) => c.additionalConfig.weight)).size).toBeGreaterThan(3);
    expect(config.categoryList.find((c) => c.slug === 'odezhda')?.topicList).toEqual(TOPICS);
  });

  it('lists every filter topic with its values, and translations for topics and values', () => {
    expect(config.topicList.map((t) => t.slug)).toEqual(TOPICS);
    for (const topic of config.topicList) expect(topic.filterList.length).toBeGreaterThan(0);
    const topicTitles = config.translationList.filter((t) => t.topic === null);
    expect(topicTitles.map((t) => t.slug).sort()).toEqual([...TOPICS].sort());
    expect(topicTitles.find((t) => t.slug === 'color')).toEqual({
      slug: 'color',
      topic: null,
      title: 'Цвет',
      titleUkr: 'Колір',
    });
    for (const topic of config.topicList) {
      for (const value of topic.filterList) {
        const translation = config.translationList.find((t) => t.topic === topic.slug && t.slug === value.slug);
        expect(translation?.title).toBeTruthy();
        expect(translation?.titleUkr).toBeTruthy();
      }
    }
    expect(config.translationList).toContainEqual({
      slug: 'rozovyy',
      topic: 'color',
      title: 'Розовый',
      titleUkr: 'Рожевий',
    });
  });

  it('lists at least 50 brands and search groups pointing at real categories', () => {
    expect(config.brandList.length).toBeGreaterThanOrEqual(50);
    expect(new Set(config.brandList.map((b) => b.slug)).size).toBe(config.brandList.length);
    const slugs = new Set(flatten(config.categoryList).map((c) => c.slug));
    expect(config.searchGroupList.length).toBeGreaterThan(0);
    for (const group of config.searchGroupList) for (const ref of group.categoryRefs) expect(slugs.has(ref)).toBe(true);
  });

  it('validates project and locale', async () => {
    const response = await get(shop.services, '/svc/search/public/category-config?locale=en');
    expect(response.status).toBe(400);
    expect(serviceErrorSchema.parse(await response.json()).code).toBe(400);
  });
});
