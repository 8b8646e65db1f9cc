import type { DatabaseSync } from 'node:sqlite';
import { createHash } from 'node:crypto';
import {
  catalogueContentSlug,
  MAIN_PAGE_SLUGS,
  NAV_BANNERS_SLUG,
  POST_GROUP,
  type CatalogueContentKey,
} from '../../api/schemas/content.ts';
import { LOCALES, type Locale } from '../../api/schemas/common.ts';
import { inTransaction } from '../db/database.ts';
import type { BannerKind } from '../content/bannerImage.ts';
import { bannerLink, PALETTE_COUNT } from '../content/bannerImage.ts';
import { BRANDS } from './brands.ts';
import type { BrandGroup } from './brands.ts';
import { CERTIFICATE_CATEGORY, FOLDERS } from './categories.ts';
import type { FolderDef } from './categories.ts';
import type { CatalogueFacts, CatalogueProduct } from './contentCatalogue.ts';
import {
  BLOG_POSTS,
  BLOG_SECTIONS,
  CITIES,
  INFO_PAGES,
  NEW_BRANDS,
  REVIEW_PHRASES,
  REVIEWER_NAMES,
  SERVICE_NEWS,
  SHOP_ANSWERS,
  SHOP_NAME,
  THEME_FOLDER,
  type Bi,
} from './contentTexts.ts';
import { PROMOTIONS, SIZE_SCHEMES } from './filterTopics.ts';
import { CATALOGUE_DATE } from './products.ts';
import type { Random } from './random.ts';
import { slugify } from './translit.ts';

/**
 * The demo CMS: main-page sliders and blocks in both languages, menu banners, catalogue banners
 * and descriptions, size tables, info pages, blog and news, promotions and product reviews, with
 * generated pictures. Deterministic: the same seed and the same catalogue give the same content
 * (timestamps derive from the catalogue's fixed "today", never from the clock).
 */

export interface ContentSeedReport {
  contentBlocks: number;
  pages: number;
  sliders: number;
  slides: number;
  posts: number;
  promotions: number;
  reviews: number;
  images: number;
}

const SEEDED_AT = `${CATALOGUE_DATE}T06:00:00.000Z`;

const pick = (text: Bi, locale: Locale): string => (locale === 'ru' ? text[0] : text[1]);
/** A site link as the visitor of `locale` sees it (Ukrainian under /ua). */
const href = (path: string, locale: Locale): string => (locale === 'ru' ? path : path === '/' ? '/ua/' : `/ua${path}`);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** An ISO instant `days` before the catalogue's "today", at a drawn time of day. */
function daysAgo(random: Random, days: number): string {
  const date = new Date(`${CATALOGUE_DATE}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() - days);
  date.setUTCHours(random.int(6, 20), random.int(0, 59), random.int(0, 59), 0);
  return date.toISOString();
}

/** Folder categories shown in the menu and on the main page, in menu order. */
const SHOP_FOLDERS: readonly FolderDef[] = FOLDERS.filter((f) => f.excludeFromMenu !== true);
const folderBySlug = new Map(FOLDERS.map((f) => [f.slug, f]));

function folderTitle(slug: string, locale: Locale): string {
  const folder = folderBySlug.get(slug);
  if (!folder) throw new Error(`content seed refers to unknown folder ${slug}`);
  return locale === 'ru' ? folder.title : folder.titleUkr;
}

const GROUP_FOLDER: Record<BrandGroup, string> = {
  clothes: 'odezhda',
  shoes: 'obuv',
  toys: 'igrushki',
  feeding: 'kormlenie',
  hygiene: 'gigiena',
  transport: 'kolyaski-i-avtokresla',
  school: 'shkola',
  mom: 'dlya-mam',
  shop: CERTIFICATE_CATEGORY,
};

interface Writer {
  block(slug: string, locale: Locale, format: 'text' | 'json', content: string | object): void;
  slider(slug: string, locale: Locale, title: string, items: SlideDef[]): void;
  /** Registers a generated picture and answers its link; the name carries a hash of what it shows. */
  image(kind: BannerKind, base: string, title: string, subtitle?: string): string;
}

interface SlideDef {
  title?: string;
  value?: string;
  description?: string;
  props: Record<string, string>;
  isActive?: boolean;
}

export function seedContent(db: DatabaseSync, random: Random, facts: CatalogueFacts): ContentSeedReport {
  return inTransaction(db, () => {
    const report: ContentSeedReport = {
      contentBlocks: 0,
      pages: 0,
      sliders: 0,
      slides: 0,
      posts: 0,
      promotions: 0,
      reviews: 0,
      images: 0,
    };
    const insertBlock = db.prepare(
      'INSERT INTO content_block (slug, locale, format_name, content, updated_at) VALUES (?, ?, ?, ?, ?)',
    );
    const insertSlider = db.prepare(
      'INSERT INTO slider (slug, locale, title, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
    );
    const insertSlide = db.prepare(
      `INSERT INTO slider_item (slider_id, ordering, is_active, title, value, description, props)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertImage = db.prepare(
      'INSERT OR IGNORE INTO content_image (name, kind, title, subtitle, palette) VALUES (?, ?, ?, ?, ?)',
    );
    const imageRandom = random.fork('images');
    const writer: Writer = {
      block: (slug, locale, format, content) => {
        insertBlock.run(
          slug,
          locale,
          format,
          typeof content === 'string' ? content : JSON.stringify(content),
          SEEDED_AT,
        );
        report.contentBlocks++;
      },
      slider: (slug, locale, title, items) => {
        const row = insertSlider.get(slug, locale, title, SEEDED_AT);
        if (row === undefined) throw new Error('slider insert returned nothing');
        const id = Number(row.id);
        items.forEach((item, index) => {
          insertSlide.run(
            id,
            (index + 1) * 10,
            item.isActive === false ? 0 : 1,
            item.title ?? null,
            item.value ?? null,
            item.description ?? null,
            JSON.stringify(Object.entries(item.props).map(([key, value]) => ({ key, value }))),
          );
        });
        report.sliders++;
        report.slides += items.length;
      },
      image: (kind, base, title, subtitle = '') => {
        const palette = imageRandom.int(0, PALETTE_COUNT - 1);
        const digest = createHash('sha1')
          .update(`${kind}\n${title}\n${subtitle}\n${palette}`)
          .digest('hex')
          .slice(0, 8);
        const name = `${slugify(base).slice(0, 80)}-${digest}`;
        if (Number(insertImage.run(name, kind, title, subtitle, palette).changes) > 0) report.images++;
        return bannerLink(name);
      },
    };

    seedMainPage(writer, facts);
    seedNavBanners(writer);
    seedCatalogueContent(writer);
    seedSizeTables(writer);
    report.pages = seedPages(db);
    const posts = seedPosts(db, writer, random.fork('posts'));
    report.posts = posts.blog.length + posts.news.length;
    seedPostBlocks(writer, posts);
    report.promotions = seedPromotions(db, writer, random.fork('promotions'), facts);
    report.reviews = seedReviews(db, random.fork('reviews'), facts);
    return report;
  });
}

