/**
 * Folding of names and search input for the delivery searches, so a shopper finds a place however
 * they type it: either language, any case, `ё`/`е`, Ukrainian `і`/`ї`/`є` against Russian `и`/`е`
 * (Київ/Киев), `ы` against `и`, with or without apostrophes (Кам’янське, Камянське), hyphens as spaces
 * (Івано-Франківськ), `№17` as `17`. The seed folds the stored texts with the same functions.
 */

// `й` stays a letter of its own: both languages write it alike, so there is nothing to reconcile.
const FOLDED: Readonly<Record<string, string>> = {
  ё: 'е',
  є: 'е',
  э: 'е',
  і: 'и',
  ї: 'и',
  ы: 'и',
  ґ: 'г',
};
const FOLDABLE = /[ёєэіїыґ]/g;
const APOSTROPHES = /['’ʼ`‘]/g;
/** A Latin `i` next to a Cyrillic letter: a common keyboard slip for `і` ("Kиiв"). */
const LATIN_I = /(?<=\p{Script=Cyrillic})i|i(?=\p{Script=Cyrillic})/gu;
/**
 * Anything but (lower-case) Latin and Cyrillic letters and digits separates words. Spelled out rather
 * than `\p{L}\p{N}`: four times faster, and the names here use no other letters.
 */
const SEPARATORS = /[^0-9a-zа-яёіїєґ]+/g;
/** The same, keeping the `~` that fieldsText puts between fields. */
const SEPARATORS_BUT_TILDE = /[^0-9a-zа-яёіїєґ~]+/g;

function fold(text: string, separators: RegExp): string {
  // Whole-string replacements rather than a pass per character: the seed folds ~30,000 texts.
  return text
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(LATIN_I, 'и')
    .replace(FOLDABLE, (ch) => FOLDED[ch] ?? ch)
    .replace(separators, ' ')
    .trim();
}

/** `text` folded to words joined by single spaces. */
export function foldText(text: string): string {
  return fold(text, SEPARATORS);
}

/** The folded words of `text`, in order. */
export function searchWords(text: string): string[] {
  const folded = foldText(text);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * The search keys of a name: the folded name from each word on, with the word's index
 * ("Біла Церква" → ["била церква", 0], ["церква", 1]). A query matches a key it starts.
 */
export function nameKeys(name: string): { key: string; word: number }[] {
  const words = searchWords(name);
  return words.map((_, word) => ({ key: words.slice(word).join(' '), word }));
}

/**
 * Stored search text of a street or branch: its fields folded, each preceded by `~ `, words by single
 * spaces. So `instr(text, ' ' || word)` is "some word starts with `word`" and `instr(text, '~ ' || q)`
 * is "some field starts with `q`"; folded input never contains `~`.
 */
export function fieldsText(fields: readonly string[]): string {
  // One fold of the joined fields (a `~` inside a field is a separator like any other punctuation).
  const joined = fields.map((field) => `~ ${field.replaceAll('~', ' ')}`).join(' ');
  return fold(joined, SEPARATORS_BUT_TILDE);
}
