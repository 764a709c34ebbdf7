// Latin letters without their accents, as the reference's remove_accents() gives them for
// slugs: "Crème Brûlée" -> "Creme Brulee", "Straße" -> "Strasse". Other scripts (Cyrillic,
// Greek, CJK, emoji) are left as they are, to be percent-encoded in the slug.

/** Letters that are not a base letter plus marks, written as the reference writes them. */
const LETTERS: Record<string, string> = {
  ß: 'ss', Æ: 'AE', æ: 'ae', Ø: 'O', ø: 'o', Œ: 'OE', œ: 'oe', Ð: 'D', ð: 'd', Đ: 'D', đ: 'd', Þ: 'TH', þ: 'th',
  Ł: 'L', ł: 'l', Ħ: 'H', ħ: 'h', ı: 'i', Ĳ: 'IJ', ĳ: 'ij', Ŀ: 'L', ŀ: 'l', ŉ: 'n', Ŋ: 'N', ŋ: 'n', Ŧ: 'T', ŧ: 't',
  ſ: 's', ĸ: 'k', ª: 'a', º: 'o', '€': 'E', Ə: 'E', ə: 'e',
};

/** Latin-1 Supplement letters, Latin Extended-A/B and Latin Extended Additional (Vietnamese). */
const LATIN_WITH_MARKS = /[\u00c0-\u024f\u1e00-\u1eff]/g;
const COMBINING_MARKS = /[\u0300-\u036f]/g;

export function removeAccents(text: string): string {
  if (!/[^\u0000-\u007f]/.test(text)) return text;
  // Composed first, so that a letter typed as base + mark is one letter, as the reference does.
  return text.normalize('NFC').replace(LATIN_WITH_MARKS, (letter) => {
    if (letter in LETTERS) return LETTERS[letter]!;
    const base = letter.normalize('NFD').replace(COMBINING_MARKS, '');
    return /^[\u0000-\u007f]+$/.test(base) ? base : letter;
  }).replace(/[ªº€]/g, (letter) => LETTERS[letter]!);
}