// ---------------------------------------------------------------------------------------------
// Main page

interface MainSlideDef {
  title: Bi;
  subtitle: Bi;
  path: string;
  promotion?: { id: string; name: Bi };
}

const MAIN_SLIDES: readonly MainSlideDef[] = [
  {
    title: ['Новая коллекция осень-зима', 'Нова колекція осінь-зима'],
    subtitle: ['Тёплые комбинезоны, куртки и шапки', 'Теплі комбінезони, куртки та шапки'],
    path: '/odezhda',
  },
  {
    title: ['Скидки до −50%', 'Знижки до −50%'],
    subtitle: ['На одежду, обувь и игрушки', 'На одяг, взуття та іграшки'],
    path: '/odezhda/promotions=skidki-do-50',
    promotion: { id: 'skidki-do-50', name: ['Скидки до −50%', 'Знижки до −50%'] },
  },
  {
    title: ['Третий товар в подарок', 'Третій товар у подарунок'],
    subtitle: ['Соберите набор игрушек', 'Зберіть набір іграшок'],
    path: '/igrushki/promotions=tretiy-tovar-v-podarok',
    promotion: { id: 'tretiy-tovar-v-podarok', name: ['Третий товар в подарок', 'Третій товар у подарунок'] },
  },
  {
    title: ['Снова в школу', 'Знову до школи'],
    subtitle: ['Рюкзаки, пеналы и форма', 'Рюкзаки, пенали та форма'],
    path: '/shkola',
  },
  {
    title: ['50 грн бонусов за регистрацию', '50 грн бонусів за реєстрацію'],
    subtitle: ['Кешбэк с каждой покупки', 'Кешбек з кожної покупки'],
    path: '/info/bonus-rules',
  },
];

function mainSlides(w: Writer, locale: Locale, mobile: boolean): SlideDef[] {
  return MAIN_SLIDES.map((slide, index) => {
    const title = pick(slide.title, locale);
    const props: Record<string, string> = {
      title,
      img: w.image(
        mobile ? 'slide-mobile' : 'slide',
        `${mobile ? 'mslide' : 'slide'}-${locale}-${index + 1}`,
        title,
        pick(slide.subtitle, locale),
      ),
      alt: `${title}. ${pick(slide.subtitle, locale)}`,
      link: href(slide.path, locale),
      type: 'image',
      isBlank: '0',
    };
    if (slide.promotion) {
      props.promotion_id = slide.promotion.id;
      props.promotion_name = pick(slide.promotion.name, locale);
    }
    return { props };
  });
}

interface BannerDef {
  title: Bi;
  description: Bi;
  path: string;
  background: string;
}

const FIRST_BANNERS: readonly BannerDef[] = [
  {
    title: ['Всё для новорождённых', 'Усе для новонароджених'],
    description: ['Боди, ползунки и пелёнки', 'Боді, повзунки та пелюшки'],
    path: '/odezhda/bodi',
    background: '#ffe5ec',
  },
  {
    title: ['Коляски и автокресла', 'Візочки та автокрісла'],
    description: ['Безопасные поездки с первых дней', 'Безпечні поїздки з перших днів'],
    path: '/kolyaski-i-avtokresla',
    background: '#e0f2fe',
  },
  {
    title: ['Кормление', 'Годування'],
    description: ['Бутылочки, посуда и стульчики', 'Пляшечки, посуд і стільчики'],
    path: '/kormlenie',
    background: '#fef9c3',
  },
  {
    title: ['Игрушки', 'Іграшки'],
    description: ['Развивающие, конструкторы, куклы', 'Розвивальні, конструктори, ляльки'],
    path: '/igrushki',
    background: '#dcfce7',
  },
];

