/**
 * Demo brands. A mix of well-known children's brands and invented ones; `groups` says which folder
 * categories a brand sells in, `ownImport` marks the shop's own imported labels (spec: own-import).
 */
export type BrandGroup = 'clothes' | 'shoes' | 'toys' | 'feeding' | 'hygiene' | 'transport' | 'school' | 'mom' | 'shop';

export interface BrandDef {
  slug: string;
  title: string;
  groups: BrandGroup[];
  ownImport?: boolean;
}

const b = (slug: string, title: string, groups: BrandGroup[], ownImport = false): BrandDef => ({
  slug,
  title,
  groups,
  ownImport,
});

export const BRANDS: BrandDef[] = [
  b('smart-bear', 'Smart Bear', ['clothes', 'toys'], true),
  b('little-fox', 'Little Fox', ['clothes', 'shoes'], true),
  b('tiny-steps', 'Tiny Steps', ['shoes']),
  b('sunny-kids', 'Sunny Kids', ['clothes']),
  b('mini-maxi', 'Mini Maxi', ['clothes', 'school']),
  b('baby-cloud', 'Baby Cloud', ['clothes', 'hygiene'], true),
  b('happy-owl', 'Happy Owl', ['toys', 'school']),
  b('kvitka', 'Kvitka', ['clothes'], true),
  b('zirochka', 'Zirochka', ['clothes', 'toys'], true),
  b('soniachko', 'Soniachko', ['clothes', 'feeding']),
  b('lelka', 'Lelka', ['toys']),
  b('dobra-mama', 'Dobra Mama', ['mom', 'feeding']),
  b('chicco', 'Chicco', ['feeding', 'toys', 'transport', 'hygiene']),
  b('pampers', 'Pampers', ['hygiene']),
  b('huggies', 'Huggies', ['hygiene']),
  b('libero', 'Libero', ['hygiene']),
  b('lego', 'LEGO', ['toys']),
  b('philips-avent', 'Philips Avent', ['feeding']),
  b('tommee-tippee', 'Tommee Tippee', ['feeding']),
  b('canpol-babies', 'Canpol babies', ['feeding', 'hygiene', 'toys']),
  b('nuk', 'NUK', ['feeding']),
  b('mustela', 'Mustela', ['hygiene']),
  b('bubchen', 'Bübchen', ['hygiene']),
  b('cybex', 'Cybex', ['transport']),
  b('britax-romer', 'Britax Römer', ['transport']),
  b('carrello', 'Carrello', ['transport']),
  b('tutis', 'Tutis', ['transport']),
  b('anex', 'Anex', ['transport']),
  b('joie', 'Joie', ['transport']),
  b('fisher-price', 'Fisher-Price', ['toys']),
  b('vtech', 'VTech', ['toys']),
  b('hape', 'Hape', ['toys']),
  b('melissa-doug', 'Melissa & Doug', ['toys']),
  b('tigres', 'Tigres', ['toys']),
  b('technok', 'Technok', ['toys']),
  b('kite', 'Kite', ['school']),
  b('yes', 'YES', ['school']),
  b('herlitz', 'Herlitz', ['school']),
  b('zibi', 'ZiBi', ['school']),
  b('geox', 'Geox', ['shoes']),
  b('superfit', 'Superfit', ['shoes']),
  b('bartek', 'Bartek', ['shoes']),
  b('kapika', 'Kapika', ['shoes']),
  b('reima', 'Reima', ['clothes', 'shoes']),
  b('lassie', 'Lassie', ['clothes']),
  b('huppa', 'Huppa', ['clothes']),
  b('coccodrillo', 'Coccodrillo', ['clothes']),
  b('5-10-15', '5.10.15', ['clothes']),
  b('mothers-joy', "Mother's Joy", ['mom', 'feeding']),
  b('medela', 'Medela', ['mom', 'feeding']),
  b('lovi', 'LOVI', ['feeding', 'mom']),
  b('ergobaby', 'Ergobaby', ['mom', 'transport']),
  b('bbs-gift', 'BBS Gift', ['shop'], true),
  b('green-sprouts', 'Green Sprouts', ['feeding', 'toys']),
  b('ezpz', 'ezpz', ['feeding']),
  b('polesie', 'Полесье', ['toys']),
];
