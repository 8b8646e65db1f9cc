import type { BrandGroup } from './brands.ts';
import type { SizeScheme } from './filterTopics.ts';

/**
 * The demo category tree: folder categories with sub-categories, plus what the product generator
 * needs to make plausible goods in each (nouns, sizes, prices, materials, picture kind).
 */
export type Word = readonly [ru: string, uk: string];

/** Which of the four variant types (spec: TYPE_COLOR_SIZE, TYPE_COLOR, TYPE_SIZE, without) a sub-category makes, by weight. */
export interface VariantMix {
  colorSize: number;
  color: number;
  size: number;
  none: number;
}

export type ImageKind =
  | 'bodysuit'
  | 'tshirt'
  | 'dress'
  | 'trousers'
  | 'jacket'
  | 'hat'
  | 'sock'
  | 'shoe'
  | 'bear'
  | 'blocks'
  | 'car'
  | 'ball'
  | 'bottle'
  | 'bowl'
  | 'chair'
  | 'diaper'
  | 'tube'
  | 'stroller'
  | 'carseat'
  | 'backpack'
  | 'pencil'
  | 'book'
  | 'gift';

export interface SubCategoryDef {
  slug: string;
  title: string;
  titleUkr: string;
  kind: ImageKind;
  nouns: readonly Word[];
  sizes?: readonly SizeScheme[];
  mix: VariantMix;
  /** Recommended price range in UAH. */
  price: readonly [number, number];
  /** Weight range in kg. */
  weight: readonly [number, number];
  materials?: readonly string[];
  seasons?: readonly string[];
  ages?: readonly string[];
  excludeFromMenu?: boolean;
  isTop?: boolean;
  /** Consumables a customer may subscribe to (spec: allowSubscription). */
  subscription?: boolean;
}

export interface FolderDef {
  slug: string;
  title: string;
  titleUkr: string;
  kind: ImageKind;
  brandGroup: BrandGroup;
  topics: readonly string[];
  /** Relative share of generated products. */
  share: number;
  modifiers: readonly Word[];
  descriptions: readonly Word[];
  subs: readonly SubCategoryDef[];
  excludeFromMenu?: boolean;
  isTop?: boolean;
  weight: number;
  topCount: number;
  collapse: boolean;
  showCount: boolean;
  baseSearchEnable: boolean;
  /** Values offered as quick filters on the folder page. */
  quickFilters: readonly string[];
  gendered: boolean;
}

const CS: VariantMix = { colorSize: 8, color: 0, size: 2, none: 0 };
const C: VariantMix = { colorSize: 0, color: 7, size: 0, none: 3 };
const S: VariantMix = { colorSize: 0, color: 0, size: 9, none: 1 };
const N: VariantMix = { colorSize: 0, color: 2, size: 0, none: 8 };

const CLOTHES_AGES = ['0-6-mesyacev', '6-12-mesyacev', '1-3-goda', '3-5-let', '5-7-let', '7-10-let', '10-14-let'];
const BABY_AGES = ['0-6-mesyacev', '6-12-mesyacev', '1-3-goda'];
const KID_AGES = ['1-3-goda', '3-5-let', '5-7-let', '7-10-let'];
const SCHOOL_AGES = ['5-7-let', '7-10-let', '10-14-let'];
const ALL_SEASONS = ['leto', 'demisezon', 'zima', 'vsesezon'];
const SOFT = ['hlopok', 'trikotazh', 'flis'];

const ALL_TOPICS = ['size', 'color', 'brand', 'age', 'gender', 'season', 'material', 'promotions', 'own-import'];

