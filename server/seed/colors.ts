/** Named colours of the demo catalogue (variant colour names and the swatches shown for them). */
export const COLORS = {
  Black: "#22232a",
  White: "#f5f5f2",
  Navy: "#1f2d52",
  "Heather Grey": "#a3a7ad",
  Charcoal: "#3d4047",
  Olive: "#6f7446",
  Burgundy: "#7c2434",
  "Sky Blue": "#79b4e3",
  Mustard: "#d9a63a",
  "Forest Green": "#2f5e47",
  Coral: "#ef7a63",
  Sand: "#d9c4a0",
  Cream: "#efe6d1",
  "Denim Blue": "#3b5a8c",
  "Light Wash": "#8eaacb",
  Rose: "#e39aa6",
  Lavender: "#b6a3da",
  Silver: "#c8ccd2",
  "Space Grey": "#5a5e68",
  Midnight: "#262b3d",
  Gold: "#d3ae62",
  Red: "#c9373c",
  Mint: "#9bd6c1",
  Tan: "#b98b5b",
  Brown: "#6b4a34",
  Orange: "#e8843a",
  Teal: "#23857f",
  Pink: "#f1a4c2",
  Yellow: "#f1cf48",
  Purple: "#7a5ca8",
  Blue: "#3b7bd6",
  Terracotta: "#c4643f",
  Sage: "#9cae8f",
  Nude: "#d8a48c",
  Berry: "#9b2f58",
} as const;

export type ColorName = keyof typeof COLORS;

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** `a` blended towards `b` by `t` (0 = a, 1 = b). */
export function mix(a: string, b: string, t: number): string {
  const x = channels(a);
  const y = channels(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (hex: string, t: number) => mix(hex, "#ffffff", t);
export const darken = (hex: string, t: number) => mix(hex, "#000000", t);

/** Relative luminance, 0 (black) – 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Rotates a colour's hue by `degrees`, keeping its lightness and saturation. */
export function shiftHue(hex: string, degrees: number): string {
  const [r, g, b] = channels(hex).map((c) => c / 255);
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return hex;
  const s = d / (1 - Math.abs(2 * l - 1));
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + degrees + 360) % 360;
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r1, g1, b1] = h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return toHex([(r1 + m) * 255, (g1 + m) * 255, (b1 + m) * 255]);
}
