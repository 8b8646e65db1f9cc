import { describe, expect, it } from 'vitest';
import type { CategoryNode } from '../../src/api/schemas/categoryConfig.ts';
import { buildMenu } from '../../src/domain/catalog/menu.ts';

type NodeInput = Partial<Omit<CategoryNode, 'additionalConfig'>> & {
  slug: string;
  additionalConfig?: Partial<CategoryNode['additionalConfig']>;
};

let nextId = 1;
function node({ additionalConfig, ...rest }: NodeInput): CategoryNode {
  return {
    id: nextId++,
    title: `ru:${rest.slug}`,
    titleUkr: `uk:${rest.slug}`,
    ordering: 0,
    topCount: 0,
    collapse: false,
    showCount: true,
    baseSearchEnable: true,
    topicList: [],
    filterList: [],
    childList: [],
    ...rest,
    additionalConfig: { excludeFromMenu: false, isTop: false, weight: 0, ...additionalConfig },
  };
}

const slugs = (items: { slug: string }[]) => items.map((i) => i.slug);

describe('catalogue menu from category-config', () => {
  it.each([
    {
      name: 'orders by ordering ascending',
      input: [node({ slug: 'b', ordering: 2 }), node({ slug: 'a', ordering: 1 })],
      expected: ['a', 'b'],
    },
    {
      name: 'puts isTop entries first, whatever their ordering',
      input: [node({ slug: 'a', ordering: 1 }), node({ slug: 'top', ordering: 9, additionalConfig: { isTop: true } })],
      expected: ['top', 'a'],
    },
    {
      name: 'breaks equal ordering by weight, heavier first',
      input: [
        node({ slug: 'light', ordering: 1, additionalConfig: { weight: 1 } }),
        node({ slug: 'heavy', ordering: 1, additionalConfig: { weight: 5 } }),
      ],
      expected: ['heavy', 'light'],
    },
    {
      name: 'leaves out entries excluded from the menu',
      input: [node({ slug: 'shown' }), node({ slug: 'hidden', additionalConfig: { excludeFromMenu: true } })],
      expected: ['shown'],
    },
  ])('$name', ({ input, expected }) => {
    expect(slugs(buildMenu(input, 'ru'))).toEqual(expected);
  });

  it('applies the same rules to sub-categories and drops the children of an excluded parent', () => {
    const hiddenParent = node({
      slug: 'hidden',
      additionalConfig: { excludeFromMenu: true },
      childList: [node({ slug: 'orphan' })],
    });
    const parent = node({
      slug: 'odezhda',
      childList: [
        node({ slug: 'second', ordering: 2 }),
        node({ slug: 'excluded', additionalConfig: { excludeFromMenu: true } }),
        node({ slug: 'first', ordering: 1 }),
      ],
    });
    const menu = buildMenu([hiddenParent, parent], 'ru');
    expect(slugs(menu)).toEqual(['odezhda']);
    expect(slugs(menu[0]?.children ?? [])).toEqual(['first', 'second']);
  });

  it('shows Russian titles at the root and Ukrainian ones under /ua', () => {
    const input = [node({ slug: 'obuv', title: 'Обувь', titleUkr: 'Взуття' })];
    expect(buildMenu(input, 'ru')[0]?.title).toBe('Обувь');
    expect(buildMenu(input, 'uk')[0]?.title).toBe('Взуття');
  });

  it('links a folder to its catalogue and a sub-category under its folder, in the locale', () => {
    const input = [node({ slug: 'obuv', childList: [node({ slug: 'sapogi' })] })];
    const [ru] = buildMenu(input, 'ru');
    const [uk] = buildMenu(input, 'uk');
    expect([ru?.href, ru?.children[0]?.href]).toEqual(['/obuv', '/obuv/sapogi']);
    expect([uk?.href, uk?.children[0]?.href]).toEqual(['/ua/obuv', '/ua/obuv/sapogi']);
  });

  it('keeps two levels only', () => {
    const deep = node({ slug: 'a', childList: [node({ slug: 'b', childList: [node({ slug: 'c' })] })] });
    expect(buildMenu([deep], 'ru')[0]?.children[0]?.children).toEqual([]);
  });
});