const SECOND_BANNERS: readonly BannerDef[] = [
  {
    title: ['Подарочные сертификаты', 'Подарункові сертифікати'],
    description: ['Электронный сертификат от 50 грн', 'Електронний сертифікат від 50 грн'],
    path: `/${CERTIFICATE_CATEGORY}`,
    background: '#ede9fe',
  },
  {
    title: ['Бонусная программа', 'Бонусна програма'],
    description: ['Кешбэк до 7% на все покупки', 'Кешбек до 7% на всі покупки'],
    path: '/info/bonus-rules',
    background: '#ffedd5',
  },
  {
    title: ['Бесплатная доставка', 'Безкоштовна доставка'],
    // Filled from the delivery rules where it is shown (src/domain/content/deliveryPromises.ts).
    description: [
      'В отделения Новой почты от {{freeDeliveryFrom}} грн',
      'До відділень Нової пошти від {{freeDeliveryFrom}} грн',
    ],
    path: '/info/delivery',
    background: '#ccfbf1',
  },
];

function banners(w: Writer, list: readonly BannerDef[], locale: Locale, type: '1' | '2', base: string) {
  return list.map((banner, index): SlideDef => {
    const title = pick(banner.title, locale);
    const description = pick(banner.description, locale);
    return {
      props: {
        title,
        img: w.image('banner', `${base}-${locale}-${index + 1}`, title, description),
        alt: title,
        link: href(banner.path, locale),
        background: banner.background,
        description,
        type,
      },
    };
  });
}

const MAIN_BRANDS = [
  'chicco',
  'lego',
  'pampers',
  'philips-avent',
  'cybex',
  'reima',
  'geox',
  'fisher-price',
  'kite',
  'huppa',
  'hape',
  'mustela',
];

/** The partner brand's categories (slider chicco-time): folder, sub-category, discount label. */
const CHICCO_TIME: readonly { folder: string; sub: string; discount: string }[] = [
  { folder: 'kormlenie', sub: 'butylochki', discount: '-20%' },
  { folder: 'kormlenie', sub: 'soski-pustyshki', discount: '-15%' },
  { folder: 'kormlenie', sub: 'stulchiki-dlya-kormleniya', discount: '-10%' },
  { folder: 'igrushki', sub: 'razvivayushchie-igrushki', discount: '-25%' },
  { folder: 'kolyaski-i-avtokresla', sub: 'progulochnye-kolyaski', discount: '-10%' },
  { folder: 'kolyaski-i-avtokresla', sub: 'avtokresla', discount: '-15%' },
  { folder: 'gigiena', sub: 'kosmetika-dlya-detey', discount: '-20%' },
];

function subTitle(folder: string, sub: string, locale: Locale): string {
  const def = folderBySlug.get(folder)?.subs.find((s) => s.slug === sub);
  if (!def) throw new Error(`content seed refers to unknown category ${folder}/${sub}`);
  return locale === 'ru' ? def.title : def.titleUkr;
}

function topProducts(facts: CatalogueFacts, compare: (a: CatalogueProduct, b: CatalogueProduct) => number): number[] {
  return facts.products
    .filter((p) => p.showable && p.folder !== CERTIFICATE_CATEGORY)
    .sort((a, b) => compare(a, b) || a.id - b.id)
    .slice(0, 12)
    .map((p) => p.id);
}

function seedMainPage(w: Writer, facts: CatalogueFacts): void {
  const hits = topProducts(facts, (a, b) => b.popularity - a.popularity);
  const novelties = topProducts(facts, (a, b) => b.arrivedOn.localeCompare(a.arrivedOn));
  for (const locale of LOCALES) {
    const ru = locale === 'ru';
    w.slider(MAIN_PAGE_SLUGS.slider, locale, ru ? 'Главный слайдер' : 'Головний слайдер', mainSlides(w, locale, false));
    w.slider(
      MAIN_PAGE_SLUGS.mobileSlider,
      locale,
      ru ? 'Главный слайдер (мобильный)' : 'Головний слайдер (мобільний)',
      mainSlides(w, locale, true),
    );
    w.slider(
      MAIN_PAGE_SLUGS.firstSlider,
      locale,
      ru ? 'Популярные разделы' : 'Популярні розділи',
      banners(w, FIRST_BANNERS, locale, '1', 'banner-first'),
    );
    w.slider(
      MAIN_PAGE_SLUGS.secondSlider,
      locale,
      ru ? 'Сервисы магазина' : 'Сервіси магазину',
      banners(w, SECOND_BANNERS, locale, '2', 'banner-second'),
    );
    w.slider(
      MAIN_PAGE_SLUGS.categories,
      locale,
      ru ? 'Категории' : 'Категорії',
      SHOP_FOLDERS.map((folder): SlideDef => {
        const title = folderTitle(folder.slug, locale);
        return {
          props: {
            title,
            img: w.image('category', `category-${folder.slug}-${locale}`, title),
            alt: title,
            link: href(`/${folder.slug}`, locale),
            type: '1',
          },
        };
      }),
    );
    w.slider(
      MAIN_PAGE_SLUGS.brands,
      locale,
      ru ? 'Популярные бренды' : 'Популярні бренди',
      MAIN_BRANDS.map((slug): SlideDef => {
        const brand = BRANDS.find((b) => b.slug === slug);
        if (!brand) throw new Error(`content seed refers to unknown brand ${slug}`);
        const folder = GROUP_FOLDER[brand.groups[0] ?? 'toys'];
        return {
          props: {
            img: w.image('brand', `brand-${slug}`, brand.title),
            alt: brand.title,
            link: href(`/${folder}/brand=${slug}`, locale),
          },
        };
      }),
    );
    w.slider(
      MAIN_PAGE_SLUGS.partnerBrand,
      locale,
      'Chicco Time',
      CHICCO_TIME.map(({ folder, sub, discount }): SlideDef => {
        const title = subTitle(folder, sub, locale);
        return {
          props: {
            img: w.image('partner', `chicco-${sub}-${locale}`, title, `Chicco ${discount}`),
            title,
            type: 'category',
            link: href(`/${folder}/${sub}/brand=chicco`, locale),
            alt: `Chicco: ${title}`,
            discount,
          },
        };
      }),
    );
    w.block(MAIN_PAGE_SLUGS.firstProductSlider, locale, 'json', {
      title: ru ? 'Хиты продаж' : 'Хіти продажу',
      link: null,
      productIds: hits,
    });
    w.block(MAIN_PAGE_SLUGS.secondProductSlider, locale, 'json', {
      title: ru ? 'Новинки' : 'Новинки',
      link: href('/odezhda/sort-new', locale),
      productIds: novelties,
    });
    w.block(MAIN_PAGE_SLUGS.instagramLink, locale, 'json', {
      title: ru ? 'Мы в Instagram' : 'Ми в Instagram',
      link: 'https://www.instagram.com/karapuz.shop.ua/',
      handle: '@karapuz.shop.ua',
    });
    w.block(
      MAIN_PAGE_SLUGS.description,
      locale,
      'text',
      ru
        ? `<h2>Интернет-магазин детских товаров ${SHOP_NAME}</h2>
<p>«${SHOP_NAME}» — всё для детей от рождения до 14 лет: одежда и обувь, игрушки, товары для кормления и гигиены, коляски и автокресла, товары для школы. Доставляем по всей Украине курьером, в отделения и почтоматы или в магазины сети.</p>
<p>Участники бонусной программы получают кешбэк с каждой покупки и оплачивают им следующие заказы.</p>`
        : `<h2>Інтернет-магазин дитячих товарів ${SHOP_NAME}</h2>
<p>«${SHOP_NAME}» — усе для дітей від народження до 14 років: одяг і взуття, іграшки, товари для годування та гігієни, візочки й автокрісла, товари для школи. Доставляємо по всій Україні кур’єром, до відділень і поштоматів або до магазинів мережі.</p>
<p>Учасники бонусної програми отримують кешбек з кожної покупки та сплачують ним наступні замовлення.</p>`,
    );
  }
}