export const FOLDERS: readonly FolderDef[] = [
  {
    slug: 'odezhda',
    title: 'Одежда',
    titleUkr: 'Одяг',
    kind: 'tshirt',
    brandGroup: 'clothes',
    topics: ALL_TOPICS,
    share: 30,
    weight: 100,
    topCount: 8,
    collapse: false,
    showCount: true,
    baseSearchEnable: true,
    isTop: true,
    gendered: true,
    quickFilters: ['dlya-devochek', 'dlya-malchikov', 'leto', 'zima'],
    modifiers: [
      ['с принтом', 'з принтом'],
      ['в полоску', 'у смужку'],
      ['с длинным рукавом', 'з довгим рукавом'],
      ['с коротким рукавом', 'з коротким рукавом'],
      ['на кнопках', 'на кнопках'],
      ['с капюшоном', 'з капюшоном'],
      ['с начёсом', 'з начосом'],
      ['из органического хлопка', 'з органічної бавовни'],
      ['«Мишка»', '«Ведмедик»'],
      ['«Звёзды»', '«Зірки»'],
      ['«Облака»', '«Хмаринки»'],
      ['«Динозавры»', '«Динозаври»'],
      ['«Единорог»', '«Єдиноріг»'],
      ['«Сафари»', '«Сафарі»'],
      ['«Радуга»', '«Веселка»'],
      ['«Лисичка»', '«Лисичка»'],
    ],
    descriptions: [
      ['Мягкая ткань приятна к телу и не сковывает движений.', 'М’яка тканина приємна до тіла і не сковує рухів.'],
      ['Швы выполнены наружу, чтобы не натирать нежную кожу.', 'Шви виконані назовні, щоб не натирати ніжну шкіру.'],
      [
        'Легко стирается и сохраняет форму после многих стирок.',
        'Легко переться і зберігає форму після багатьох прань.',
      ],
      ['Яркий рисунок не выцветает со временем.', 'Яскравий малюнок не вицвітає з часом.'],
    ],
    subs: [
      {
        slug: 'bodi',
        title: 'Боди',
        titleUkr: 'Боді',
        kind: 'bodysuit',
        nouns: [
          ['Боди', 'Боді'],
          ['Боди-футболка', 'Боді-футболка'],
        ],
        sizes: ['newborn', 'baby'],
        mix: CS,
        price: [129, 449],
        weight: [0.08, 0.2],
        materials: SOFT,
        seasons: ['vsesezon'],
        ages: BABY_AGES,
        isTop: true,
      },
      {
        slug: 'polzunki',
        title: 'Ползунки',
        titleUkr: 'Повзунки',
        kind: 'trousers',
        nouns: [['Ползунки', 'Повзунки']],
        sizes: ['newborn'],
        mix: CS,
        price: [99, 329],
        weight: [0.07, 0.15],
        materials: SOFT,
        seasons: ['vsesezon'],
        ages: BABY_AGES,
      },
      {
        slug: 'kombinezony',
        title: 'Комбинезоны',
        titleUkr: 'Комбінезони',
        kind: 'jacket',
        nouns: [
          ['Комбинезон', 'Комбінезон'],
          ['Человечек', 'Чоловічок'],
        ],
        sizes: ['newborn', 'baby', 'kids'],
        mix: CS,
        price: [349, 3499],
        weight: [0.2, 1.1],
        materials: ['hlopok', 'flis', 'poliester'],
        seasons: ALL_SEASONS,
        ages: CLOTHES_AGES,
      },
      {
        slug: 'futbolki',
        title: 'Футболки',
        titleUkr: 'Футболки',
        kind: 'tshirt',
        nouns: [
          ['Футболка', 'Футболка'],
          ['Майка', 'Майка'],
          ['Лонгслив', 'Лонгслів'],
        ],
        sizes: ['kids', 'teen'],
        mix: CS,
        price: [149, 599],
        weight: [0.1, 0.25],
        materials: ['hlopok', 'trikotazh'],
        seasons: ['leto', 'vsesezon'],
        ages: CLOTHES_AGES,
        isTop: true,
      },
      {
        slug: 'platya',
        title: 'Платья и юбки',
        titleUkr: 'Сукні та спідниці',
        kind: 'dress',
        nouns: [
          ['Платье', 'Сукня'],
          ['Сарафан', 'Сарафан'],
          ['Юбка', 'Спідниця'],
        ],
        sizes: ['kids', 'teen'],
        mix: CS,
        price: [299, 1499],
        weight: [0.15, 0.4],
        materials: ['hlopok', 'trikotazh', 'poliester'],
        seasons: ['leto', 'demisezon', 'vsesezon'],
        ages: KID_AGES,
      },
      {
        slug: 'bryuki',
        title: 'Брюки и шорты',
        titleUkr: 'Штани та шорти',
        kind: 'trousers',
        nouns: [
          ['Брюки', 'Штани'],
          ['Джинсы', 'Джинси'],
          ['Шорты', 'Шорти'],
          ['Леггинсы', 'Легінси'],
        ],
        sizes: ['kids', 'teen'],
        mix: CS,
        price: [199, 999],
        weight: [0.15, 0.45],
        materials: ['hlopok', 'dzhins', 'trikotazh'],
        seasons: ALL_SEASONS,
        ages: CLOTHES_AGES,
      },
      {
        slug: 'kurtki',
        title: 'Куртки и пальто',
        titleUkr: 'Куртки та пальта',
        kind: 'jacket',
        nouns: [
          ['Куртка', 'Куртка'],
          ['Пуховик', 'Пуховик'],
          ['Ветровка', 'Вітрівка'],
          ['Пальто', 'Пальто'],
        ],
        sizes: ['kids', 'teen'],
        mix: CS,
        price: [899, 4999],
        weight: [0.4, 1.3],
        materials: ['poliester'],
        seasons: ['demisezon', 'zima'],
        ages: CLOTHES_AGES,
      },
      {
        slug: 'pizhamy',
        title: 'Пижамы',
        titleUkr: 'Піжами',
        kind: 'tshirt',
        nouns: [
          ['Пижама', 'Піжама'],
          ['Ночная рубашка', 'Нічна сорочка'],
        ],
        sizes: ['baby', 'kids', 'teen'],
        mix: CS,
        price: [249, 899],
        weight: [0.2, 0.4],
        materials: SOFT,
        seasons: ['vsesezon'],
        ages: CLOTHES_AGES,
      },
      {
        slug: 'kofty',
        title: 'Кофты и свитеры',
        titleUkr: 'Кофти та светри',
        kind: 'jacket',
        nouns: [
          ['Кофта', 'Кофта'],
          ['Свитшот', 'Світшот'],
          ['Худи', 'Худі'],
          ['Свитер', 'Светр'],
        ],
        sizes: ['baby', 'kids', 'teen'],
        mix: CS,
        price: [249, 1199],
        weight: [0.2, 0.5],
        materials: ['hlopok', 'flis', 'trikotazh'],
        seasons: ['demisezon', 'zima'],
        ages: CLOTHES_AGES,
      },
      {
        slug: 'shapki',
        title: 'Шапки и панамы',
        titleUkr: 'Шапки та панами',
        kind: 'hat',
        nouns: [
          ['Шапка', 'Шапка'],
          ['Панама', 'Панама'],
          ['Чепчик', 'Чепчик'],
          ['Кепка', 'Кепка'],
        ],
        sizes: ['newborn', 'kids'],
        mix: CS,
        price: [99, 599],
        weight: [0.05, 0.15],
        materials: ['hlopok', 'trikotazh', 'flis'],
        seasons: ALL_SEASONS,
        ages: CLOTHES_AGES,
      },
      {
        slug: 'noski',
        title: 'Носки и колготки',
        titleUkr: 'Шкарпетки та колготи',
        kind: 'sock',
        nouns: [
          ['Носки', 'Шкарпетки'],
          ['Колготки', 'Колготи'],
          ['Гольфы', 'Гольфи'],
        ],
        sizes: ['babyShoes', 'kidsShoes'],
        mix: CS,
        price: [49, 249],
        weight: [0.02, 0.08],
        materials: ['hlopok'],
        seasons: ALL_SEASONS,
        ages: CLOTHES_AGES,
      },
      {
        slug: 'kupalniki',
        title: 'Купальники и плавки',
        titleUkr: 'Купальники та плавки',
        kind: 'dress',
        nouns: [
          ['Купальник', 'Купальник'],
          ['Плавки', 'Плавки'],
        ],
        sizes: ['kids', 'teen'],
        mix: CS,
        price: [199, 799],
        weight: [0.05, 0.15],
        materials: ['poliester'],
        seasons: ['leto'],
        ages: KID_AGES,
      },
    ],
  },
  {
    slug: 'obuv',
    title: 'Обувь',
    titleUkr: 'Взуття',
    kind: 'shoe',
    brandGroup: 'shoes',
    topics: ALL_TOPICS,
    share: 14,
    weight: 90,
    topCount: 6,
    collapse: false,
    showCount: true,
    baseSearchEnable: true,
    isTop: true,
    gendered: true,
    quickFilters: ['leto', 'zima', 'naturalnaya-kozha'],
    modifiers: [
      ['на липучках', 'на липучках'],
      ['со шнурками', 'зі шнурками'],
      ['с подсветкой', 'з підсвіткою'],
      ['ортопедические', 'ортопедичні'],
      ['из натуральной кожи', 'з натуральної шкіри'],
      ['с мембраной', 'з мембраною'],
      ['на меху', 'на хутрі'],
      ['«Спорт»', '«Спорт»'],
    ],
    descriptions: [
      ['Анатомическая стелька поддерживает стопу.', 'Анатомічна устілка підтримує стопу.'],
      ['Гибкая подошва не скользит.', 'Гнучка підошва не ковзає.'],
      ['Лёгкая модель для активных прогулок.', 'Легка модель для активних прогулянок.'],
    ],
    subs: [
      {
        slug: 'krossovki',
        title: 'Кроссовки',
        titleUkr: 'Кросівки',
        kind: 'shoe',
        nouns: [['Кроссовки', 'Кросівки']],
        sizes: ['kidsShoes', 'teenShoes'],
        mix: CS,
        price: [599, 2999],
        weight: [0.3, 0.7],
        materials: ['tekstil', 'eko-kozha', 'naturalnaya-kozha'],
        seasons: ['demisezon', 'leto'],
        ages: KID_AGES,
        isTop: true,
      },
      {
        slug: 'sandalii',
        title: 'Сандалии',
        titleUkr: 'Сандалі',
        kind: 'shoe',
        nouns: [
          ['Сандалии', 'Сандалі'],
          ['Босоножки', 'Босоніжки'],
        ],
        sizes: ['babyShoes', 'kidsShoes'],
        mix: CS,
        price: [399, 1999],
        weight: [0.2, 0.5],
        materials: ['naturalnaya-kozha', 'eko-kozha'],
        seasons: ['leto'],
        ages: KID_AGES,
      },
      {
        slug: 'botinki',
        title: 'Ботинки',
        titleUkr: 'Черевики',
        kind: 'shoe',
        nouns: [['Ботинки', 'Черевики']],
        sizes: ['kidsShoes', 'teenShoes'],
        mix: CS,
        price: [799, 3499],
        weight: [0.4, 0.9],
        materials: ['naturalnaya-kozha', 'eko-kozha'],
        seasons: ['demisezon', 'zima'],
        ages: KID_AGES,
      },
      {
        slug: 'sapogi',
        title: 'Сапоги',
        titleUkr: 'Чоботи',
        kind: 'shoe',
        nouns: [
          ['Сапоги', 'Чоботи'],
          ['Резиновые сапоги', 'Гумові чоботи'],
          ['Дутики', 'Дутики'],
        ],
        sizes: ['kidsShoes', 'teenShoes'],
        mix: CS,
        price: [499, 3299],
        weight: [0.4, 1],
        materials: ['naturalnaya-kozha', 'tekstil', 'plastik'],
        seasons: ['zima', 'demisezon'],
        ages: KID_AGES,
      },
      {
        slug: 'tapochki',
        title: 'Тапочки',
        titleUkr: 'Капці',
        kind: 'shoe',
        nouns: [
          ['Тапочки', 'Капці'],
          ['Шлёпанцы', 'Шльопанці'],
        ],
        sizes: ['kidsShoes'],
        mix: CS,
        price: [149, 599],
        weight: [0.1, 0.3],
        materials: ['tekstil', 'plastik'],
        seasons: ['vsesezon', 'leto'],
        ages: KID_AGES,
      },
      {
        slug: 'pinetki',
        title: 'Пинетки',
        titleUkr: 'Пінетки',
        kind: 'sock',
        nouns: [['Пинетки', 'Пінетки']],
        sizes: ['babyShoes'],
        mix: CS,
        price: [149, 499],
        weight: [0.05, 0.12],
        materials: ['trikotazh', 'naturalnaya-kozha'],
        seasons: ['vsesezon'],
        ages: BABY_AGES,
      },
      {
        slug: 'kedy',
        title: 'Кеды и слипоны',
        titleUkr: 'Кеди та сліпони',
        kind: 'shoe',
        nouns: [
          ['Кеды', 'Кеди'],
          ['Слипоны', 'Сліпони'],
          ['Мокасины', 'Мокасини'],
        ],
        sizes: ['kidsShoes', 'teenShoes'],
        mix: CS,
        price: [399, 1499],
        weight: [0.25, 0.6],
        materials: ['tekstil', 'eko-kozha'],
        seasons: ['leto', 'demisezon'],
        ages: KID_AGES,
      },
    ],
  },
  {
    slug: 'igrushki',
    title: 'Игрушки',
    titleUkr: 'Іграшки',
    kind: 'bear',
    brandGroup: 'toys',
    topics: ['color', 'brand', 'age', 'gender', 'material', 'promotions', 'own-import'],
    share: 18,
    weight: 80,
    topCount: 8,
    collapse: true,
    showCount: true,
    baseSearchEnable: true,
    isTop: true,
    gendered: true,
    quickFilters: ['0-6-mesyacev', '1-3-goda', 'derevo'],
    modifiers: [
      ['со звуком', 'зі звуком'],
      ['со светом', 'зі світлом'],
      ['на батарейках', 'на батарейках'],
      ['из дерева', 'з дерева'],
      ['«Ферма»', '«Ферма»'],
      ['«Зоопарк»', '«Зоопарк»'],
      ['«Город»', '«Місто»'],
      ['«Принцесса»', '«Принцеса»'],
      ['«Пожарная служба»', '«Пожежна служба»'],
      ['«Космос»', '«Космос»'],
    ],
    descriptions: [
      ['Развивает мелкую моторику и воображение.', 'Розвиває дрібну моторику та уяву.'],
      ['Безопасные материалы без BPA.', 'Безпечні матеріали без BPA.'],
      ['Подходит для игры дома и в дороге.', 'Підходить для гри вдома та в дорозі.'],
    ],
    subs: [
      {
        slug: 'myagkie-igrushki',
        title: 'Мягкие игрушки',
        titleUkr: 'М’які іграшки',
        kind: 'bear',
        nouns: [
          ['Мягкая игрушка Мишка', 'М’яка іграшка Ведмедик'],
          ['Мягкая игрушка Зайка', 'М’яка іграшка Зайчик'],
          ['Мягкая игрушка Котик', 'М’яка іграшка Котик'],
        ],
        mix: C,
        price: [149, 1299],
        weight: [0.1, 0.6],
        materials: ['plyush'],
        ages: ['0-6-mesyacev', '6-12-mesyacev', '1-3-goda', '3-5-let'],
        isTop: true,
      },
      {
        slug: 'konstruktory',
        title: 'Конструкторы',
        titleUkr: 'Конструктори',
        kind: 'blocks',
        nouns: [
          ['Конструктор', 'Конструктор'],
          ['Магнитный конструктор', 'Магнітний конструктор'],
        ],
        mix: N,
        price: [249, 4999],
        weight: [0.2, 2.5],
        materials: ['plastik', 'derevo'],
        ages: ['3-5-let', '5-7-let', '7-10-let', '10-14-let'],
        isTop: true,
      },
      {
        slug: 'kukly',
        title: 'Куклы',
        titleUkr: 'Ляльки',
        kind: 'dress',
        nouns: [
          ['Кукла', 'Лялька'],
          ['Пупс', 'Пупс'],
          ['Кукольный домик', 'Ляльковий будиночок'],
        ],
        mix: C,
        price: [299, 3999],
        weight: [0.2, 3],
        materials: ['plastik', 'tekstil'],
        ages: ['3-5-let', '5-7-let', '7-10-let'],
      },
      {
        slug: 'mashinki',
        title: 'Машинки и транспорт',
        titleUkr: 'Машинки та транспорт',
        kind: 'car',
        nouns: [
          ['Машинка', 'Машинка'],
          ['Трек', 'Трек'],
          ['Радиоуправляемая машина', 'Радіокерована машина'],
        ],
        mix: C,
        price: [99, 2999],
        weight: [0.1, 2],
        materials: ['plastik', 'metall'],
        ages: ['1-3-goda', '3-5-let', '5-7-let', '7-10-let'],
      },
      {
        slug: 'razvivayushchie-igrushki',
        title: 'Развивающие игрушки',
        titleUkr: 'Розвивальні іграшки',
        kind: 'blocks',
        nouns: [
          ['Сортер', 'Сортер'],
          ['Развивающий коврик', 'Розвивальний килимок'],
          ['Бизиборд', 'Бізіборд'],
        ],
        mix: N,
        price: [199, 2499],
        weight: [0.2, 2],
        materials: ['plastik', 'derevo', 'tekstil'],
        ages: ['0-6-mesyacev', '6-12-mesyacev', '1-3-goda'],
      },
      {
        slug: 'nastolnye-igry',
        title: 'Настольные игры',
        titleUkr: 'Настільні ігри',
        kind: 'book',
        nouns: [
          ['Настольная игра', 'Настільна гра'],
          ['Пазл', 'Пазл'],
          ['Лото', 'Лото'],
        ],
        mix: N,
        price: [149, 1299],
        weight: [0.2, 1.2],
        materials: ['bumaga', 'derevo'],
        ages: ['3-5-let', '5-7-let', '7-10-let', '10-14-let'],
      },
      {
        slug: 'igrushki-dlya-kupaniya',
        title: 'Игрушки для купания',
        titleUkr: 'Іграшки для купання',
        kind: 'ball',
        nouns: [
          ['Игрушка для ванной', 'Іграшка для ванни'],
          ['Набор для купания', 'Набір для купання'],
        ],
        mix: C,
        price: [99, 599],
        weight: [0.05, 0.4],
        materials: ['plastik', 'silikon'],
        ages: ['6-12-mesyacev', '1-3-goda'],
      },
      {
        slug: 'pogremushki',
        title: 'Погремушки и прорезыватели',
        titleUkr: 'Брязкальця та прорізувачі',
        kind: 'ball',
        nouns: [
          ['Погремушка', 'Брязкальце'],
          ['Прорезыватель', 'Прорізувач'],
        ],
        mix: C,
        price: [79, 499],
        weight: [0.03, 0.2],
        materials: ['plastik', 'silikon', 'derevo'],
        ages: ['0-6-mesyacev', '6-12-mesyacev'],
      },
      {
        slug: 'batareyki',
        title: 'Батарейки',
        titleUkr: 'Батарейки',
        kind: 'tube',
        nouns: [
          ['Батарейки AA', 'Батарейки AA'],
          ['Батарейки AAA', 'Батарейки AAA'],
        ],
        mix: { colorSize: 0, color: 0, size: 0, none: 1 },
        price: [49, 199],
        weight: [0.05, 0.1],
        materials: ['metall'],
        ages: ['dlya-vzroslyh'],
        excludeFromMenu: true,
      },
    ],
  },
  {
    slug: 'kormlenie',
    title: 'Кормление',
    titleUkr: 'Годування',
    kind: 'bottle',
    brandGroup: 'feeding',
    topics: ['color', 'brand', 'age', 'material', 'promotions', 'own-import'],
    share: 10,
    weight: 70,
    topCount: 6,
    collapse: true,
    showCount: false,
    baseSearchEnable: true,
    gendered: false,
    quickFilters: ['silikon', 'steklo'],
    modifiers: [
      ['с антиколиковым клапаном', 'з антиколіковим клапаном'],
      ['для новорождённых', 'для новонароджених'],
      ['без BPA', 'без BPA'],
      ['набор из 2 шт.', 'набір з 2 шт.'],
      ['«Натурал»', '«Натурал»'],
      ['«Первые шаги»', '«Перші кроки»'],
    ],
    descriptions: [
      ['Не содержит бисфенола А.', 'Не містить бісфенолу А.'],
      ['Можно мыть в посудомоечной машине.', 'Можна мити в посудомийній машині.'],
      ['Удобно держать маленькими руками.', 'Зручно тримати маленькими руками.'],
    ],
    subs: [
      {
        slug: 'butylochki',
        title: 'Бутылочки',
        titleUkr: 'Пляшечки',
        kind: 'bottle',
        nouns: [
          ['Бутылочка', 'Пляшечка'],
          ['Бутылочка стеклянная', 'Пляшечка скляна'],
        ],
        mix: C,
        price: [149, 699],
        weight: [0.08, 0.3],
        materials: ['plastik', 'steklo', 'silikon'],
        ages: BABY_AGES,
        isTop: true,
      },
      {
        slug: 'soski-pustyshki',
        title: 'Соски и пустышки',
        titleUkr: 'Соски та пустушки',
        kind: 'bottle',
        nouns: [
          ['Пустышка', 'Пустушка'],
          ['Соска для бутылочки', 'Соска для пляшечки'],
        ],
        mix: C,
        price: [79, 349],
        weight: [0.02, 0.08],
        materials: ['silikon'],
        ages: BABY_AGES,
        subscription: true,
      },
      {
        slug: 'posuda',
        title: 'Детская посуда',
        titleUkr: 'Дитячий посуд',
        kind: 'bowl',
        nouns: [
          ['Тарелка', 'Тарілка'],
          ['Поильник', 'Поїльник'],
          ['Набор посуды', 'Набір посуду'],
          ['Ложка', 'Ложка'],
        ],
        mix: C,
        price: [79, 899],
        weight: [0.05, 0.6],
        materials: ['plastik', 'silikon', 'derevo'],
        ages: ['6-12-mesyacev', '1-3-goda', '3-5-let'],
      },
      {
        slug: 'stulchiki-dlya-kormleniya',
        title: 'Стульчики для кормления',
        titleUkr: 'Стільчики для годування',
        kind: 'chair',
        nouns: [
          ['Стульчик для кормления', 'Стільчик для годування'],
          ['Бустер', 'Бустер'],
        ],
        mix: C,
        price: [1499, 8999],
        weight: [3, 9],
        materials: ['plastik', 'derevo', 'metall'],
        ages: ['6-12-mesyacev', '1-3-goda'],
      },
      {
        slug: 'podogrevateli-i-sterilizatory',
        title: 'Подогреватели и стерилизаторы',
        titleUkr: 'Підігрівачі та стерилізатори',
        kind: 'bottle',
        nouns: [
          ['Подогреватель бутылочек', 'Підігрівач пляшечок'],
          ['Стерилизатор', 'Стерилізатор'],
          ['Блендер-пароварка', 'Блендер-пароварка'],
        ],
        mix: N,
        price: [899, 5499],
        weight: [0.6, 2.5],
        materials: ['plastik'],
        ages: ['0-6-mesyacev', '6-12-mesyacev'],
      },
      {
        slug: 'nagrudniki',
        title: 'Нагрудники',
        titleUkr: 'Нагрудники',
        kind: 'bodysuit',
        nouns: [
          ['Нагрудник', 'Слинявчик'],
          ['Нагрудник с карманом', 'Слинявчик з кишенею'],
        ],
        mix: C,
        price: [59, 299],
        weight: [0.03, 0.1],
        materials: ['silikon', 'hlopok'],
        ages: ['6-12-mesyacev', '1-3-goda'],
      },
    ],
  },
  {
    slug: 'gigiena',
    title: 'Гигиена и уход',
    titleUkr: 'Гігієна та догляд',
    kind: 'diaper',
    brandGroup: 'hygiene',
    topics: ['size', 'brand', 'age', 'promotions', 'own-import'],
    share: 10,
    weight: 60,
    topCount: 6,
    collapse: true,
    showCount: true,
    baseSearchEnable: true,
    gendered: false,
    quickFilters: ['razmer-3', 'razmer-4'],
    modifiers: [
      ['мега-упаковка', 'мега-упаковка'],
      ['для чувствительной кожи', 'для чутливої шкіри'],
      ['без отдушек', 'без ароматизаторів'],
      ['с экстрактом ромашки', 'з екстрактом ромашки'],
      ['эко', 'еко'],
    ],
    descriptions: [
      ['Гипоаллергенно, проверено дерматологами.', 'Гіпоалергенно, перевірено дерматологами.'],
      ['Надёжная защита днём и ночью.', 'Надійний захист вдень і вночі.'],
      ['Бережный уход с первых дней жизни.', 'Дбайливий догляд з перших днів життя.'],
    ],
    subs: [
      {
        slug: 'podguzniki',
        title: 'Подгузники и трусики',
        titleUkr: 'Підгузки та трусики',
        kind: 'diaper',
        nouns: [
          ['Подгузники', 'Підгузки'],
          ['Трусики-подгузники', 'Трусики-підгузки'],
        ],
        sizes: ['diapers'],
        mix: S,
        price: [299, 1299],
        weight: [0.8, 3],
        ages: BABY_AGES,
        isTop: true,
        subscription: true,
      },
      {
        slug: 'vlazhnye-salfetki',
        title: 'Влажные салфетки',
        titleUkr: 'Вологі серветки',
        kind: 'tube',
        nouns: [['Влажные салфетки', 'Вологі серветки']],
        mix: N,
        price: [39, 249],
        weight: [0.2, 0.9],
        ages: BABY_AGES,
        subscription: true,
      },
      {
        slug: 'kosmetika-dlya-detey',
        title: 'Детская косметика',
        titleUkr: 'Дитяча косметика',
        kind: 'tube',
        nouns: [
          ['Крем под подгузник', 'Крем під підгузок'],
          ['Шампунь детский', 'Шампунь дитячий'],
          ['Масло для массажа', 'Олія для масажу'],
          ['Пена для купания', 'Піна для купання'],
        ],
        mix: N,
        price: [79, 599],
        weight: [0.1, 0.5],
        ages: ['0-6-mesyacev', '6-12-mesyacev', '1-3-goda', '3-5-let'],
        subscription: true,
      },
      {
        slug: 'vannochki',
        title: 'Ванночки и горки',
        titleUkr: 'Ванночки та гірки',
        kind: 'bowl',
        nouns: [
          ['Ванночка', 'Ванночка'],
          ['Горка для купания', 'Гірка для купання'],
        ],
        mix: C,
        price: [399, 1999],
        weight: [0.8, 3],
        ages: BABY_AGES,
      },
      {
        slug: 'zubnye-shchetki',
        title: 'Зубные щётки и пасты',
        titleUkr: 'Зубні щітки та пасти',
        kind: 'pencil',
        nouns: [
          ['Зубная щётка', 'Зубна щітка'],
          ['Зубная паста детская', 'Зубна паста дитяча'],
        ],
        mix: N,
        price: [49, 299],
        weight: [0.02, 0.1],
        ages: ['1-3-goda', '3-5-let', '5-7-let'],
        subscription: true,
      },
      {
        slug: 'gorshki',
        title: 'Горшки и сиденья',
        titleUkr: 'Горщики та сидіння',
        kind: 'bowl',
        nouns: [
          ['Горшок', 'Горщик'],
          ['Накладка на унитаз', 'Накладка на унітаз'],
        ],
        mix: C,
        price: [199, 999],
        weight: [0.4, 1.5],
        ages: ['1-3-goda', '3-5-let'],
      },
    ],
  },
  {
    slug: 'kolyaski-i-avtokresla',
    title: 'Коляски и автокресла',
    titleUkr: 'Коляски та автокрісла',
    kind: 'stroller',
    brandGroup: 'transport',
    topics: ['color', 'brand', 'age', 'season', 'promotions', 'own-import'],
    share: 6,
    weight: 50,
    topCount: 4,
    collapse: false,
    showCount: true,
    baseSearchEnable: true,
    isTop: true,
    gendered: false,
    quickFilters: ['0-6-mesyacev'],
    modifiers: [
      ['2 в 1', '2 в 1'],
      ['3 в 1', '3 в 1'],
      ['с системой Isofix', 'з системою Isofix'],
      ['для новорождённых', 'для новонароджених'],
      ['«Город»', '«Місто»'],
      ['«Travel»', '«Travel»'],
    ],
    descriptions: [
      ['Складывается одной рукой.', 'Складається однією рукою.'],
      ['Прошла европейские краш-тесты.', 'Пройшла європейські краш-тести.'],
      ['Большие колёса для любого покрытия.', 'Великі колеса для будь-якого покриття.'],
    ],
    subs: [
      {
        slug: 'universalnye-kolyaski',
        title: 'Универсальные коляски',
        titleUkr: 'Універсальні коляски',
        kind: 'stroller',
        nouns: [['Коляска универсальная', 'Коляска універсальна']],
        mix: { colorSize: 0, color: 1, size: 0, none: 0 },
        price: [8999, 39999],
        weight: [10, 16],
        seasons: ['vsesezon', 'zima'],
        ages: BABY_AGES,
        isTop: true,
      },
      {
        slug: 'progulochnye-kolyaski',
        title: 'Прогулочные коляски',
        titleUkr: 'Прогулянкові коляски',
        kind: 'stroller',
        nouns: [
          ['Коляска прогулочная', 'Коляска прогулянкова'],
          ['Коляска-трость', 'Коляска-тростина'],
        ],
        mix: { colorSize: 0, color: 1, size: 0, none: 0 },
        price: [2999, 19999],
        weight: [5, 10],
        seasons: ['leto', 'vsesezon'],
        ages: ['6-12-mesyacev', '1-3-goda'],
      },
      {
        slug: 'avtokresla',
        title: 'Автокресла',
        titleUkr: 'Автокрісла',
        kind: 'carseat',
        nouns: [
          ['Автокресло', 'Автокрісло'],
          ['Автолюлька', 'Автолюлька'],
          ['Бустер автомобильный', 'Бустер автомобільний'],
        ],
        mix: { colorSize: 0, color: 1, size: 0, none: 0 },
        price: [1999, 24999],
        weight: [3, 15],
        seasons: ['vsesezon'],
        ages: ['0-6-mesyacev', '6-12-mesyacev', '1-3-goda', '3-5-let', '5-7-let', '7-10-let'],
      },
      {
        slug: 'aksessuary-dlya-kolyasok',
        title: 'Аксессуары для колясок',
        titleUkr: 'Аксесуари для колясок',
        kind: 'bowl',
        nouns: [
          ['Дождевик для коляски', 'Дощовик для коляски'],
          ['Муфта для рук', 'Муфта для рук'],
          ['Сумка для мамы', 'Сумка для мами'],
          ['Конверт в коляску', 'Конверт у коляску'],
        ],
        mix: C,
        price: [199, 1999],
        weight: [0.2, 1.5],
        seasons: ALL_SEASONS,
        ages: BABY_AGES,
      },
    ],
  },
  {
    slug: 'shkola',
    title: 'Школа',
    titleUkr: 'Школа',
    kind: 'backpack',
    brandGroup: 'school',
    topics: ['size', 'color', 'brand', 'age', 'gender', 'material', 'promotions', 'own-import'],
    share: 7,
    weight: 40,
    topCount: 5,
    collapse: true,
    showCount: true,
    baseSearchEnable: true,
    gendered: true,
    quickFilters: ['dlya-devochek', 'dlya-malchikov'],
    modifiers: [
      ['с рисунком', 'з малюнком'],
      ['«Котики»', '«Котики»'],
      ['«Футбол»', '«Футбол»'],
      ['«Космос»', '«Космос»'],
      ['«Цветы»', '«Квіти»'],
      ['для первоклассника', 'для першокласника'],
    ],
    descriptions: [
      ['Всё необходимое к 1 сентября.', 'Усе необхідне до 1 вересня.'],
      ['Прочные материалы на весь учебный год.', 'Міцні матеріали на весь навчальний рік.'],
    ],
    subs: [
      {
        slug: 'ryukzaki',
        title: 'Рюкзаки',
        titleUkr: 'Рюкзаки',
        kind: 'backpack',
        nouns: [
          ['Рюкзак школьный', 'Рюкзак шкільний'],
          ['Ранец', 'Ранець'],
          ['Рюкзак дошкольный', 'Рюкзак дошкільний'],
        ],
        mix: C,
        price: [599, 3999],
        weight: [0.6, 1.5],
        materials: ['poliester', 'tekstil'],
        ages: SCHOOL_AGES,
        isTop: true,
      },
      {
        slug: 'penaly',
        title: 'Пеналы',
        titleUkr: 'Пенали',
        kind: 'pencil',
        nouns: [
          ['Пенал', 'Пенал'],
          ['Пенал-тубус', 'Пенал-тубус'],
        ],
        mix: C,
        price: [99, 599],
        weight: [0.1, 0.3],
        materials: ['poliester', 'plastik'],
        ages: SCHOOL_AGES,
      },
      {
        slug: 'tetradi',
        title: 'Тетради и блокноты',
        titleUkr: 'Зошити та блокноти',
        kind: 'book',
        nouns: [
          ['Тетрадь 12 листов', 'Зошит 12 аркушів'],
          ['Тетрадь 48 листов', 'Зошит 48 аркушів'],
          ['Блокнот', 'Блокнот'],
        ],
        mix: N,
        price: [15, 99],
        weight: [0.03, 0.2],
        materials: ['bumaga'],
        ages: SCHOOL_AGES,
      },
      {
        slug: 'kanctovary',
        title: 'Канцтовары',
        titleUkr: 'Канцтовари',
        kind: 'pencil',
        nouns: [
          ['Набор карандашей', 'Набір олівців'],
          ['Фломастеры', 'Фломастери'],
          ['Краски акварельные', 'Фарби акварельні'],
          ['Пластилин', 'Пластилін'],
        ],
        mix: N,
        price: [39, 399],
        weight: [0.05, 0.4],
        materials: ['derevo', 'plastik', 'bumaga'],
        ages: SCHOOL_AGES,
      },
      {
        slug: 'shkolnaya-forma',
        title: 'Школьная форма',
        titleUkr: 'Шкільна форма',
        kind: 'jacket',
        nouns: [
          ['Пиджак школьный', 'Піджак шкільний'],
          ['Блузка школьная', 'Блузка шкільна'],
          ['Рубашка школьная', 'Сорочка шкільна'],
          ['Сарафан школьный', 'Сарафан шкільний'],
        ],
        sizes: ['kids', 'teen'],
        mix: CS,
        price: [399, 1999],
        weight: [0.2, 0.6],
        materials: ['hlopok', 'poliester'],
        ages: SCHOOL_AGES,
      },
    ],
  },
  {
    slug: 'dlya-mam',
    title: 'Для мам',
    titleUkr: 'Для мам',
    kind: 'dress',
    brandGroup: 'mom',
    topics: ['size', 'color', 'brand', 'material', 'promotions'],
    share: 4,
    weight: 30,
    topCount: 3,
    collapse: true,
    showCount: false,
    baseSearchEnable: true,
    gendered: false,
    quickFilters: [],
    modifiers: [
      ['для беременных', 'для вагітних'],
      ['для кормления', 'для годування'],
      ['базовой коллекции', 'базової колекції'],
    ],
    descriptions: [
      ['Комфорт во время беременности и после родов.', 'Комфорт під час вагітності та після пологів.'],
      [
        'Продумано вместе с консультантами по грудному вскармливанию.',
        'Продумано разом з консультантами з грудного вигодовування.',
      ],
    ],
    subs: [
      {
        slug: 'odezhda-dlya-beremennyh',
        title: 'Одежда для беременных',
        titleUkr: 'Одяг для вагітних',
        kind: 'dress',
        nouns: [
          ['Платье', 'Сукня'],
          ['Бандаж', 'Бандаж'],
          ['Бюстгальтер', 'Бюстгальтер'],
        ],
        sizes: ['letters'],
        mix: CS,
        price: [299, 1999],
        weight: [0.1, 0.5],
        materials: ['hlopok', 'trikotazh'],
        ages: ['dlya-vzroslyh'],
      },
      {
        slug: 'slingi',
        title: 'Слинги и эрго-рюкзаки',
        titleUkr: 'Слінги та ерго-рюкзаки',
        kind: 'backpack',
        nouns: [
          ['Слинг', 'Слінг'],
          ['Эрго-рюкзак', 'Ерго-рюкзак'],
        ],
        mix: C,
        price: [899, 5999],
        weight: [0.4, 1.2],
        materials: ['hlopok', 'tekstil'],
        ages: ['dlya-vzroslyh'],
      },
      {
        slug: 'molokootsosy',
        title: 'Молокоотсосы',
        titleUkr: 'Молоковідсмоктувачі',
        kind: 'bottle',
        nouns: [
          ['Молокоотсос ручной', 'Молоковідсмоктувач ручний'],
          ['Молокоотсос электрический', 'Молоковідсмоктувач електричний'],
          ['Накладки для груди', 'Накладки для грудей'],
        ],
        mix: N,
        price: [299, 9999],
        weight: [0.1, 1.2],
        materials: ['plastik', 'silikon'],
        ages: ['dlya-vzroslyh'],
      },
    ],
  },
  {
    slug: 'elektronnyi-podarochnyi-sertifikat',
    title: 'Электронный подарочный сертификат',
    titleUkr: 'Електронний подарунковий сертифікат',
    kind: 'gift',
    brandGroup: 'shop',
    topics: ['size'],
    share: 0,
    weight: 10,
    topCount: 0,
    collapse: false,
    showCount: false,
    baseSearchEnable: false,
    gendered: false,
    quickFilters: [],
    modifiers: [],
    descriptions: [],
    subs: [],
  },
  {
    slug: 'sluzhebnaya',
    title: 'Служебная',
    titleUkr: 'Службова',
    kind: 'gift',
    brandGroup: 'shop',
    topics: ['brand'],
    share: 0,
    weight: 0,
    topCount: 0,
    collapse: true,
    showCount: false,
    baseSearchEnable: false,
    excludeFromMenu: true,
    gendered: false,
    quickFilters: [],
    modifiers: [],
    descriptions: [],
    subs: [
      {
        slug: 'podarochnaya-upakovka',
        title: 'Подарочная упаковка',
        titleUkr: 'Подарункове пакування',
        kind: 'gift',
        nouns: [
          ['Подарочная упаковка', 'Подарункове пакування'],
          ['Подарочный пакет', 'Подарунковий пакет'],
        ],
        mix: N,
        price: [29, 149],
        weight: [0.05, 0.2],
        excludeFromMenu: true,
      },
    ],
  },
];

