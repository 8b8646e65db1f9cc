/**
 * How people in Ukraine type a search (issue 12 "Search that understands how people type"): a
 * brand in the other script (лего / lego, чикко / chicco), the wrong keyboard layout (ktuj for
 * лего: the commonest slip of a bilingual keyboard), Russian and Ukrainian spellings of one word
 * (игрушка / іграшка), and a typo or two in a longer word. Pure: the search service compares a
 * query word's keys with each indexed term's keys (src/services/search/textMatch.ts).
 */

// The layouts key by key, every key that types a letter in Cyrillic (issue 29: б ж х ю є ї sit on
// , ; [ . ' ] and were missed). Russian (ЙЦУКЕН) and Ukrainian differ on four keys: s ы/і,
// ] ъ/ї, ' э/є, ` ё/apostrophe (as in м'ята); \ is ґ on the Ukrainian one only. Shifted keys ({ } : "
// < > ~ |) are listed too: the text is lower-cased before it gets here, which leaves them as typed.
// prettier-ignore
const QWERTY = "qwertyuiop[]asdfghjkl;'zxcvbnm,.`{}:\"<>~";
// prettier-ignore
const RU_KEYS = 'йцукенгшщзхъфывапролджэячсмитьбюёхъжэбюё';
// prettier-ignore
const UK_KEYS = "йцукенгшщзхїфівапролджєячсмитьбю'хїжєбю'";
const UK_ONLY: readonly [string, string][] = [
  ['\\', 'ґ'],
  ['|', 'ґ'],
];

const toRussian = new Map([...QWERTY].map((ch, i) => [ch, RU_KEYS[i] ?? ch]));
const toUkrainian = new Map<string, string>([
  ...[...QWERTY].map((ch, i): [string, string] => [ch, UK_KEYS[i] ?? ch]),
  ...UK_ONLY,
]);
// Back from Cyrillic by the unshifted keys (the first 33), so б is `,` rather than `<`.
const unshifted = [...QWERTY].slice(0, 33);
const toLatinKey = new Map<string, string>([
  ...unshifted.map((ch, i): [string, string] => [UK_KEYS[i] ?? ch, ch]),
  ...unshifted.map((ch, i): [string, string] => [RU_KEYS[i] ?? ch, ch]),
  ['ґ', '\\'],
]);
// Cyrillic letters only: the apostrophe of the Ukrainian layout is no reason to read a word as Latin.
const CYRILLIC_LETTER = /\p{Script=Cyrillic}/u;
const LATIN_LETTER = /[a-z]/;

/**
 * A word typed on the other layout, each way it may be read: `ktuj` → лего, `,jls` → боди,
 * `gs;fvf` → піжама and пыжама (Ukrainian and Russian layouts), `сршссщ` → chicco. Empty when the
 * word has a character of neither layout or no letter at all.
 */
export function layoutSwaps(word: string): string[] {
  const chars = [...word];
  const readings = [toUkrainian, toRussian]
    .filter((map) => chars.every((ch) => map.has(ch)))
    .map((map) => chars.map((ch) => map.get(ch) ?? ch).join(''));
  if (readings.length > 0) return [...new Set(readings)].filter((reading) => CYRILLIC_LETTER.test(reading));
  if (chars.every((ch) => toLatinKey.has(ch)) && chars.some((ch) => CYRILLIC_LETTER.test(ch))) {
    const latin = chars.map((ch) => toLatinKey.get(ch) ?? ch).join('');
    return LATIN_LETTER.test(latin) ? [latin] : [];
  }
  return [];
}

