import type { Random } from './random.ts';
import { BRANDS } from './brands.ts';
import type { BrandDef } from './brands.ts';
import { CERTIFICATE_CATEGORY, FOLDERS, SERVICE_CATEGORY } from './categories.ts';
import type { FolderDef, ImageKind, SubCategoryDef, VariantMix, Word } from './categories.ts';
import { CERTIFICATE_NOMINALS, COLOURS, PROMOTIONS, SIZE_SCHEMES } from './filterTopics.ts';
import { MAIN_WAREHOUSE_ID, SHOPS } from './shops.ts';
import { slugify } from './translit.ts';
import { discountRate } from '../search/listingFacts.ts';

/**
 * Generates the demo catalogue as plain objects (no I/O). Every draw comes from `random`, so the
 * same seed and count give the same catalogue.
 */

export interface GeneratedVariant {
  id: number;
  displayArticle: string;
  ordering: number;
  isArchival: boolean;
  isNew: boolean;
  isPromotional: boolean;
  isPreOrder: boolean;
  expectationDate: string | null;
  color: string | null;
  additionalColor: string | null;
  size: string | null;
  weight: number;
  capacity: number;
  bonusAccrualRate: number | null;
  bonusMaxPaymentPercent: number | null;
  orderingWeight: number;
  discountRate: number | null;
  priceRecommended: number | null;
  priceSelling: number | null;
  priceSubscription: number | null;
  firstPriceList: number | null;
  /** [warehouse id, quantity] with quantity > 0. */
  stock: [number, number][];
}

export interface GeneratedImage {
  name: string;
  color: string | null;
}

/** A video on a video host, only linked from the product page. */
export interface GeneratedVideo {
  link: string;
  title: string;
}

export interface GeneratedProduct {
  id: number;
  slug: string;
  title: string;
  titleUkr: string;
  /** Title without HTML entities, for the search index and sorting. */
  plainTitle: string;
  shortDescription: string | null;
  shortDescriptionUkr: string | null;
  brand: BrandDef;
  folder: FolderDef;
  sub: SubCategoryDef | null;
  productGroup: string | null;
  allowSubscription: boolean;
  imageKind: ImageKind;
  arrivedOn: string;
  popularity: number;
  /** Descriptive filters (topic, slug); colour, size, brand and category are derived from variants. */
  filters: [string, string][];
  variants: GeneratedVariant[];
  images: GeneratedImage[];
  videos: GeneratedVideo[];
  /** Colours (null: every colour) that have a rotating (360°) set of frames. */
  rotateColors: (string | null)[];
}

/** The catalogue's "today": fixed, so generated dates do not depend on when the seed runs. */
export const CATALOGUE_DATE = '2026-11-01';
const NEW_FOR_DAYS = 30;

const dayCache = new Map<string, string>();