export const CERTIFICATE_CATEGORY = 'elektronnyi-podarochnyi-sertifikat';
export const SERVICE_CATEGORY = 'sluzhebnaya';

/** Search groups (spec: searchGroupList with categoryRefs): themed shortcuts across folders. */
export const SEARCH_GROUPS: readonly { slug: string; title: string; titleUkr: string; categoryRefs: string[] }[] = [
  {
    slug: 'dlya-novorozhdennyh',
    title: 'Для новорождённых',
    titleUkr: 'Для новонароджених',
    categoryRefs: ['bodi', 'polzunki', 'pinetki', 'pogremushki', 'butylochki', 'podguzniki'],
  },
  {
    slug: 'na-progulku',
    title: 'На прогулку',
    titleUkr: 'На прогулянку',
    categoryRefs: [
      'kombinezony',
      'kurtki',
      'universalnye-kolyaski',
      'progulochnye-kolyaski',
      'aksessuary-dlya-kolyasok',
    ],
  },
  {
    slug: 'k-shkole',
    title: 'Снова в школу',
    titleUkr: 'Знову до школи',
    categoryRefs: ['ryukzaki', 'penaly', 'tetradi', 'kanctovary', 'shkolnaya-forma'],
  },
  {
    slug: 'kupanie',
    title: 'Купание',
    titleUkr: 'Купання',
    categoryRefs: ['vannochki', 'igrushki-dlya-kupaniya', 'kosmetika-dlya-detey', 'kupalniki'],
  },
  {
    slug: 'podarki',
    title: 'Подарки',
    titleUkr: 'Подарунки',
    categoryRefs: ['konstruktory', 'kukly', 'nastolnye-igry', 'elektronnyi-podarochnyi-sertifikat'],
  },
];

