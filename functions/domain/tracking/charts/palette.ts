/**
 * Chart colours. Hues are picked in OKLCH, a perceptual colour space: every colour has the same
 * perceived lightness and chroma, so — unlike HSL, where yellow at 55 % is far brighter than blue —
 * every line and slice keeps at least 3:1 contrast (WCAG, graphical objects) against both the dark
 * theme (the default) and the light one; only the hue changes. The default palette starts with
 * blue — the colour the specification gives a dataset without one. "Change colours" sends a
 * `colorseed`; each seed rotates every hue by a multiple of 30° (never 0°), so a new seed always
 * gives a visibly different palette that is just as readable.
 */
const LIGHTNESS = 0.6;
const CHROMA = 0.13;
/** Blue, orange, green, red, purple, teal, yellow, magenta (OKLCH hues): neighbours far apart. */
const BASE_HUES = [255, 55, 145, 25, 305, 195, 95, 345] as const;
/** After the base hues, further colours step by the golden angle, which never repeats a hue. */
const GOLDEN_ANGLE = 137.508;
const FILL_ALPHA = 0.35;

export interface Colour {
  /** Solid `#rrggbb`, for lines, bar outlines and pie slices. */
  solid: string;
  /** The same hue, translucent, for the area under a line or a bar's fill. */
  fill: string;
}

/** OKLCH to linear sRGB (Björn Ottosson's OKLab matrices). */
function oklchToLinearRgb(l: number, c: number, hueDegrees: number): [number, number, number] {
  const h = (hueDegrees * Math.PI) / 180;
  const a = c * Math.cos(h);
  const b = c * Math.sin(h);
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
  ];
}

const encode = (linear: number) => {
  const v = linear <= 0.0031308 ? 12.92 * linear : 1.055 * linear ** (1 / 2.4) - 0.055;
  return Math.round(Math.min(1, Math.max(0, v)) * 255);
};

/** An sRGB colour of the fixed lightness at `hue`, lowering chroma only where sRGB cannot show it. */
function rgbAt(hue: number): [number, number, number] {
  let chroma = CHROMA;
  let rgb = oklchToLinearRgb(LIGHTNESS, chroma, hue);
  while (chroma > 0 && rgb.some((v) => v < 0 || v > 1)) {
    chroma -= 0.005;
    rgb = oklchToLinearRgb(LIGHTNESS, chroma, hue);
  }
  return rgb.map(encode) as [number, number, number];
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/** The hue rotation a seed gives: 0 without a seed, otherwise 30°–330°. */
export function hueOffset(seed: number | undefined): number {
  if (seed === undefined) return 0;
  return ((Math.abs(Math.trunc(seed)) % 11) + 1) * 30;
}

/** The `index`-th colour of the palette chosen by `seed` (no seed: the default palette, blue first). */
export function colourAt(index: number, seed?: number): Colour {
  const base = BASE_HUES[index] ?? BASE_HUES[0] + index * GOLDEN_ANGLE;
  const [r, g, b] = rgbAt(base + hueOffset(seed));
  return { solid: `#${hex(r)}${hex(g)}${hex(b)}`, fill: `rgba(${r}, ${g}, ${b}, ${FILL_ALPHA})` };
}

/** `count` distinct colours of one palette, for the slices of a pie. */
export function colours(count: number, seed?: number): Colour[] {
  return Array.from({ length: count }, (_, i) => colourAt(i, seed));
}

/** WCAG relative luminance of a `#rrggbb` colour (0 black … 1 white). */
export function relativeLuminance(solid: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(solid.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two `#rrggbb` colours (1 … 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