function addDays(isoDate: string, days: number): string {
  const key = `${isoDate}${days}`;
  let result = dayCache.get(key);
  if (result === undefined) {
    const date = new Date(`${isoDate}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    result = date.toISOString().slice(0, 10);
    dayCache.set(key, result);
  }
  return result;
}

// Titles repeat a limited set of word combinations; transliterating each once keeps big seeds fast.
const slugCache = new Map<string, string>();

function cachedSlug(text: string): string {
  let slug = slugCache.get(text);
  if (slug === undefined) {
    slug = slugify(text);
    slugCache.set(text, slug);
  }
  return slug;
}

/** Shop-style price: whole hryvnias ending in 9. */
function shopPrice(value: number): number {
  return Math.max(9, Math.round(value / 10) * 10 - 1);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

type VariantType = keyof VariantMix;
const VARIANT_TYPES: VariantType[] = ['colorSize', 'color', 'size', 'none'];

const GIRL_COLOURS = [
  'rozovyy',
  'malinovyy',
  'lilovyy',
  'belyy',
  'molochnyy',
  'myatnyy',
  'krasnyy',
  'zheltyy',
  'bezhevyy',
  'fioletovyy',
];
const BOY_COLOURS = [
  'siniy',
  'temno-siniy',
  'goluboy',
  'seryy',
  'haki',
  'zelenyy',
  'chernyy',
  'belyy',
  'oranzhevyy',
  'bordovyy',
];
const ANY_COLOURS = COLOURS.map((c) => c.slug);

const GENDER_WORDS: Record<string, Word> = {
  'dlya-devochek': ['для девочки', 'для дівчинки'],
  'dlya-malchikov': ['для мальчика', 'для хлопчика'],
};

interface Plan {
  folder: FolderDef;
  sub: SubCategoryDef | null;
}

/** Spreads `count` products over sub-categories by folder share; certificates and service goods are fixed. */
function planCategories(random: Random, count: number): Plan[] {
  const certificate = FOLDERS.find((f) => f.slug === CERTIFICATE_CATEGORY);
  const service = FOLDERS.find((f) => f.slug === SERVICE_CATEGORY);
  if (!certificate || !service) throw new Error('catalogue definition lacks the certificate or service folder');
  const fixed: Plan[] = [
    ...Array.from({ length: 3 }, () => ({ folder: certificate, sub: null })),
    ...service.subs.flatMap((sub) => Array.from({ length: 2 }, () => ({ folder: service, sub }))),
  ];
  const regular = FOLDERS.filter((f) => f.share > 0);
  const weights = regular.map((f) => f.share);
  const plans: Plan[] = [];
  for (let i = fixed.length; i < count; i++) {
    const folder = random.weighted(regular, weights);
    plans.push({ folder, sub: random.pick(folder.subs) });
  }
  return [...fixed.slice(0, count), ...plans];
}

const CERTIFICATE_THEMES: Word[] = [
  ['Электронный подарочный сертификат', 'Електронний подарунковий сертифікат'],
  ['Электронный подарочный сертификат «С днём рождения»', 'Електронний подарунковий сертифікат «З днем народження»'],
  [
    'Электронный подарочный сертификат «С рождением малыша»',
    'Електронний подарунковий сертифікат «З народженням малюка»',
  ],
];

/** Generates `count` products with ids from 100001 and variant ids from 500001. */
/**
 * The demo products one at a time (issue 30: 200,000 products held at once took ~2 GB to seed).
 * Each product draws from its own fork of the seed, so a stream is the same catalogue however it
 * is read.
 */
export function* productStream(random: Random, count: number): Generator<GeneratedProduct> {
  const plans = planCategories(random.fork('plan'), count);
  let variantId = 500001;
  let certificateIndex = 0;
  for (const [index, plan] of plans.entries()) {
    const r = random.fork(`product-${index}`);
    const id = 100001 + index;
    const product =
      plan.sub === null
        ? certificateProduct(id, plan.folder, certificateIndex++, variantId)
        : regularProduct(r, id, plan.folder, plan.sub, variantId);
    variantId += product.variants.length;
    yield product;
  }
}

function certificateProduct(id: number, folder: FolderDef, index: number, firstVariantId: number): GeneratedProduct {
  const theme = CERTIFICATE_THEMES[index % CERTIFICATE_THEMES.length] ?? CERTIFICATE_THEMES[0];
  const brand = BRANDS.find((b) => b.slug === 'bbs-gift') ?? BRANDS[0];
  if (!theme || !brand) throw new Error('empty certificate definitions');
  const article = String(id);
  const variants = CERTIFICATE_NOMINALS.map((nominal, i): GeneratedVariant => ({
    id: firstVariantId + i,
    displayArticle: `${article}-${String(i + 1).padStart(2, '0')}`,
    ordering: i,
    isArchival: false,
    isNew: false,
    isPromotional: false,
    isPreOrder: false,
    expectationDate: null,
    color: null,
    additionalColor: null,
    size: `${nominal}-grn`,
    weight: 0,
    capacity: 0,
    bonusAccrualRate: 0,
    // Spec §5: bonuses cannot pay for a certificate.
    bonusMaxPaymentPercent: 0,
    orderingWeight: 1000 - i,
    discountRate: 0,
    priceRecommended: nominal,
    priceSelling: nominal,
    priceSubscription: null,
    firstPriceList: nominal,
    // Electronic: never out of stock.
    stock: [[MAIN_WAREHOUSE_ID, 9999]],
  }));
  return {
    id,
    slug: `${slugify(theme[0])}-${article}`,
    title: theme[0],
    titleUkr: theme[1],
    plainTitle: theme[0],
    shortDescription:
      'Сертификат придёт на e-mail сразу после оплаты. Действует 12 месяцев во всех магазинах и на сайте.',
    shortDescriptionUkr:
      'Сертифікат надійде на e-mail одразу після оплати. Діє 12 місяців у всіх магазинах і на сайті.',
    brand,
    folder,
    sub: null,
    productGroup: 'gift-certificate',
    allowSubscription: false,
    imageKind: 'gift',
    arrivedOn: addDays(CATALOGUE_DATE, -400 - index),
    popularity: 5000 - index,
    filters: [],
    variants,
    images: [{ name: `p${id}-base-1`, color: null }],
    videos: [],
    rotateColors: [],
  };
}

/** Folders whose goods are worth turning around: toys, strollers and car seats. */
const ROTATING_FOLDERS = new Set(['igrushki', 'kolyaski-i-avtokresla']);
const ROTATING_SHARE = 0.1;
const VIDEO_SHARE = 0.05;
const VIDEO_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** What a shop's product videos are about (titles as the video host shows them, in Ukrainian). */
const VIDEO_TOPICS = ['відеоогляд', 'розпакування', 'як користуватися', 'огляд від покупця'];

/**
 * Videos and rotating sets of a product, drawn from their own stream (`media`), so adding media
 * does not shift any other draw of the catalogue. Rotating sets only for products with pictures.
 */
function productMedia(
  media: Random,
  folder: FolderDef,
  titleUkr: string,
  colours: (string | null)[],
  hasImages: boolean,
): Pick<GeneratedProduct, 'videos' | 'rotateColors'> {
  const rotateColors = hasImages && ROTATING_FOLDERS.has(folder.slug) && media.chance(ROTATING_SHARE) ? colours : [];
  const videos: GeneratedVideo[] = [];
  if (media.chance(VIDEO_SHARE)) {
    const topics = media.sample(VIDEO_TOPICS, media.weighted([1, 2], [3, 1]));
    for (const topic of topics) {
      let id = '';
      for (let i = 0; i < 11; i++) id += VIDEO_ID_ALPHABET[media.int(0, VIDEO_ID_ALPHABET.length - 1)] ?? 'A';
      videos.push({ link: `https://www.youtube.com/watch?v=${id}`, title: `${titleUkr}: ${topic}` });
    }
  }
  return { videos, rotateColors };
}

