/**
 * Filter topics and their values for the demo shop (spec §3 "Filter topics"). Slugs are
 * transliterated Russian, as the shop's URLs are; titles come in Russian and Ukrainian.
 */
export interface FilterValueDef {
  slug: string;
  title: string;
  titleUkr: string;
  /** Swatch for colours (a colour or a gradient). */
  cssBackground?: string;
  /** The colour code the ERP uses; variants carry it as colorCode. */
  code?: string;
}

export interface TopicDef {
  slug: string;
  title: string;
  titleUkr: string;
  values: FilterValueDef[];
}

const v = (slug: string, title: string, titleUkr: string): FilterValueDef => ({ slug, title, titleUkr });
const colour = (slug: string, title: string, titleUkr: string, css: string, code: string): FilterValueDef => ({
  slug,
  title,
  titleUkr,
  cssBackground: css,
  code,
});

export const COLOURS: FilterValueDef[] = [
  colour('belyy', 'Белый', 'Білий', '#ffffff', '#ffffff'),
  colour('molochnyy', 'Молочный', 'Молочний', '#f8f1e3', '#f8f1e3'),
  colour('bezhevyy', 'Бежевый', 'Бежевий', '#e3cfae', '#e3cfae'),
  colour('seryy', 'Серый', 'Сірий', '#9e9e9e', '#9e9e9e'),
  colour('chernyy', 'Чёрный', 'Чорний', '#212121', '#212121'),
  colour('krasnyy', 'Красный', 'Червоний', '#d32f2f', '#d32f2f'),
  colour('rozovyy', 'Розовый', 'Рожевий', '#f48fb1', '#f48fb1'),
  colour('malinovyy', 'Малиновый', 'Малиновий', '#c2185b', '#c2185b'),
  colour('oranzhevyy', 'Оранжевый', 'Помаранчевий', '#fb8c00', '#fb8c00'),
  colour('zheltyy', 'Жёлтый', 'Жовтий', '#fdd835', '#fdd835'),
  colour('zelenyy', 'Зелёный', 'Зелений', '#43a047', '#43a047'),
  colour('myatnyy', 'Мятный', 'М’ятний', '#98d8c8', '#98d8c8'),
  colour('haki', 'Хаки', 'Хакі', '#7c7f4a', '#7c7f4a'),
  colour('goluboy', 'Голубой', 'Блакитний', '#81d4fa', '#81d4fa'),
  colour('siniy', 'Синий', 'Синій', '#1e88e5', '#1e88e5'),
  colour('temno-siniy', 'Тёмно-синий', 'Темно-синій', '#1a237e', '#1a237e'),
  colour('fioletovyy', 'Фиолетовый', 'Фіолетовий', '#8e24aa', '#8e24aa'),
  colour('lilovyy', 'Лиловый', 'Бузковий', '#b39ddb', '#b39ddb'),
  colour('korichnevyy', 'Коричневый', 'Коричневий', '#6d4c41', '#6d4c41'),
  colour('bordovyy', 'Бордовый', 'Бордовий', '#7b1f2e', '#7b1f2e'),
  colour(
    'raznocvetnyy',
    'Разноцветный',
    'Різнокольоровий',
    'linear-gradient(135deg, #f44336 0%, #ffeb3b 35%, #4caf50 65%, #2196f3 100%)',
    '#ff9800',
  ),
];

const HEIGHTS = [50, 56, 62, 68, 74, 80, 86, 92, 98, 104, 110, 116, 122, 128, 134, 140, 146, 152, 158, 164];
const SHOE_SIZES = Array.from({ length: 25 }, (_, i) => 16 + i);

export const SIZES: FilterValueDef[] = [
  ...HEIGHTS.map((h) => v(String(h), `${h} см`, `${h} см`)),
  ...SHOE_SIZES.map((s) => v(String(s), String(s), String(s))),
  ...['xs', 's', 'm', 'l', 'xl', 'xxl'].map((s) => v(s, s.toUpperCase(), s.toUpperCase())),
  v('razmer-1', '1 (2–5 кг)', '1 (2–5 кг)'),
  v('razmer-2', '2 (3–6 кг)', '2 (3–6 кг)'),
  v('razmer-3', '3 (5–9 кг)', '3 (5–9 кг)'),
  v('razmer-4', '4 (8–14 кг)', '4 (8–14 кг)'),
  v('razmer-5', '5 (11–16 кг)', '5 (11–16 кг)'),
  v('razmer-6', '6 (15+ кг)', '6 (15+ кг)'),
  ...[250, 500, 1000, 2000, 3000, 5000].map((n) => v(`${n}-grn`, `${n} грн`, `${n} грн`)),
];

export const CERTIFICATE_NOMINALS = [250, 500, 1000, 2000, 3000, 5000];

