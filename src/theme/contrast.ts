// WCAG 2 contrast (relative luminance, https://www.w3.org/TR/WCAG22/#dfn-contrast-ratio), for colours the app only
// knows at run time: a status's own colour, on which a tag's text must stay readable (4.5:1 for normal text).

/** "#rgb" or "#rrggbb" → [r, g, b] in 0..255; undefined for anything else (a preset name like "green"). */
export function parseHex(colour: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const [lr, lg, lb] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** The contrast ratio of two hex colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [a, b].map((c) => {
    const rgb = parseHex(c);
    if (!rgb) throw new Error(`Not a hex colour: ${c}`);
    return luminance(rgb);
  });
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const LIGHT_TEXT = "#ffffff";
export const DARK_TEXT = "#000000";

/**
 * The text colour for a solid background: white where it reads at 4.5:1 (antd's own choice for coloured tags),
 * else black (then at least 4.58:1: one of the two always reaches it). undefined for a colour that is not hex: antd's preset tags
 * carry their own text colour.
 */
export function textColourOn(background: string | undefined): string | undefined {
  if (!background || !parseHex(background)) return undefined;
  return contrastRatio(LIGHT_TEXT, background) >= 4.5 ? LIGHT_TEXT : DARK_TEXT;
}