/**
 * Which products a catalogue lists: a product belongs when it matches any rule. A rule matches
 * when the product's folder or sub-category is one of `categories` (if given) and it has at least
 * one of the `filters` (if given).
 */
export interface CatalogueRule {
  categories?: readonly string[];
  filters?: readonly (readonly [topic: string, slug: string])[];
}

/** Catalogue pages reached by slug (spec §2 special catalogues); texts in Russian and Ukrainian. */
export interface CatalogueDef {
  slug: string;
  /** `outlet` lists discounted goods (computed by the service); the others list their rules' products. */
  kind: 'outlet' | 'bundle' | 'custom';
  title: string;
  titleUkr: string;
  h1: string;
  h1Ukr: string;
  description: string;
  descriptionUkr: string;
  rules: readonly CatalogueRule[];
}

export const CATALOGUES: readonly CatalogueDef[] = [
  {
    slug: 'outlet',
    kind: 'outlet',
    title: 'Аутлет: детские товары со скидкой',
    titleUkr: 'Аутлет: дитячі товари зі знижкою',
    h1: 'Аутлет',
    h1Ukr: 'Аутлет',
    description: 'Детская одежда, обувь, игрушки и товары для малышей со скидкой до 50%.',
    descriptionUkr: 'Дитячий одяг, взуття, іграшки та товари для малюків зі знижкою до 50%.',
    rules: [],
  },
  {
    slug: 'pakunok-malyuka',
    kind: 'bundle',
    title: 'Пакунок малюка: всё для новорождённого',
    titleUkr: 'Пакунок малюка: все для новонародженого',
    h1: 'Пакунок малюка',
    h1Ukr: 'Пакунок малюка',
    description:
      'Одежда, кормление, гигиена и первые игрушки для малыша от рождения до 6 месяцев — оплата картой «Пакунок малюка».',
    descriptionUkr:
      'Одяг, годування, гігієна та перші іграшки для малюка від народження до 6 місяців — оплата карткою «Пакунок малюка».',
    rules: [
      {
        categories: [
          'bodi',
          'polzunki',
          'pinetki',
          'butylochki',
          'soski-pustyshki',
          'podogrevateli-i-sterilizatory',
          'podguzniki',
          'vlazhnye-salfetki',
          'kosmetika-dlya-detey',
          'vannochki',
          'pogremushki',
          'razvivayushchie-igrushki',
        ],
        filters: [['age', '0-6-mesyacev']],
      },
    ],
  },
  {
    slug: 'leto',
    kind: 'custom',
    title: 'Летняя коллекция для детей',
    titleUkr: 'Літня колекція для дітей',
    h1: 'Всё для лета',
    h1Ukr: 'Все для літа',
    description: 'Лёгкая одежда, сандалии, купальники и летние коляски для детей.',
    descriptionUkr: 'Легкий одяг, сандалі, купальники та літні візочки для дітей.',
    rules: [{ filters: [['season', 'leto']] }],
  },
  {
    slug: 'shkola-2026',
    kind: 'custom',
    title: 'Снова в школу 2026',
    titleUkr: 'Знову до школи 2026',
    h1: 'Школа 2026',
    h1Ukr: 'Школа 2026',
    description: 'Рюкзаки, пеналы, тетради, канцтовары, школьная форма и обувь к 1 сентября.',
    descriptionUkr: 'Рюкзаки, пенали, зошити, канцтовари, шкільна форма та взуття до 1 вересня.',
    rules: [
      { categories: ['shkola'] },
      {
        categories: ['krossovki', 'kedy'],
        filters: [
          ['age', '5-7-let'],
          ['age', '7-10-let'],
        ],
      },
    ],
  },
  {
    slug: 'podarki',
    kind: 'custom',
    title: 'Подарки детям',
    titleUkr: 'Подарунки дітям',
    h1: 'Идеи подарков',
    h1Ukr: 'Ідеї подарунків',
    description: 'Конструкторы, куклы, настольные игры, мягкие игрушки и подарочные сертификаты.',
    descriptionUkr: 'Конструктори, ляльки, настільні ігри, м’які іграшки та подарункові сертифікати.',
    rules: [
      { categories: ['konstruktory', 'kukly', 'nastolnye-igry', 'myagkie-igrushki'] },
      { categories: [CERTIFICATE_CATEGORY] },
    ],
  },
];