function pickBrand(r: Random, folder: FolderDef): BrandDef {
  const candidates = BRANDS.filter((b) => b.groups.includes(folder.brandGroup));
  return r.pick(candidates.length > 0 ? candidates : BRANDS);
}

function pickColours(r: Random, gender: string | null, count: number): string[] {
  const palette = gender === 'dlya-devochek' ? GIRL_COLOURS : gender === 'dlya-malchikov' ? BOY_COLOURS : ANY_COLOURS;
  return r.sample(palette, count);
}

function pickSizes(r: Random, sub: SubCategoryDef): string[] {
  const schemes = sub.sizes ?? [];
  if (schemes.length === 0) return [];
  const scheme = SIZE_SCHEMES[r.pick(schemes)];
  const length = Math.min(scheme.length, r.int(2, 5));
  const start = r.int(0, scheme.length - length);
  return scheme.slice(start, start + length);
}

function regularProduct(
  r: Random,
  id: number,
  folder: FolderDef,
  sub: SubCategoryDef,
  firstVariantId: number,
): GeneratedProduct {
  const brand = pickBrand(r, folder);
  const noun = r.pick(sub.nouns);
  const modifier = folder.modifiers.length > 0 && r.chance(0.7) ? r.pick(folder.modifiers) : null;
  const genderTopic = folder.topics.includes('gender');
  const gender = genderTopic ? r.weighted(['dlya-devochek', 'dlya-malchikov', 'uniseks'], [4, 3.5, 2.5]) : null;
  const genderWord = gender !== null && modifier === null ? GENDER_WORDS[gender] : undefined;

  const words = [noun, modifier, genderWord].filter((w): w is Word => w !== null && w !== undefined);
  const plainTitle = [...words.map((w) => w[0]), brand.title].join(' ');
  // The legacy service sends an apostrophe as an HTML entity in `title` (spec §3); keep that quirk.
  const title = plainTitle.replaceAll("'", '&#039;');
  const titleUkr = [...words.map((w) => w[1]), brand.title].join(' ');
  const article = String(id);
  const slug = `${cachedSlug([...words.map((w) => w[0]), brand.slug].join(' '))}-${article}`;

  const sentences = r.sample(folder.descriptions, 2);
  const hasDescription = r.chance(0.92);
  const shortDescription = hasDescription ? `${noun[0]} ${brand.title}. ${sentences.map((s) => s[0]).join(' ')}` : null;
  const shortDescriptionUkr = hasDescription
    ? `${noun[1]} ${brand.title}. ${sentences.map((s) => s[1]).join(' ')}`
    : null;

  const arrivedOn = addDays(CATALOGUE_DATE, -r.int(0, 720));
  const isNew = arrivedOn > addDays(CATALOGUE_DATE, -NEW_FOR_DAYS);
  const popularity = Math.floor(r.next() ** 2 * 10000);

  // Product-level traits shared by all variants.
  const wholeArchival = r.chance(0.015);
  const withoutPrice = r.chance(0.01);
  const preOrder = !wholeArchival && r.chance(0.03);
  const discount = r.chance(0.35) ? r.pick([10, 15, 20, 25, 30, 40, 50]) : 0;
  const promotion =
    discount >= 40 ? 'skidki-do-50' : discount > 0 && r.chance(0.25) ? r.pick(PROMOTIONS.slice(1)).slug : null;
  const allowSubscription = sub.subscription === true && r.chance(0.8);
  const bonusAccrualRate = r.weighted([null, 1, 2, 3, 5], [2, 3, 3, 2, 1]);
  const bonusMaxPaymentPercent = promotion !== null ? 0 : r.weighted([0, 20, 30, 50], [1, 3, 3, 2]);
  const basePrice = r.int(sub.price[0], sub.price[1]);
  const density = r.int(2000, 8000);

  const type = r.weighted(
    VARIANT_TYPES,
    VARIANT_TYPES.map((t) => sub.mix[t]),
  );
  const colourCount = type === 'colorSize' ? r.weighted([1, 2, 3], [3, 4, 3]) : r.weighted([1, 2, 3, 4], [2, 3, 3, 2]);
  const colours: (string | null)[] =
    type === 'colorSize' || type === 'color' ? pickColours(r, gender, colourCount) : [null];
  const sizesPicked = type === 'colorSize' || type === 'size' ? pickSizes(r, sub) : [];
  const sizes: (string | null)[] = sizesPicked.length > 0 ? sizesPicked : [null];

  const variants: GeneratedVariant[] = [];
  colours.forEach((color) => {
    const additionalColor = color !== null && r.chance(0.1) ? r.pick(ANY_COLOURS.filter((c) => c !== color)) : null;
    sizes.forEach((size, sizeIndex) => {
      const ordering = variants.length;
      const vid = firstVariantId + ordering;
      const isArchival = wholeArchival || r.chance(0.05);
      const noPrice = withoutPrice || r.chance(0.02);
      const recommended = noPrice ? null : shopPrice(basePrice * (1 + sizeIndex * 0.04));
      const selling =
        recommended === null ? null : discount > 0 ? shopPrice((recommended * (100 - discount)) / 100) : recommended;
      const weight = round2(sub.weight[0] + r.next() * (sub.weight[1] - sub.weight[0]));
      variants.push({
        id: vid,
        displayArticle: `${article}-${String(ordering + 1).padStart(2, '0')}`,
        ordering,
        isArchival,
        isNew,
        isPromotional: promotion !== null || discount >= 30,
        isPreOrder: preOrder,
        expectationDate: preOrder ? addDays(CATALOGUE_DATE, r.int(14, 90)) : null,
        color,
        additionalColor,
        size,
        weight,
        capacity: Math.round(weight * density),
        bonusAccrualRate,
        bonusMaxPaymentPercent,
        orderingWeight: r.int(0, 1000),
        discountRate: discountRate(recommended, selling),
        priceRecommended: recommended,
        priceSelling: selling,
        priceSubscription: allowSubscription && selling !== null ? Math.floor(selling * 0.9) : null,
        firstPriceList: recommended,
        stock: isArchival || preOrder || r.chance(0.12) ? [] : drawStock(r),
      });
    });
  });

  const filters: [string, string][] = [];
  const pushSome = (topic: string, values: readonly string[] | undefined, max: number): void => {
    if (!folder.topics.includes(topic) || !values || values.length === 0) return;
    for (const value of r.sample(values, r.int(1, Math.min(max, values.length)))) filters.push([topic, value]);
  };
  pushSome('age', sub.ages, 2);
  if (gender !== null) filters.push(['gender', gender]);
  pushSome('season', sub.seasons, 1);
  pushSome('material', sub.materials, 2);
  if (promotion !== null && folder.topics.includes('promotions')) filters.push(['promotions', promotion]);
  if (brand.ownImport === true && folder.topics.includes('own-import') && r.chance(0.85))
    filters.push(['own-import', 'own-import']);

  const images: GeneratedImage[] = [];
  if (r.chance(0.97)) {
    for (const color of colours) {
      const count = r.weighted([1, 2, 3], [5, 3, 2]);
      for (let n = 1; n <= count; n++) images.push({ name: `p${id}-${color ?? 'base'}-${n}`, color });
    }
  }

  return {
    id,
    slug,
    title,
    titleUkr,
    plainTitle,
    shortDescription,
    shortDescriptionUkr,
    brand,
    folder,
    sub,
    productGroup: r.chance(0.15) ? `${sub.slug}-${brand.slug}` : null,
    allowSubscription,
    imageKind: sub.kind,
    arrivedOn,
    popularity,
    filters,
    variants,
    images,
    ...productMedia(r.fork('media'), folder, titleUkr, colours, images.length > 0),
  };
}

const STOCK_SHOPS = SHOPS.map((s) => s.id);
const STOCK_WEIGHTS = SHOPS.map((s) => s.stockShare);

function drawStock(r: Random): [number, number][] {
  const places = new Set<number>([MAIN_WAREHOUSE_ID]);
  const extra = r.weighted([0, 1, 2, 3], [3, 4, 2, 1]);
  for (let i = 0; i < extra; i++) places.add(r.weighted(STOCK_SHOPS, STOCK_WEIGHTS));
  // Some goods sit only in shops, not in the central warehouse.
  if (places.size > 1 && r.chance(0.2)) places.delete(MAIN_WAREHOUSE_ID);
  return [...places]
    .sort((a, b) => a - b)
    .map((warehouse): [number, number] => [warehouse, warehouse === MAIN_WAREHOUSE_ID ? r.int(1, 60) : r.int(1, 8)]);
}