function seedNavBanners(w: Writer): void {
  for (const locale of LOCALES) {
    const items: SlideDef[] = [];
    for (const folder of SHOP_FOLDERS.filter((f) => f.slug !== CERTIFICATE_CATEGORY)) {
      const title = folderTitle(folder.slug, locale);
      const caption = locale === 'ru' ? `${title}: новинки сезона` : `${title}: новинки сезону`;
      for (const [type, kind] of [
        ['1', 'nav-desktop'],
        ['2', 'nav-mobile'],
      ] as const) {
        items.push({
          title: caption,
          value: folder.slug,
          description: w.image(kind, `nav-${folder.slug}-${type}-${locale}`, title, caption),
          props: { type, link: href(`/${folder.slug}/sort-new`, locale) },
        });
      }
    }
    w.slider(NAV_BANNERS_SLUG, locale, locale === 'ru' ? 'Баннеры меню' : 'Банери меню', items);
  }
}

// ---------------------------------------------------------------------------------------------
// Catalogue banners, descriptions and size tables

/** Description filters seeded beyond folders and sub-categories: [folder, category, topic, value, title ru/uk]. */
const FILTER_DESCRIPTIONS: readonly [string, string | null, string, string, Bi][] = [
  ['odezhda', 'kurtki', 'season', 'zima', ['Зимние куртки для детей', 'Зимові куртки для дітей']],
  ['odezhda', null, 'gender', 'dlya-malchikov', ['Одежда для мальчиков', 'Одяг для хлопчиків']],
  ['odezhda', null, 'gender', 'dlya-devochek', ['Одежда для девочек', 'Одяг для дівчаток']],
  ['obuv', null, 'gender', 'dlya-devochek', ['Обувь для девочек', 'Взуття для дівчаток']],
  ['igrushki', null, 'brand', 'lego', ['Конструкторы LEGO', 'Конструктори LEGO']],
  ['kolyaski-i-avtokresla', 'avtokresla', 'brand', 'cybex', ['Автокресла Cybex', 'Автокрісла Cybex']],
];

/** A category's description; its discount link is a sort, which every category has (a promotion filter is not). */
function description(title: string, locale: Locale, folderSlug: string): string {
  return locale === 'ru'
    ? `<h2>${escapeHtml(title)} в интернет-магазине ${SHOP_NAME}</h2>
<p>В разделе «${escapeHtml(title)}» собраны товары проверенных брендов по доступным ценам. Выбирайте по размеру, цвету, бренду и возрасту — фильтры помогут найти нужное за минуту.</p>
<p>Доставим по всей Украине за 1–3 дня, а в Киеве — курьером с примеркой. Участникам бонусной программы — кешбэк с каждой покупки.</p>
<p>Смотрите также <a href="/${folderSlug}/sort-new">новинки</a> и <a href="/${folderSlug}/sort-discount-desc">товары со скидкой</a>.</p>`
    : `<h2>${escapeHtml(title)} в інтернет-магазині ${SHOP_NAME}</h2>
<p>У розділі «${escapeHtml(title)}» зібрано товари перевірених брендів за доступними цінами. Обирайте за розміром, кольором, брендом і віком — фільтри допоможуть знайти потрібне за хвилину.</p>
<p>Доставимо по всій Україні за 1–3 дні, а в Києві — кур’єром із примірянням. Учасникам бонусної програми — кешбек з кожної покупки.</p>
<p>Дивіться також <a href="/ua/${folderSlug}/sort-new">новинки</a> та <a href="/ua/${folderSlug}/sort-discount-desc">товари зі знижкою</a>.</p>`;
}

