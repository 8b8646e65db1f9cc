/**
 * Words shoppers use for a product's attributes that its value titles do not hold (issue 29: «зимовий
 * комбінезон», «теплий комбінезон», «куртка зимова»). Keyed by topic and value slug; Russian and
 * Ukrainian base forms (src/services/search/queryUnits.ts `stem` meets the other endings). Value
 * titles (Зима, Розовый, Для девочек …) and category titles match without being listed here.
 */
export const ATTRIBUTE_WORDS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  season: {
    zima: ['зимний', 'зимовий', 'теплый', 'теплий', 'утепленный', 'утеплений', 'winter'],
    leto: ['летний', 'літній', 'summer'],
    demisezon: [
      'демисезонный',
      'демісезонний',
      'весна',
      'весенний',
      'весняний',
      'осень',
      'осенний',
      'осінь',
      'осінній',
    ],
    vsesezon: ['всесезонный', 'всесезонний'],
  },
  age: {
    '0-6-mesyacev': ['новорожденный', 'новорождённых', 'новонароджений', 'новонароджених', 'немовля', 'младенец'],
  },
  gender: {
    'dlya-devochek': ['девочка', 'девочки', 'девочке', 'дівчинка', 'дівчинки', 'дівчаток', 'girl'],
    'dlya-malchikov': ['мальчик', 'мальчика', 'мальчиков', 'хлопчик', 'хлопчика', 'хлопчиків', 'boy'],
  },
};

/** Topics whose values a search word may name (brands are in the title index already). */
export const ATTRIBUTE_TOPICS: readonly string[] = ['season', 'gender', 'color', 'material', 'age'];