export const AGES: FilterValueDef[] = [
  v('0-6-mesyacev', '0–6 месяцев', '0–6 місяців'),
  v('6-12-mesyacev', '6–12 месяцев', '6–12 місяців'),
  v('1-3-goda', '1–3 года', '1–3 роки'),
  v('3-5-let', '3–5 лет', '3–5 років'),
  v('5-7-let', '5–7 лет', '5–7 років'),
  v('7-10-let', '7–10 лет', '7–10 років'),
  v('10-14-let', '10–14 лет', '10–14 років'),
  v('dlya-vzroslyh', 'Для взрослых', 'Для дорослих'),
];

export const GENDERS: FilterValueDef[] = [
  v('dlya-devochek', 'Для девочек', 'Для дівчаток'),
  v('dlya-malchikov', 'Для мальчиков', 'Для хлопчиків'),
  v('uniseks', 'Унисекс', 'Унісекс'),
];

export const SEASONS: FilterValueDef[] = [
  v('leto', 'Лето', 'Літо'),
  v('demisezon', 'Демисезон', 'Демісезон'),
  v('zima', 'Зима', 'Зима'),
  v('vsesezon', 'Всесезон', 'Всесезон'),
];

export const MATERIALS: FilterValueDef[] = [
  v('hlopok', 'Хлопок', 'Бавовна'),
  v('trikotazh', 'Трикотаж', 'Трикотаж'),
  v('flis', 'Флис', 'Фліс'),
  v('dzhins', 'Джинс', 'Джинс'),
  v('poliester', 'Полиэстер', 'Поліестер'),
  v('naturalnaya-kozha', 'Натуральная кожа', 'Натуральна шкіра'),
  v('eko-kozha', 'Экокожа', 'Екошкіра'),
  v('tekstil', 'Текстиль', 'Текстиль'),
  v('plastik', 'Пластик', 'Пластик'),
  v('derevo', 'Дерево', 'Дерево'),
  v('silikon', 'Силикон', 'Силікон'),
  v('steklo', 'Стекло', 'Скло'),
  v('plyush', 'Плюш', 'Плюш'),
  v('metall', 'Металл', 'Метал'),
  v('bumaga', 'Бумага', 'Папір'),
];

export const PROMOTIONS: FilterValueDef[] = [
  v('skidki-do-50', 'Скидки до −50%', 'Знижки до −50%'),
  v('tretiy-tovar-v-podarok', 'Третий товар в подарок', 'Третій товар у подарунок'),
  v('vygodnye-komplekty', 'Выгодные комплекты', 'Вигідні комплекти'),
  v('rasprodazha-sezona', 'Распродажа сезона', 'Розпродаж сезону'),
  v('chernaya-pyatnica', 'Чёрная пятница', 'Чорна п’ятниця'),
];

export const OWN_IMPORT: FilterValueDef[] = [v('own-import', 'Собственный импорт', 'Власний імпорт')];

/** Topics in menu order; `brand` values come from the brand list. */
export const TOPICS: TopicDef[] = [
  { slug: 'size', title: 'Размер', titleUkr: 'Розмір', values: SIZES },
  { slug: 'color', title: 'Цвет', titleUkr: 'Колір', values: COLOURS },
  { slug: 'brand', title: 'Бренд', titleUkr: 'Бренд', values: [] },
  { slug: 'age', title: 'Возраст', titleUkr: 'Вік', values: AGES },
  { slug: 'gender', title: 'Пол', titleUkr: 'Стать', values: GENDERS },
  { slug: 'season', title: 'Сезон', titleUkr: 'Сезон', values: SEASONS },
  { slug: 'material', title: 'Материал', titleUkr: 'Матеріал', values: MATERIALS },
  { slug: 'promotions', title: 'Акции', titleUkr: 'Акції', values: PROMOTIONS },
  { slug: 'own-import', title: 'Собственный импорт', titleUkr: 'Власний імпорт', values: OWN_IMPORT },
];

/** The special topic that filters and counts by sub-category; its values are category slugs. */
export const CATEGORY_TOPIC = 'category';

/** Size slug groups the generator draws from. */
export const SIZE_SCHEMES = {
  newborn: ['50', '56', '62', '68', '74', '80', '86'],
  baby: ['62', '68', '74', '80', '86', '92', '98'],
  kids: ['92', '98', '104', '110', '116', '122', '128', '134', '140'],
  teen: ['122', '128', '134', '140', '146', '152', '158', '164'],
  babyShoes: ['16', '17', '18', '19', '20', '21', '22'],
  kidsShoes: ['22', '23', '24', '25', '26', '27', '28', '29', '30', '31', '32'],
  teenShoes: ['31', '32', '33', '34', '35', '36', '37', '38', '39', '40'],
  letters: ['xs', 's', 'm', 'l', 'xl', 'xxl'],
  diapers: ['razmer-1', 'razmer-2', 'razmer-3', 'razmer-4', 'razmer-5', 'razmer-6'],
  certificate: CERTIFICATE_NOMINALS.map((n) => `${n}-grn`),
} as const;
export type SizeScheme = keyof typeof SIZE_SCHEMES;
