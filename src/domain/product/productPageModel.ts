import type { BasketItemInput } from '../basket/basketItem.ts';
import type { PromotionCard } from '../promotion/promotionCard.ts';
import type { ProductCardModel } from '../catalog/productCard.ts';
import type { Breadcrumbs } from '../seo/jsonLd.ts';
import type { Gallery } from './gallery.ts';
import type { VariantPrice } from './variantPrice.ts';
import type { AvailabilityShop, CityAvailability } from './warehouseAvailability.ts';
import type { StarCount } from './reviewCounts.ts';

/** A pickup point as the availability block shows it, in the page's language. */
export interface PickupPoint extends AvailabilityShop {
  title: string;
  address: string;
  schedule: string;
}

/** A colour of the picker, in the page's language, with the link that chooses it. */
export interface ColorChoice {
  slug: string;
  title: string;
  cssBackground: string | null;
  available: boolean;
  href: string;
  current: boolean;
}

export interface SizeChoice {
  slug: string;
  title: string;
  available: boolean;
  href: string;
  current: boolean;
}

/** Stock of the chosen variant as the page says it. */
export type StockState = { kind: 'inStock' } | { kind: 'preOrder'; date: string | null } | { kind: 'outOfStock' };

/** An answer under a review: the shop's, or a shopper's. */
export interface ReviewAnswerView {
  author: string;
  text: string;
  date: string;
  datetime: string;
}

/** Texts are plain text as the shopper wrote them: views render them escaped, never as HTML. */
export interface ReviewView {
  id: number;
  /** About the variant the page stands for (its article): listed first, marked so (issue 25). */
  ofVariant: boolean;
  author: string;
  rating: number;
  pros: string | null;
  cons: string | null;
  text: string;
  /** DD.MM.YYYY (Kyiv) and the ISO date for `<time datetime>`. */
  date: string;
  datetime: string;
  shopAnswer: ReviewAnswerView | null;
  answers: ReviewAnswerView[];
  /** Where a signed-in shopper's answer is posted (`/api/account/reviews/{id}/answer`). */
  answerAction: string;
}

/** The form that writes a review (a plain form; the endpoint answers a visitor without a session with the way to sign in). */
export interface ReviewFormModel {
  action: string;
  productId: number;
  /** The chosen variant's display article. */
  article: string;
  /** The product's page (the canonical path), where the shopper comes back to. */
  returnTo: string;
  limits: { pros: number; cons: number; comment: number; answer: number };
}

export interface ProductReviewsModel {
  /** One decimal, with the comma both languages write ("4,5"). */
  average: string;
  total: number;
  /** The first page: the chosen variant's reviews, then the others, each newest first (the JSON-LD takes the first 3). */
  items: ReviewView[];
  /** How many reviews gave each rating, 5 to 1 (null: no counts, the service did not answer or none). */
  counts: StarCount[] | null;
  form: ReviewFormModel;
}

/** A price as the page writes it: the final amount, its text («2 259 грн» or «от 2 169 грн»), the old price and badge for a real drop. */
export interface PriceView {
  final: number;
  text: string;
  oldText: string | null;
  badgeText: string | null;
}

/** One variant as the picker switches to it in the browser: every text in the page's language. */
export interface PickerVariant {
  id: number;
  color: string;
  size: string | null;
  sizeTitle: string;
  article: string;
  price: PriceView;
  rewardText: string | null;
  subscriptionText: string | null;
  stockKind: StockState['kind'];
  stockText: string;
  stockAmount: number;
  /** Units that may be put in the basket (0: sold out, or not for sale). */
  max: number;
  /** The basket line's data (as the add-to-basket form carries it); null when it cannot be sold. */
  item: BasketItemInput | null;
}

/** A colour while no size is chosen: its price («від» the lowest when its sizes differ) and whether any size is in stock. */
export interface PickerColor {
  slug: string;
  price: PriceView;
  stockKind: StockState['kind'];
  stockText: string;
}

/** The picker's data (a JSON script on the page): the product's path and every visible variant, sizes in order. */
export interface PickerData {
  base: string;
  variants: PickerVariant[];
  colors: PickerColor[];
}