/** A catalogue block's slug; the seed's own keys are short, so a missing one is a mistake in the seed. */
function seedSlug(key: CatalogueContentKey, kind: 'banner' | 'desc'): string {
  const slug = catalogueContentSlug(key, kind);
  if (slug === null) throw new Error(`seed: no content slug for ${JSON.stringify(key)} ${kind}`);
  return slug;
}

function seedCatalogueContent(w: Writer): void {
  for (const locale of LOCALES) {
    for (const folder of SHOP_FOLDERS) {
      const title = folderTitle(folder.slug, locale);
      const bannerTitle = locale === 'ru' ? `${title}: новый сезон` : `${title}: новий сезон`;
      w.block(seedSlug({ folderCategory: folder.slug }, 'banner'), locale, 'json', {
        title: bannerTitle,
        img: w.image('catalogue', `catalogue-${folder.slug}-${locale}`, bannerTitle),
        alt: bannerTitle,
        link: folder.slug === CERTIFICATE_CATEGORY ? null : href(`/${folder.slug}/sort-new`, locale),
      });
      w.block(
        seedSlug({ folderCategory: folder.slug }, 'desc'),
        locale,
        'text',
        description(title, locale, folder.slug),
      );
      folder.subs.forEach((sub, index) => {
        const subTitleText = locale === 'ru' ? sub.title : sub.titleUkr;
        const key = { folderCategory: folder.slug, category: sub.slug };
        w.block(seedSlug(key, 'desc'), locale, 'text', description(subTitleText, locale, folder.slug));
        // Banners for the first two sub-categories of each folder: the others fall back to none.
        if (index < 2) {
          const promo = locale === 'ru' ? `${subTitleText}: выгодные цены` : `${subTitleText}: вигідні ціни`;
          w.block(seedSlug(key, 'banner'), locale, 'json', {
            title: promo,
            img: w.image('catalogue', `catalogue-${folder.slug}-${sub.slug}-${locale}`, promo),
            alt: promo,
            // The biggest discounts first rather than a promotion filter: a sub-category without a
            // product in the promotion would link to the 404 page (issue 25).
            link: href(`/${folder.slug}/${sub.slug}/sort-discount-desc`, locale),
          });
        }
      });
    }
    for (const [folder, category, topic, value, title] of FILTER_DESCRIPTIONS) {
      const slug = seedSlug({ folderCategory: folder, category, filters: [{ topic, values: [value] }] }, 'desc');
      w.block(slug, locale, 'text', description(pick(title, locale), locale, folder));
    }
  }
}

const HEIGHT_AGE: Record<string, Bi> = {
  '50': ['0–1 мес.', '0–1 міс.'],
  '56': ['1–2 мес.', '1–2 міс.'],
  '62': ['2–3 мес.', '2–3 міс.'],
  '68': ['3–6 мес.', '3–6 міс.'],
  '74': ['6–9 мес.', '6–9 міс.'],
  '80': ['9–12 мес.', '9–12 міс.'],
  '86': ['1–1,5 года', '1–1,5 року'],
  '92': ['1,5–2 года', '1,5–2 роки'],
  '98': ['2–3 года', '2–3 роки'],
  '104': ['3–4 года', '3–4 роки'],
  '110': ['4–5 лет', '4–5 років'],
  '116': ['5–6 лет', '5–6 років'],
  '122': ['6–7 лет', '6–7 років'],
  '128': ['7–8 лет', '7–8 років'],
  '134': ['8–9 лет', '8–9 років'],
  '140': ['9–10 лет', '9–10 років'],
  '146': ['10–11 лет', '10–11 років'],
  '152': ['11–12 лет', '11–12 років'],
  '158': ['12–13 лет', '12–13 років'],
  '164': ['13–14 лет', '13–14 років'],
};

function table(head: string[], rows: string[][]): string {
  return (
    `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>` +
    rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('') +
    '</tbody></table>'
  );
}

function heightTable(sizes: readonly string[], locale: Locale): string {
  const ru = locale === 'ru';
  return table(
    ru ? ['Рост, см', 'Возраст', 'Обхват груди, см'] : ['Зріст, см', 'Вік', 'Обхват грудей, см'],
    sizes.map((size) => {
      const height = Number(size);
      const chest = Math.round(height * 0.34 + 22);
      return [size, pick(HEIGHT_AGE[size] ?? ['', ''], locale), `${chest - 2}–${chest + 2}`];
    }),
  );
}

function shoeTable(sizes: readonly string[], locale: Locale, shift = 0): string {
  const ru = locale === 'ru';
  return table(
    ru ? ['Размер', 'Длина стопы, см'] : ['Розмір', 'Довжина стопи, см'],
    sizes.map((size) => [size, ((Number(size) + shift) / 1.5 - 1.5).toFixed(1).replace('.', ',')]),
  );
}

const DIAPER_WEIGHT: Record<string, string> = {
  'razmer-1': '2–5',
  'razmer-2': '3–6',
  'razmer-3': '5–9',
  'razmer-4': '8–14',
  'razmer-5': '11–16',
  'razmer-6': '15+',
};

