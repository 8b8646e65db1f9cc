import { fold, layoutSwaps } from './queryVariants.ts';

/**
 * What a typed search is made of (issue 29 "Search that finds what people type"): the words a
 * shopper means one by one. Pure; the search service matches each unit against titles and
 * product attributes (src/services/search/textMatch.ts).
 *
 * - Chunks are split at spaces. A chunk of keyboard keys only with a Latin letter and punctuation
 *   inside (`rjv,sytpjy`, `gs;fvf`, `,jls`) is one unit: typed on the Latin layout, its , ; . [ ] '
 *   are the б ж ю х ї є of the word meant. Any other chunk gives a unit per word (`боди-футболка`,
 *   `комбинезон,зима`).
 * - A number followed by a unit of age (`1 год`, `6 місяців`), of height (`80 см`) or weight
 *   (`9 кг`) is one unit; a number alone stands for the sizes that start with it (80 → 80 см,
 *   4 → 4 (8–14 кг)). «размер»/«розмір» before a number says nothing more.
 * - Little words (для, на, з, с …) are left out unless the query has nothing else.
 */

export type Measure = { kind: 'any' } | { kind: 'cm' } | { kind: 'kg' } | { kind: 'months'; factor: number };

export interface QueryUnit {
  /** The chunk as typed (lower case), for the note that names the words left out. */
  text: string;
  /** Its words as the title index splits them (letters and digits), all of which must match. */
  words: string[];
  /** The chunk as if typed on the other layout (each reading), for the tolerant search. */
  swaps: string[];
  /** A number and what it measures, when the unit is one. */
  number: { value: number; measure: Measure } | null;
}

/** At most this many chunks are read from a query (a pasted paragraph is not a search). */
const MAX_CHUNKS = 8;

// prettier-ignore
const STOPWORDS = new Set([
  'для', 'на', 'в', 'во', 'с', 'со', 'з', 'зі', 'із', 'и', 'і', 'й', 'та', 'у', 'от', 'від', 'до', 'по',
  'а', 'the', 'for', 'and',
  // Everything in a children's shop is for children: these words narrow nothing.
  'детский', 'детская', 'детское', 'детские', 'детских', 'детей', 'ребенка', 'ребёнка',
  'дитячий', 'дитяча', 'дитяче', 'дитячі', 'дитячих', 'дітей', 'дитини', 'kids', 'baby',
]);

const SIZE_WORDS = new Set(['размер', 'размера', 'розмір', 'розміру', 'р-р', 'рр', 'size']);

/** Age units and how many months one of them is (folded spellings are compared). */
const AGE_UNITS: readonly [RegExp, number][] = [
  [/^(г|год|года|годик|годика|лет|р|рик|рок|роки|рокив|рочки|рочок)$/u, 12],
  [/^(мес|месяц|месяца|месяцев|мис|мисяц|мисяци|мисяцив|м)$/u, 1],
];

/** Lower case, Latin diacritics dropped as the index's tokenizer drops them (bübchen → bubchen). */
export function normalizeQuery(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/([a-z])\p{M}+/gu, '$1')
    .normalize('NFC');
}

const WORD = /[\p{L}\p{N}]+/gu;
const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** Digits glued to letters (80см, 1год) are two words. */
const splitGlued = (word: string): string[] => word.match(/\p{N}+|\p{L}+/gu) ?? [];

function unitsOfChunk(chunk: string): QueryUnit[] {
  const words = wordsOf(chunk);
  if (words.length === 0) return [];
  const swaps = layoutSwaps(chunk);
  if (swaps.length > 0 && /[a-z]/.test(chunk) && words.join('') !== chunk) {
    return [{ text: chunk, words, swaps, number: null }];
  }
  return words
    .flatMap(splitGlued)
    .map((word) => ({ text: word, words: [word], swaps: layoutSwaps(word), number: null }));
}

function measureOf(word: string | undefined): Measure | null {
  if (word === undefined) return null;
  const key = fold(word);
  if (key === 'см' || key === 'cm') return { kind: 'cm' };
  if (key === 'кг' || key === 'kg') return { kind: 'kg' };
  for (const [pattern, factor] of AGE_UNITS) if (pattern.test(key)) return { kind: 'months', factor };
  return null;
}

/** A chunk of keys with punctuation inside, read as typed on the other layout only (`,jls` → боді). */
export const isKeyChunk = (unit: QueryUnit): boolean => unit.swaps.length > 0 && unit.words.join('') !== unit.text;

const isNumber = (unit: QueryUnit): boolean => unit.words.length === 1 && /^\p{N}+$/u.test(unit.words[0] ?? '');

/** The units of a typed query; stop words only when nothing else was typed. */
export function queryUnits(text: string): QueryUnit[] {
  const chunks = normalizeQuery(text).split(/\s+/u).filter(Boolean).slice(0, MAX_CHUNKS);
  const raw = chunks.flatMap(unitsOfChunk);
  const units: QueryUnit[] = [];
  for (let i = 0; i < raw.length; i++) {
    const unit = raw[i];
    if (!unit) continue;
    // «размер 25», «25 размер»: the number says it all.
    if (SIZE_WORDS.has(unit.text) && raw.some(isNumber)) continue;
    if (!isNumber(unit)) {
      units.push(unit);
      continue;
    }
    const value = Number(unit.words[0]);
    const measure = measureOf(raw[i + 1]?.words[0]);
    if (measure !== null) {
      const next = raw[i + 1];
      units.push({ ...unit, text: `${unit.text} ${next?.text ?? ''}`.trim(), number: { value, measure } });
      i++;
    } else {
      units.push({ ...unit, number: { value, measure: { kind: 'any' } } });
    }
  }
  const meaningful = units.filter((unit) => unit.number !== null || !STOPWORDS.has(unit.text));
  return meaningful.length > 0 ? meaningful : units;
}

// Endings of Russian and Ukrainian adjectives and nouns, folded (fold: й ы і → и, є э ё → е), the
// longest first. Cutting one lets «зимняя» meet «зимний», «рожеві» meet «Рожевий».
// prettier-ignore
const ENDINGS = [
  'ого', 'его', 'ому', 'ему', 'ими',
  'ая', 'яя', 'ое', 'ее', 'ие', 'ии', 'ои', 'ую', 'юю', 'их', 'ов', 'ев', 'ам', 'ям', 'ах', 'ях', 'ом', 'ем',
  'а', 'я', 'о', 'е', 'и', 'у', 'ю', 'ы',
];
const MIN_STEM = 3;

/** A folded word without its ending (at least 3 letters are kept). */
export function stem(folded: string): string {
  for (const ending of ENDINGS) {
    if (folded.endsWith(ending) && folded.length - ending.length >= MIN_STEM) return folded.slice(0, -ending.length);
  }
  return folded;
}