/** Sub-category → sub-categories whose goods are offered as its accessories, in order. */
export const ACCESSORY_CATEGORIES: Readonly<Record<string, readonly string[]>> = {
  'universalnye-kolyaski': ['aksessuary-dlya-kolyasok', 'avtokresla'],
  'progulochnye-kolyaski': ['aksessuary-dlya-kolyasok'],
  avtokresla: ['aksessuary-dlya-kolyasok'],
  butylochki: ['soski-pustyshki', 'podogrevateli-i-sterilizatory'],
  'soski-pustyshki': ['butylochki'],
  posuda: ['nagrudniki', 'stulchiki-dlya-kormleniya'],
  'stulchiki-dlya-kormleniya': ['posuda', 'nagrudniki'],
  mashinki: ['batareyki'],
  'razvivayushchie-igrushki': ['batareyki'],
  ryukzaki: ['penaly', 'tetradi', 'kanctovary'],
  penaly: ['kanctovary'],
  'shkolnaya-forma': ['ryukzaki'],
  krossovki: ['noski'],
  kedy: ['noski'],
  botinki: ['noski'],
  sapogi: ['noski'],
  kurtki: ['shapki'],
  kombinezony: ['shapki', 'noski'],
  bodi: ['polzunki', 'noski'],
  polzunki: ['bodi'],
  podguzniki: ['vlazhnye-salfetki', 'kosmetika-dlya-detey'],
  vannochki: ['igrushki-dlya-kupaniya', 'kosmetika-dlya-detey'],
};

