/**
 * The shop's own stores and warehouses (spec §3 "Shop or warehouse"). Their ids are the warehouse
 * ids that variants report stock for, so the search and delivery seeds share this list.
 */
export type ShopType = 'shop' | 'warehouse' | 'partner';

export interface ShopDef {
  id: number;
  slug: string;
  title: string;
  titleUkr: string;
  /** Ukrainian name of the settlement (matched against the settlement list). */
  cityUkr: string;
  address: string;
  addressUkr: string;
  schedule: string;
  scheduleUkr: string;
  phone: string;
  latitude: number;
  longitude: number;
  type: ShopType;
  pickupEnable: boolean;
  /** Kilograms; 0 means no limit (spec §5: a limit applies only when above 0). */
  totalMaxWeightAllowed: number;
  isChicco: boolean;
  isMa: boolean;
  /** Warehouses that can top up this shop's stock for a pickup order. */
  donors: number[];
  /** Relative share of stock this location holds. */
  stockShare: number;
}

const DAILY = ['Пн–Вс 10:00–21:00', 'Пн–Нд 10:00–21:00'] as const;
const WORKDAYS = ['Пн–Пт 09:00–18:00', 'Пн–Пт 09:00–18:00'] as const;

export const MAIN_WAREHOUSE_ID = 1;