// Cyrillic to Latin the way brands are spelled in shops (ч ch, ш sh, ж zh, х h, ц c, й y).
// prettier-ignore
const CYR_TO_LAT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'e', є: 'ye', ж: 'zh', з: 'z', и: 'i',
  і: 'i', ї: 'yi', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
  у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e',
  ю: 'yu', я: 'ya',
};
// Latin to Cyrillic, longest spelling first (shch before sh before s); c and ck read as к, as
// brands borrowed from Italian and English are read (Chicco чикко, Coccodrillo кокодрило).
// prettier-ignore
const LAT_TO_CYR: readonly [string, string][] = [
  ['shch', 'щ'], ['sch', 'ш'], ['sh', 'ш'], ['ch', 'ч'], ['zh', 'ж'], ['kh', 'х'], ['ts', 'ц'],
  ['ya', 'я'], ['yu', 'ю'], ['ye', 'е'], ['yi', 'и'], ['ck', 'к'], ['ph', 'ф'], ['th', 'т'],
  ['a', 'а'], ['b', 'б'], ['c', 'к'], ['d', 'д'], ['e', 'е'], ['f', 'ф'], ['g', 'г'], ['h', 'х'],
  ['i', 'и'], ['j', 'дж'], ['k', 'к'], ['l', 'л'], ['m', 'м'], ['n', 'н'], ['o', 'о'], ['p', 'п'],
  ['q', 'к'], ['r', 'р'], ['s', 'с'], ['t', 'т'], ['u', 'у'], ['v', 'в'], ['w', 'в'], ['x', 'кс'],
  ['y', 'и'], ['z', 'з'],
];

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /[a-z]/;

export function cyrillicToLatin(word: string): string {
  return Array.from(word, (ch) => CYR_TO_LAT[ch] ?? ch).join('');
}

export function latinToCyrillic(word: string): string {
  let out = '';
  for (let i = 0; i < word.length;) {
    const pair = LAT_TO_CYR.find(([latin]) => word.startsWith(latin, i));
    if (pair) {
      out += pair[1];
      i += pair[0].length;
    } else {
      out += word[i];
      i++;
    }
  }
  return out;
}

/**
 * One spelling for the letters Russian and Ukrainian write differently (і ї ы й → и, є э ё → е,
 * ґ → г, soft and hard signs and apostrophes dropped) and for doubled Latin letters: so «іграшка»
 * and «игрушка» differ by one letter, and «чико» meets «чикко».
 */
export function fold(word: string): string {
  return word
    .replace(/[іїый]/g, 'и')
    .replace(/[єэё]/g, 'е')
    .replace(/ґ/g, 'г')
    .replace(/[ьъ'’]/g, '')
    .replace(/(.)\1+/gu, '$1');
}

/** The keys a word is compared by: its folded self and its folded spelling in the other script. */
export function wordKeys(word: string): string[] {
  const keys = new Set([fold(word)]);
  if (CYRILLIC.test(word)) keys.add(fold(cyrillicToLatin(word)));
  if (LATIN.test(word)) keys.add(fold(latinToCyrillic(word)));
  return [...keys];
}

/** The keys of what a shopper typed: the word as typed and as if typed on the other layout. */
export function queryKeys(word: string): string[] {
  return [...new Set([...wordKeys(word), ...layoutSwaps(word).flatMap(wordKeys)])];
}

/**
 * Typos forgiven in a word of `length` letters: none below 5 (short words are too easily another
 * word: кот, код, рот), one from 5, two from 8.
 */
export function typosAllowed(length: number): number {
  if (length >= 8) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * Edit distance with adjacent swaps (optimal string alignment), or `limit + 1` as soon as it is
 * sure to exceed `limit` (the comparison runs against every indexed term).
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (previous2[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous2 = previous;
    previous = current;
  }
  return Math.min(previous[b.length] ?? limit + 1, limit + 1);
}

/** A typed key shorter than this stands for nothing in the tolerant search (щщщщщ folds to щ). */
const MIN_KEY_LENGTH = 3;

/**
 * Whether a typed key matches a term's key as the start of the term (search as you type), with
 * `allowed` typos (typosAllowed of the word as typed: its spelling in the other script may be
 * longer, chicco → чикко, and must not earn more): the term's start is compared at the key's
 * length and one letter either way (a letter left out or typed twice).
 */
export function keyMatches(typed: string, term: string, allowed: number): boolean {
  if (typed.length < MIN_KEY_LENGTH) return false;
  if (term.startsWith(typed)) return true;
  if (allowed === 0) return false;
  for (let length = typed.length - 1; length <= typed.length + 1; length++) {
    if (length > term.length) break;
    if (editDistance(typed, term.slice(0, length), allowed) <= allowed) return true;
  }
  return false;
}