/** What the price and stock lines show: the chosen variant's, or the colour's while a size is to be chosen. */
export interface ShownState {
  price: PriceView;
  rewardText: string | null;
  subscriptionText: string | null;
  stockKind: StockState['kind'];
  stockText: string;
}

/** «Повідомити про наявність»: the form of a sold-out variant (a plain form; the script posts it as JSON). */
export interface StockNotifyModel {
  action: string;
  productId: number;
  /** The sold-out variant; the picker changes it with the choice. */
  variantId: number | null;
  /** The page to come back to after a post without JavaScript. */
  returnTo: string;
  /** The one-time answer of a post without JavaScript (`?notify=saved|refused`). */
  flash: 'saved' | null;
}

/** The add-to-basket form of the chosen variant (a plain form: it works before and without JavaScript). */
export interface AddToBasketModel {
  /** Where the form posts without JavaScript (`/basket/add`, `/ua/basket/add`). */
  action: string;
  /** The basket page, where the shopper goes when the drawer cannot be loaded. */
  basketHref: string;
  productId: number;
  variantId: number;
  /** Units in stock: the quantity field's maximum; 0 means the variant cannot be bought now. */
  max: number;
  /** The line's catalogue data for the browser's basket, as JSON for a data script; null when it cannot be sold. */
  itemJson: string | null;
  /**
   * The subscription fields (spec §3 "Subscription options", §6), when the product allows
   * subscription and the variant can be sold: the intervals offered and the one chosen at first.
   * The same for every visitor (the page is cached): CSS shows them to a signed-in shopper (the
   * hint's `<html data-signed-in>`) and an invitation to sign in to anyone else.
   */
  subscription: { intervals: readonly number[]; defaultInterval: number } | null;
  /**
   * No size chosen yet (the colour has several): the form then asks for one. Without JavaScript it
   * is a GET of the product's page with `pick=size`, which says so beside the sizes.
   */
  needsSize: boolean;
  /** The product's page and the colour, for that GET. */
  productPath: string;
  color: string;
}

/** The product page of one chosen variant, everything in the page's language and every rule applied. */
export interface ProductPageModel {
  productId: number;
  /** The product's slug (its page's address; the delivery block's fragment asks by it). */
  slug: string;
  variantId: number;
  title: string;
  documentTitle: string;
  description: string | null;
  brand: { title: string; href: string } | null;
  article: string;
  price: VariantPrice;
  stock: StockState;
  /** Units of the chosen variant in stock (data attribute for tests and scripts). */
  stockAmount: number;
  /** The colour picker shows for more than one colour, or for one real colour. */
  showColors: boolean;
  colors: ColorChoice[];
  currentColorTitle: string;
  sizes: SizeChoice[];
  /** The media of the chosen colour: pictures, videos and the 360° view, the main one first. */
  gallery: Gallery;
  trail: Breadcrumbs;
  canonicalPath: string;
  /** Where the chosen variant can be picked up, by city; null when the shop list could not be read. */
  availability: CityAvailability<PickupPoint>[] | null;
  /** Accessories with some variant in stock (spec §5); empty when none or when they could not be read. */
  accessories: ProductCardModel[];
  /** Sanitised HTML of the size table (accounts spec §7 fallback chain), or null. */
  sizeTableHtml: string | null;
  /** The first page of reviews with the average and count, and the form; null when they could not be read. */
  reviews: ProductReviewsModel | null;
  /** Absolute URL of the chosen variant, and the share fallback for browsers without the Web Share API. */
  share: { url: string; fallbackUrl: string };
  /** The promotions the product takes part in, as links (issue 25); empty when none or unreadable. */
  promotions: PromotionCard[];
  /** Product and BreadcrumbList JSON-LD, escaped for a script element. */
  jsonLd: string;
  basket: AddToBasketModel;
  /** Some colour has a 360° view (its script is on the page, for the colour the picker may switch to). */
  hasRotateView: boolean;
  /** A size was chosen (or the colour has one size): false while the shopper still has to pick one. */
  sizeChosen: boolean;
  /** The page was reached by «В корзину» without a size (no JavaScript): the size picker says to choose. */
  askSize: boolean;
  /** The price and stock lines as first shown. */
  shown: ShownState;
  /** The picker's data as JSON for a data script (escaped). */
  pickerJson: string;
  notify: StockNotifyModel;
}
