/**
 * Text cleaning for the standard PDF fonts, which draw only the WinAnsi character set: pdf-lib throws
 * on anything else, and a form that fails to print over one emoji in a discrepancy is worse than a
 * form with a '?' in it. Nothing here throws.
 */

/** The characters WinAnsi places in 0x80-0x9F; the rest of the set is printable Latin-1. */
const WIN_ANSI_HIGH = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const highCodePoints = new Set(Array.from(WIN_ANSI_HIGH, (c) => c.codePointAt(0)!));

export function isWinAnsi(codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa1 && codePoint <= 0xff && codePoint !== 0xad) || highCodePoints.has(codePoint);
}

/** Every character cleaned text can hold: the tests draw each of them with pdf-lib. */
export function winAnsiCharacters(): string[] {
  const all: string[] = [];
  for (let cp = 0; cp <= 0xffff; cp++) if (isWinAnsi(cp)) all.push(String.fromCodePoint(cp));
  return all;
}

/** Look-alikes NFKD does not decompose into WinAnsi. */
const SUBSTITUTES: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '-',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2044': '/',
  '\u00ad': '',
};

// Separators and controls become spaces (a newline in a one-line box reads as a word break); format
// characters, variation selectors, emoji modifiers and tags are invisible and are dropped; combining
// marks left after decomposition are dropped with them.
const SPACE_LIKE = /[\p{Cc}\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;
// The emoji modifiers lead the class: after another character, lint (no-misleading-character-class)
// would read the pair as one modified emoji.
const INVISIBLE = /[\u{1f3fb}-\u{1f3ff}\p{Cf}\p{M}\u{fe00}-\u{fe0f}\u{e0000}-\u{e007f}]/u;
const PLAIN = /^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/;

function cleanChar(ch: string): string {
  const cp = ch.codePointAt(0)!;
  if (isWinAnsi(cp)) return ch;
  const substitute = SUBSTITUTES[ch];
  if (substitute !== undefined) return substitute;
  if (SPACE_LIKE.test(ch)) return ' ';
  if (INVISIBLE.test(ch)) return '';
  const decomposed = Array.from(ch.normalize('NFKD'))
    .filter((c) => !INVISIBLE.test(c))
    .join('');
  if (decomposed.length > 0 && decomposed !== ch && Array.from(decomposed).every((c) => isWinAnsi(c.codePointAt(0)!))) return decomposed;
  return '?';
}

/** The text as WinAnsi can draw it on one line: runs of spaces collapsed, ends trimmed. */
export function cleanText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  if (PLAIN.test(text) || text === '') return text;
  let out = '';
  // Composed first, so an accent typed as a combining mark keeps its letter's WinAnsi form.
  for (const ch of text.normalize('NFC')) out += cleanChar(ch);
  return out.replace(/ {2,}/g, ' ').trim();
}
