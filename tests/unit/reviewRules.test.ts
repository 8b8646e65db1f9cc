import { describe, expect, it } from 'vitest';
import { reviewChange } from '../../src/api/contentChanges.ts';
import { reviewCreateSchema, reviewUpdateSchema } from '../../src/api/schemas/content.ts';
import { formRecord, newReviewFromForm, reviewTextFromForm } from '../../src/domain/account/accountForms.ts';
import { cardRating } from '../../src/domain/catalog/productCard.ts';
import { reviewerName } from '../../src/services/content/reviewRoutes.ts';

/** The pure rules of issue 12 "Reviews": the reviewer's name, the card's stars, the form's reshaping and the tags a change sends. */

describe('the reviewer’s display name (spec §3 displayName)', () => {
  it.each([
    [{ firstName: 'Олена', lastName: 'Коваленко' }, 'Олена К.'],
    [{ firstName: ' Андрій ', lastName: ' шевченко' }, 'Андрій Ш.'],
    [{ firstName: 'Тестовий', lastName: '' }, 'Тестовий'],
    [{ firstName: 'Ірина', lastName: 'Ївченко' }, 'Ірина Ї.'],
    [{ firstName: '', lastName: '' }, '—'],
  ])('%o reads %s', (who, name) => {
    expect(reviewerName(who)).toBe(name);
  });
});

describe('stars on a card', () => {
  it.each([
    [
      { averageRate: 4.46, total: 7 },
      { average: '4,5', stars: 4, total: 7 },
    ],
    [
      { averageRate: 4.5, total: 2 },
      { average: '4,5', stars: 5, total: 2 },
    ],
    [
      { averageRate: 1, total: 1 },
      { average: '1,0', stars: 1, total: 1 },
    ],
    [
      { averageRate: 5, total: 30 },
      { average: '5,0', stars: 5, total: 30 },
    ],
  ])('%o shows %o', (rating, stars) => {
    expect(cardRating(rating)).toEqual(stars);
  });

  it('a product nobody reviewed shows no stars', () => {
    expect(cardRating({ averageRate: 0, total: 0 })).toBeNull();
  });
});

describe('the review forms as the contract’s bodies', () => {
  it('a new review: numbers as numbers, blanks as none, text as written', () => {
    const fields = formRecord(
      new URLSearchParams({
        productId: '42',
        article: '',
        rating: '4',
        pros: '  ',
        cons: 'Тяжёлая',
        comment: ' <b>жирный</b> ',
        returnTo: '/product/x',
      }).toString(),
    );
    expect(reviewCreateSchema.parse(newReviewFromForm(fields))).toEqual({
      productId: 42,
      article: null,
      rating: 4,
      pros: null,
      cons: 'Тяжёлая',
      comment: '<b>жирный</b>',
    });
  });

  it.each([
    ['no rating', { rating: '', comment: 'Да' }],
    ['a rating of 6', { rating: '6', comment: 'Да' }],
    ['a rating of 4.5', { rating: '4.5', comment: 'Да' }],
    ['no text', { rating: '5', comment: ' ' }],
  ])('refuses %s', (_what, fields) => {
    expect(reviewUpdateSchema.safeParse(reviewTextFromForm(fields)).success).toBe(false);
  });
});

describe('what a review change refreshes', () => {
  it('the product and both its categories, and the product page in both languages when its slug is known', () => {
    expect(reviewChange({ productId: 7, folderCategory: 'odezhda', category: 'shapki', slug: 'shapka-7' })).toEqual({
      tags: ['product:7', 'category:odezhda', 'category:shapki'],
      paths: ['/product/shapka-7', '/ua/product/shapka-7'],
    });
    expect(reviewChange({ productId: 7, folderCategory: 'odezhda', category: null, slug: null })).toEqual({
      tags: ['product:7', 'category:odezhda'],
      paths: [],
    });
  });
});