function seedSizeTables(w: Writer): void {
  const allHeights = Object.keys(HEIGHT_AGE);
  const allShoes = [...SIZE_SCHEMES.babyShoes, ...SIZE_SCHEMES.kidsShoes, ...SIZE_SCHEMES.teenShoes].filter(
    (size, index, list) => list.indexOf(size) === index,
  );
  for (const locale of LOCALES) {
    const ru = locale === 'ru';
    const intro = (text: Bi): string => `<p>${pick(text, locale)}</p>`;
    const howToMeasure = intro([
      'Измерьте рост ребёнка без обуви, от макушки до пола. Если ребёнок между размерами, выбирайте больший.',
      'Виміряйте зріст дитини без взуття, від маківки до підлоги. Якщо дитина між розмірами, обирайте більший.',
    ]);
    const footIntro = intro([
      'Поставьте ребёнка на лист бумаги, обведите стопу и измерьте расстояние от пятки до самого длинного пальца.',
      'Поставте дитину на аркуш паперу, обведіть стопу та виміряйте відстань від п’ятки до найдовшого пальця.',
    ]);
    w.block('size_odezhda', locale, 'text', howToMeasure + heightTable(allHeights, locale));
    w.block('size_obuv', locale, 'text', footIntro + shoeTable(allShoes, locale));
    w.block('size_bodi', locale, 'text', howToMeasure + heightTable(SIZE_SCHEMES.baby, locale));
    w.block('size_kombinezony', locale, 'text', howToMeasure + heightTable(SIZE_SCHEMES.kids, locale));
    w.block('size_kurtki', locale, 'text', howToMeasure + heightTable(SIZE_SCHEMES.kids, locale));
    w.block('size_shkolnaya-forma', locale, 'text', howToMeasure + heightTable(SIZE_SCHEMES.teen, locale));
    w.block('size_krossovki', locale, 'text', footIntro + shoeTable(SIZE_SCHEMES.kidsShoes, locale));
    w.block(
      'size_podguzniki',
      locale,
      'text',
      table(
        ru ? ['Размер', 'Вес ребёнка, кг'] : ['Розмір', 'Вага дитини, кг'],
        Object.entries(DIAPER_WEIGHT).map(([size, weight]) => [size.replace('razmer-', ''), weight]),
      ),
    );
    w.block(
      'special_size_obuv_geox',
      locale,
      'text',
      intro(['Обувь Geox маломерит на полразмера.', 'Взуття Geox маломірить на пів розміру.']) +
        shoeTable(allShoes, locale, 0.5),
    );
    w.block(
      'special_size_krossovki_superfit',
      locale,
      'text',
      intro(['Superfit: размеры соответствуют таблице WMS.', 'Superfit: розміри відповідають таблиці WMS.']) +
        shoeTable(SIZE_SCHEMES.kidsShoes, locale),
    );
    w.block(
      'special_size_odezhda_reima',
      locale,
      'text',
      intro(['Reima шьёт с запасом на вырост.', 'Reima шиє із запасом на виріст.']) + heightTable(allHeights, locale),
    );
    w.block(
      'special_size_kombinezony_huppa',
      locale,
      'text',
      intro([
        'Комбинезоны Huppa: рост указан с учётом утеплителя.',
        'Комбінезони Huppa: зріст указано з урахуванням утеплювача.',
      ]) + heightTable(SIZE_SCHEMES.kids, locale),
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Info pages

function seedPages(db: DatabaseSync): number {
  const insert = db.prepare(
    `INSERT INTO page (slug, locale, title, content, meta_title, meta_description, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  let count = 0;
  for (const page of INFO_PAGES) {
    for (const locale of LOCALES) {
      const title = pick(page.title, locale);
      insert.run(
        page.slug,
        locale,
        title,
        pick(page.content, locale),
        `${title} | ${SHOP_NAME}`,
        pick(page.description, locale),
        SEEDED_AT,
      );
      count++;
    }
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// Blog and news

interface SeededPost {
  slug: string;
  publishedAt: string;
}

interface PostText {
  title: Bi;
  preview: Bi;
  content: Bi;
}

function seedPosts(db: DatabaseSync, w: Writer, random: Random): { blog: SeededPost[]; news: SeededPost[] } {
  const insertPost = db.prepare(
    'INSERT INTO post (slug, post_group, image, published_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
  );
  const insertText = db.prepare(
    `INSERT INTO post_translation (post_id, locale, title, preview, content, image_alt, meta_title, meta_description)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const used = new Set<string>();
  const write = (group: 0 | 1, text: PostText, publishedAt: string): SeededPost => {
    let slug = slugify(text.title[0]).slice(0, 90).replace(/-+$/, '');
    for (let n = 2; used.has(slug); n++) slug = `${slugify(text.title[0]).slice(0, 86)}-${n}`;
    used.add(slug);
    const image = w.image('post', `${group === 0 ? 'blog' : 'news'}-${slug}`, text.title[0], SHOP_NAME);
    const row = insertPost.get(slug, group, image, publishedAt, publishedAt);
    if (row === undefined) throw new Error('post insert returned nothing');
    for (const locale of LOCALES) {
      const title = pick(text.title, locale);
      insertText.run(
        Number(row.id),
        locale,
        title,
        pick(text.preview, locale),
        pick(text.content, locale),
        title,
        `${title} | ${SHOP_NAME}`,
        pick(text.preview, locale),
      );
    }
    return { slug, publishedAt };
  };

  // Blog: one post every three to five weeks, the newest first in the list.
  const blogDates = spreadDates(random, BLOG_POSTS.length, 20, 35);
  const blog = BLOG_POSTS.map((post, index) => {
    const sections = random.sample(BLOG_SECTIONS[post.theme], Math.min(3, BLOG_SECTIONS[post.theme].length));
    const folder = THEME_FOLDER[post.theme];
    const body = (locale: Locale): string =>
      `<p>${escapeHtml(pick(post.preview, locale))}</p>\n` +
      sections
        .map(
          ([heading, text]) =>
            `<h2>${escapeHtml(pick(heading, locale))}</h2>\n<p>${escapeHtml(pick(text, locale))}</p>`,
        )
        .join('\n') +
      `\n<p>${locale === 'ru' ? 'Всё необходимое — в разделе' : 'Усе необхідне — у розділі'} ` +
      `<a href="${href(`/${folder}`, locale)}">${escapeHtml(folderTitle(folder, locale))}</a>.</p>`;
    return write(
      POST_GROUP.blog,
      { title: post.title, preview: post.preview, content: [body('ru'), body('uk')] },
      blogDates[index] ?? SEEDED_AT,
    );
  });

  const newsTexts: PostText[] = [];
  for (const city of CITIES) {
    newsTexts.push({
      title: [`Новый магазин ${SHOP_NAME} ${city[0]}`, `Новий магазин ${SHOP_NAME} ${city[1]}`],
      preview: [
        `Открыли ещё один магазин ${city[0]}: одежда, игрушки, коляски и пункт выдачи интернет-заказов.`,
        `Відкрили ще один магазин ${city[1]}: одяг, іграшки, візочки та пункт видачі інтернет-замовлень.`,
      ],
      content: [
        `<p>Новый магазин ${city[0]} работает ежедневно с 9:00 до 21:00. В первые выходные — подарки для маленьких покупателей и двойной кешбэк для участников бонусной программы.</p><p>Заказы с сайта можно забрать здесь бесплатно.</p>`,
        `<p>Новий магазин ${city[1]} працює щодня з 9:00 до 21:00. У перші вихідні — подарунки для маленьких покупців і подвійний кешбек для учасників бонусної програми.</p><p>Замовлення з сайту можна забрати тут безкоштовно.</p>`,
      ],
    });
  }
  for (const brand of NEW_BRANDS) {
    newsTexts.push({
      title: [`Новый бренд в ${SHOP_NAME}е: ${brand}`, `Новий бренд у ${SHOP_NAME}і: ${brand}`],
      preview: [
        `Теперь у нас можно купить товары ${brand} — с официальной гарантией.`,
        `Тепер у нас можна придбати товари ${brand} — з офіційною гарантією.`,
      ],
      content: [
        `<p>Мы стали официальным партнёром ${brand}. Первая коллекция уже в каталоге и в крупных магазинах сети.</p>`,
        `<p>Ми стали офіційним партнером ${brand}. Перша колекція вже в каталозі та у великих магазинах мережі.</p>`,
      ],
    });
  }
  for (const promotion of PROMOTIONS) {
    newsTexts.push({
      title: [`Акция «${promotion.title}»`, `Акція «${promotion.titleUkr}»`],
      preview: [
        `Стартовала акция «${promotion.title}». Успейте выбрать подарки по выгодным ценам.`,
        `Стартувала акція «${promotion.titleUkr}». Встигніть обрати подарунки за вигідними цінами.`,
      ],
      content: [
        `<p>Товары, участвующие в акции, отмечены в каталоге. <a href="/odezhda/promotions=${promotion.slug}">Смотреть товары</a>.</p>`,
        `<p>Товари, що беруть участь в акції, позначено в каталозі. <a href="/ua/odezhda/promotions=${promotion.slug}">Дивитися товари</a>.</p>`,
      ],
    });
  }
  for (const item of SERVICE_NEWS) {
    newsTexts.push({
      title: item.title,
      preview: item.preview,
      content: [`<p>${item.preview[0]}</p><p>${item.text[0]}</p>`, `<p>${item.preview[1]}</p><p>${item.text[1]}</p>`],
    });
  }
  // Mixed kinds of news over time: shuffle by a drawn key per item.
  const keyed = newsTexts.map((text) => ({ text, key: random.next() })).sort((a, b) => a.key - b.key);
  const newsDates = spreadDates(random, keyed.length, 7, 21);
  const news = keyed.map(({ text }, index) => write(POST_GROUP.news, text, newsDates[index] ?? SEEDED_AT));
  return { blog, news };
}

/** `count` instants going back from the catalogue's "today", `min`–`max` days apart (newest first). */
function spreadDates(random: Random, count: number, min: number, max: number): string[] {
  const dates: string[] = [];
  let days = random.int(1, 4);
  for (let i = 0; i < count; i++) {
    dates.push(daysAgo(random, days));
    days += random.int(min, max);
  }
  return dates;
}

function seedPostBlocks(w: Writer, posts: { blog: SeededPost[]; news: SeededPost[] }): void {
  const latest = (list: SeededPost[]): string[] =>
    [...list]
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
      .slice(0, 6)
      .map((p) => p.slug);
  for (const locale of LOCALES) {
    w.block(MAIN_PAGE_SLUGS.blogPosts, locale, 'json', {
      title: 'Блог',
      link: href('/blog', locale),
      slugs: latest(posts.blog),
    });
    w.block(MAIN_PAGE_SLUGS.newsPosts, locale, 'json', {
      title: locale === 'ru' ? 'Новости' : 'Новини',
      link: href('/news', locale),
      slugs: latest(posts.news),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Promotions

function seedPromotions(db: DatabaseSync, w: Writer, random: Random, facts: CatalogueFacts): number {
  const insert = db.prepare(
    `INSERT INTO promotion (slug, image, starts_at, ends_at, is_active, ordering, filter_slug, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const insertText = db.prepare(
    'INSERT INTO promotion_translation (promotion_id, locale, title, description, content) VALUES (?, ?, ?, ?, ?)',
  );
  const link = db.prepare('INSERT INTO promotion_product (promotion_id, product_id) VALUES (?, ?)');
  const ownImport = new Set(BRANDS.filter((b) => b.ownImport === true).map((b) => b.slug));
  const defs: {
    slug: string;
    title: Bi;
    description: Bi;
    filter: string | null;
    active: boolean;
    products: number[];
  }[] = PROMOTIONS.map((p) => ({
    slug: p.slug,
    title: [p.title, p.titleUkr] as const,
    description: [
      `Акция «${p.title}»: выбирайте товары с отметкой акции в каталоге.`,
      `Акція «${p.titleUkr}»: обирайте товари з позначкою акції в каталозі.`,
    ] as const,
    filter: p.slug,
    active: true,
    products: facts.products.filter((product) => product.promotion === p.slug).map((product) => product.id),
  }));
  const ownImportProducts = facts.products.filter((p) => p.brand !== null && ownImport.has(p.brand) && p.showable);
  defs.push({
    slug: 'dvoynoy-keshbek',
    title: ['Двойной кешбэк на собственный импорт', 'Подвійний кешбек на власний імпорт'],
    description: [
      'Участники бонусной программы получают вдвое больше бонусов за товары собственного импорта.',
      'Учасники бонусної програми отримують удвічі більше бонусів за товари власного імпорту.',
    ],
    filter: null,
    active: true,
    products: random.sample(ownImportProducts, Math.min(80, ownImportProducts.length)).map((p) => p.id),
  });
  defs.push({
    slug: 'letniy-sale-2025',
    title: ['Летний sale 2025', 'Літній sale 2025'],
    description: ['Акция завершена.', 'Акцію завершено.'],
    filter: null,
    active: false,
    products: [],
  });
  defs.forEach((def, index) => {
    const starts = daysAgo(random, random.int(10, 60));
    const ends = def.active ? `${nextDate(random.int(20, 90))}T20:59:59.000Z` : daysAgo(random, random.int(70, 120));
    const image = w.image('promo', `promo-${def.slug}`, def.title[0], def.description[0]);
    const row = insert.get(def.slug, image, starts, ends, def.active ? 1 : 0, (index + 1) * 10, def.filter, SEEDED_AT);
    if (row === undefined) throw new Error('promotion insert returned nothing');
    const id = Number(row.id);
    for (const locale of LOCALES) {
      const ru = locale === 'ru';
      const content =
        `<p>${escapeHtml(pick(def.description, locale))}</p><ul>` +
        `<li>${ru ? 'Скидки не суммируются с другими акциями.' : 'Знижки не сумуються з іншими акціями.'}</li>` +
        `<li>${ru ? 'Количество товара ограничено.' : 'Кількість товару обмежена.'}</li></ul>`;
      insertText.run(id, locale, pick(def.title, locale), pick(def.description, locale), content);
    }
    for (const productId of def.products) link.run(id, productId);
  });
  return defs.length;
}

/** A date `days` after the catalogue's "today" (YYYY-MM-DD). */
function nextDate(days: number): string {
  const date = new Date(`${CATALOGUE_DATE}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Reviews

function seedReviews(db: DatabaseSync, random: Random, facts: CatalogueFacts): number {
  const insert = db.prepare(
    `INSERT INTO review (product_id, article, product_article, folder_category, category, display_name, rating, pros,
       cons, comment, created_at, answer_name, answer_comment, answer_created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const shopName = `${SHOP_NAME}`;
  let count = 0;
  for (const product of facts.products) {
    if (product.folder === CERTIFICATE_CATEGORY || !random.chance(product.showable ? 0.45 : 0.1)) continue;
    const reviews = random.weighted([1, 2, 3, 4, 6, 9, 14], [30, 22, 16, 12, 10, 6, 4]);
    for (let i = 0; i < reviews; i++) {
      const rating = random.weighted([5, 4, 3, 2, 1], [56, 25, 10, 5, 4]);
      const mood = rating >= 4 ? 'good' : rating === 3 ? 'fair' : 'bad';
      const phrases = REVIEW_PHRASES[mood];
      const locale: Locale = random.chance(0.55) ? 'uk' : 'ru';
      const createdDays = random.int(2, 700);
      const createdAt = daysAgo(random, createdDays);
      const article = product.articles.length > 0 ? random.pick(product.articles) : null;
      const withAnswer = random.chance(mood === 'good' ? 0.2 : 0.8);
      insert.run(
        product.id,
        article,
        article === null ? String(product.id) : article.replace(/-\d+$/, ''),
        product.folder,
        product.category,
        random.pick(REVIEWER_NAMES),
        rating,
        random.chance(0.85) ? pick(random.pick(phrases.pros), locale) : null,
        random.chance(0.7) ? pick(random.pick(phrases.cons), locale) : null,
        pick(random.pick(phrases.comments), locale),
        createdAt,
        withAnswer ? shopName : null,
        withAnswer ? pick(random.pick(SHOP_ANSWERS[mood]), locale) : null,
        withAnswer ? daysAgo(random, Math.max(0, createdDays - random.int(1, 3))) : null,
      );
      count++;
    }
  }
  return count;
}
