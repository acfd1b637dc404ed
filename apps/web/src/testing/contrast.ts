/**
 * WCAG 2 contrast of Tailwind colours, for tests of text the browser paints
 * on a state jsdom cannot show (hover). Colours come from the installed
 * Tailwind's default palette (oklch), converted to 8-bit sRGB as a browser
 * paints them.
 */
import colors from 'tailwindcss/colors';

/** A theme colour such as "slate-500" as 8-bit sRGB channels. */
export function tailwindColor(name: string): [number, number, number] {
  const [family = '', shade = ''] = name.split('-');
  const value = (colors as unknown as Record<string, Record<string, string> | undefined>)[family]?.[
    shade
  ];
  const match = /^oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)$/.exec(value ?? '');
  if (!match) throw new Error(`No colour ${name} in the Tailwind palette`);
  const [lightness, chroma, hue] = match.slice(1).map(Number) as [number, number, number];
  const L = lightness / 100;
  const a = chroma * Math.cos((hue * Math.PI) / 180);
  const b = chroma * Math.sin((hue * Math.PI) / 180);
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
  const encode = (x: number) => {
    const c = Math.min(1, Math.max(0, x));
    return Math.round(255 * (c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055));
  };
  return linear.map(encode) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG 2 contrast ratio of two theme colours, e.g. ("slate-600", "slate-100"). */
export function contrastRatio(text: string, background: string): number {
  const [high, low] = [luminance(tailwindColor(text)), luminance(tailwindColor(background))].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (high + 0.05) / (low + 0.05);
}