/** Editor-written meta for a category page, optionally with one selected filter value ([topic, slug]). */
export interface SmartMetaDef {
  category: string;
  filter: readonly [topic: string, slug: string] | null;
  h1: string;
  h1Ukr: string;
  title: string;
  titleUkr: string;
  description: string;
  descriptionUkr: string;
}

export const SMART_META: readonly SmartMetaDef[] = [
  {
    category: 'odezhda',
    filter: null,
    h1: 'Детская одежда',
    h1Ukr: 'Дитячий одяг',
    title: 'Детская одежда — купить в интернет-магазине «Карапуз»',
    titleUkr: 'Дитячий одяг — купити в інтернет-магазині «Карапуз»',
    description: 'Одежда для детей от рождения до 14 лет: боди, футболки, платья, куртки и пижамы.',
    descriptionUkr: 'Одяг для дітей від народження до 14 років: боді, футболки, сукні, куртки та піжами.',
  },
  {
    category: 'odezhda',
    filter: ['gender', 'dlya-devochek'],
    h1: 'Одежда для девочек',
    h1Ukr: 'Одяг для дівчаток',
    title: 'Одежда для девочек — купить в интернет-магазине «Карапуз»',
    titleUkr: 'Одяг для дівчаток — купити в інтернет-магазині «Карапуз»',
    description: 'Платья, юбки, футболки и куртки для девочек от 0 до 14 лет.',
    descriptionUkr: 'Сукні, спідниці, футболки та куртки для дівчаток від 0 до 14 років.',
  },
  {
    category: 'obuv',
    filter: ['season', 'leto'],
    h1: 'Летняя детская обувь',
    h1Ukr: 'Літнє дитяче взуття',
    title: 'Летняя обувь для детей — сандалии, кеды, кроссовки',
    titleUkr: 'Літнє взуття для дітей — сандалі, кеди, кросівки',
    description: 'Сандалии, кеды и лёгкие кроссовки для детей на лето.',
    descriptionUkr: 'Сандалі, кеди та легкі кросівки для дітей на літо.',
  },
];