export const SHOPS: ShopDef[] = [
  {
    id: 1,
    slug: 'kiev-centralnyy-sklad',
    title: 'Центральный склад',
    titleUkr: 'Центральний склад',
    cityUkr: 'Київ',
    address: 'ул. Пуховская, 1А',
    addressUkr: 'вул. Пухівська, 1А',
    schedule: WORKDAYS[0],
    scheduleUkr: WORKDAYS[1],
    phone: '380443334401',
    latitude: 50.5232,
    longitude: 30.6271,
    type: 'warehouse',
    pickupEnable: false,
    totalMaxWeightAllowed: 0,
    isChicco: false,
    isMa: false,
    donors: [],
    stockShare: 10,
  },
  {
    id: 2,
    slug: 'kiev-darnica',
    title: 'Магазин на Дарнице',
    titleUkr: 'Магазин на Дарниці',
    cityUkr: 'Київ',
    address: 'ул. Гната Хоткевича, 1В',
    addressUkr: 'вул. Гната Хоткевича, 1В',
    schedule: DAILY[0],
    scheduleUkr: DAILY[1],
    phone: '380443334402',
    latitude: 50.4571,
    longitude: 30.6145,
    type: 'shop',
    pickupEnable: true,
    totalMaxWeightAllowed: 30,
    isChicco: false,
    isMa: false,
    donors: [1],
    stockShare: 3,
  },
  {
    id: 3,
    slug: 'kiev-lukyanovka',
    title: 'Магазин на Лукьяновке',
    titleUkr: 'Магазин на Лук’янівці',
    cityUkr: 'Київ',
    address: 'ул. Дегтяревская, 5',
    addressUkr: 'вул. Дегтярівська, 5',
    schedule: DAILY[0],
    scheduleUkr: DAILY[1],
    phone: '380443334403',
    latitude: 50.4605,
    longitude: 30.4716,
    type: 'shop',
    pickupEnable: true,
    totalMaxWeightAllowed: 30,
    isChicco: false,
    isMa: false,
    donors: [1],
    stockShare: 3,
  },
  {
    id: 4,
    slug: 'kiev-obolon',
    title: 'Магазин на Оболони',
    titleUkr: 'Магазин на Оболоні',
    cityUkr: 'Київ',
    address: 'просп. Оболонский, 21Б',
    addressUkr: 'просп. Оболонський, 21Б',
    schedule: DAILY[0],
    scheduleUkr: DAILY[1],
    phone: '380443334404',
    latitude: 50.5117,
    longitude: 30.4983,
    type: 'shop',
    pickupEnable: true,
    totalMaxWeightAllowed: 0,
    isChicco: false,
    isMa: false,
    donors: [1],
    stockShare: 3,
  },
  {
    id: 5,
    slug: 'kiev-chicco-pozniaki',
    title: 'Chicco на Позняках',
    titleUkr: 'Chicco на Позняках',
    cityUkr: 'Київ',
    address: 'ул. Анны Ахматовой, 13',
    addressUkr: 'вул. Анни Ахматової, 13',
    schedule: DAILY[0],
    scheduleUkr: DAILY[1],
    phone: '380443334405',
    latitude: 50.4036,
    longitude: 30.6281,
    type: 'partner',
    pickupEnable: true,
    totalMaxWeightAllowed: 20,
    isChicco: true,
    isMa: false,
    donors: [1],
    stockShare: 1,
  },
  {
    id: 6,
    slug: 'lvov-stryyskaya',
    title: 'Магазин во Львове',
    titleUkr: 'Магазин у Львові',
    cityUkr: 'Львів',
    address: 'ул. Стрыйская, 30',
    addressUkr: 'вул. Стрийська, 30',
    schedule: DAILY[0],
    scheduleUkr: DAILY[1],
    phone: '380323334406',
    latitude: 49.8218,
    longitude: 24.0224,
    type: 'shop',
    pickupEnable: true,
    totalMaxWeightAllowed: 30,
    isChicco: false,
    isMa: false,
    donors: [1],
    stockShare: 2,
  },
  {
    id: 7,
    slug: 'odessa-sklad',
    title: 'Склад в Одессе',
    titleUkr: 'Склад в Одесі',
    cityUkr: 'Одеса',
    address: 'Овидиопольская дорога, 3',
    addressUkr: 'Овідіопольська дорога, 3',
    schedule: WORKDAYS[0],
    scheduleUkr: WORKDAYS[1],
    phone: '380483334407',
    latitude: 46.4297,
    longitude: 30.6944,
    type: 'warehouse',
    pickupEnable: true,
    totalMaxWeightAllowed: 0,
    isChicco: false,
    isMa: false,
    donors: [],
    stockShare: 4,
  },
  {
    id: 8,
    slug: 'harkov-nikolskiy',
    title: 'Магазин в Харькове',
    titleUkr: 'Магазин у Харкові',
    cityUkr: 'Харків',
    address: 'ул. Гоголя, 2А',
    addressUkr: 'вул. Гоголя, 2А',
    schedule: DAILY[0],
    scheduleUkr: DAILY[1],
    phone: '380573334408',
    latitude: 49.9925,
    longitude: 36.2338,
    type: 'shop',
    pickupEnable: true,
    totalMaxWeightAllowed: 30,
    isChicco: false,
    isMa: false,
    donors: [1],
    stockShare: 2,
  },
  {
    id: 9,
    slug: 'dnepr-mama-shop',
    title: 'Mama Shop в Днепре',
    titleUkr: 'Mama Shop у Дніпрі',
    cityUkr: 'Дніпро',
    address: 'ул. Глинки, 2',
    addressUkr: 'вул. Глінки, 2',
    schedule: DAILY[0],
    scheduleUkr: DAILY[1],
    phone: '380563334409',
    latitude: 48.4676,
    longitude: 35.0497,
    type: 'partner',
    pickupEnable: true,
    totalMaxWeightAllowed: 25,
    isChicco: false,
    isMa: true,
    donors: [1],
    stockShare: 1,
  },
  {
    id: 10,
    slug: 'vinnica-kelecka',
    title: 'Магазин в Виннице',
    titleUkr: 'Магазин у Вінниці',
    cityUkr: 'Вінниця',
    address: 'ул. Келецкая, 78В',
    addressUkr: 'вул. Келецька, 78В',
    schedule: DAILY[0],
    scheduleUkr: DAILY[1],
    phone: '380433334410',
    latitude: 49.2295,
    longitude: 28.4252,
    type: 'shop',
    pickupEnable: false,
    totalMaxWeightAllowed: 0,
    isChicco: false,
    isMa: false,
    donors: [1],
    stockShare: 1,
  },
];
