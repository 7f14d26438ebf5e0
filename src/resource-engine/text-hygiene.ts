// Text hygiene: characters a person cannot see or that change how text reads. Stored text must
// look like what it is (no name made of invisible characters, no bidirectional override turning
// "exe.pdf" into "fdp.exe"). Shared by the app's form rules, the body validators and the
// unique-code normalisation (server/resources/text-hygiene.ts re-exports it).
// Ranges are compared by code point: regular-expression classes of controls and combining marks
// read ambiguously (and the linter refuses them).

/** [first, last] code points that render as nothing. */
const INVISIBLE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero-width space, joiners, LRM, RLM
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, bidi isolates, deprecated format
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // byte order mark / zero-width no-break space
  [0xffa0, 0xffa0], // half-width Hangul filler
  [0xe0000, 0xe007f], // tags
  [0xe0100, 0xe01ef], // variation selectors supplement
];

const inRanges = (cp: number, ranges: ReadonlyArray<readonly [number, number]>) =>
  ranges.some(([a, b]) => cp >= a && cp <= b);

const isInvisible = (cp: number) => inRanges(cp, INVISIBLE_RANGES);
const isLineControl = (cp: number) => cp === 0x09 || cp === 0x0a || cp === 0x0d;
/** C0 and C1 control characters, DEL included. */
const isControl = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);
/** Bidirectional embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const isBidi = (cp: number) => (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);

/** The text without invisible characters (zero-width, bidi marks and controls, BOM, fillers). */
export function stripInvisible(text: string): string {
  let out = "";
  for (const ch of text) if (!isInvisible(ch.codePointAt(0) as number)) out += ch;
  return out;
}

/** True when nothing visible remains once invisible characters and white space are removed. */
export function isBlankText(text: string): boolean {
  return stripInvisible(text).replace(/[\s\p{Z}]/gu, "") === "";
}

export const CONTROL_MESSAGE =
  "Remove control characters (only tabs and line breaks are allowed in long text)";
export const LINE_BREAK_MESSAGE = "Use a single line: tabs and line breaks are not allowed here";
export const BIDI_MESSAGE = "Remove bidirectional override characters (U+202A–U+202E, U+2066–U+2069)";

/**
 * The hygiene rule the text breaks, or null. `allowLineBreaks`: tab, newline and carriage return
 * are fine (long text, addresses); other controls never are.
 */
export function textHygieneError(text: string, allowLineBreaks = false): string | null {
  let lineBreak = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (isBidi(cp)) return BIDI_MESSAGE;
    if (isLineControl(cp)) lineBreak = true;
    else if (isControl(cp)) return CONTROL_MESSAGE;
  }
  return lineBreak && !allowLineBreaks ? LINE_BREAK_MESSAGE : null;
}

/** True when the text holds a C0/C1 control character or a bidirectional override/isolate. */
export function hasControlOrBidi(text: string, allowLineBreaks = false): boolean {
  return textHygieneError(text, allowLineBreaks) !== null;
}
