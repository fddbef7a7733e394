import { darken, lighten, luminance, mix, shiftHue } from "./colors";
import { hashString } from "./random";

/**
 * Flat vector illustrations of the demo products, drawn as SVG in a 200 × 200 box and rasterised by
 * the image service. One silhouette per sub-category, tinted with the product's colour; the view
 * index changes the background, angle and framing so a product's gallery has several pictures.
 */

export const ARTS = [
  "tshirt", "polo", "hoodie", "jacket", "jeans", "dress", "blouse", "skirt", "sweater",
  "sneaker", "runner", "boot", "sandal",
  "headphones", "phone", "laptop", "smartwatch", "speaker",
  "pot", "mug", "lamp", "cushion", "vase",
  "dropper", "perfume", "lipstick", "pump",
  "dumbbell", "yogamat", "tent", "ball", "bottle",
  "book",
  "teddy", "blocks", "car", "puzzle",
  "watch", "handbag", "sunglasses", "wallet", "cap",
] as const;

export type Art = (typeof ARTS)[number];

interface Paint {
  /** main colour */
  c: string;
  /** darker shade for seams and details */
  d: string;
  /** lighter tint for highlights */
  l: string;
  /** outline */
  o: string;
  /** text on the main colour */
  t: string;
}

export interface ArtText {
  title?: string;
  author?: string;
}

/** What a drawing shows of the product's facts, e.g. { sleeves: "long", neck: "v" }; missing keys take the plain form. */
export type ArtLook = Readonly<Record<string, string>>;

/** What is drawn on or about the item: a book's cover text, a garment's sleeves. */
export interface ArtDetails {
  text?: ArtText;
  look?: ArtLook;
}

function paintFor(color: string): Paint {
  const light = luminance(color) > 0.55;
  return {
    c: color,
    d: darken(color, light ? 0.22 : 0.35),
    l: lighten(color, light ? 0.55 : 0.32),
    o: darken(color, light ? 0.4 : 0.55),
    t: light ? "#2a2a30" : "#fbf8f1",
  };
}

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A filled shape with an outline and the shared sheen on top, which gives it volume. */
function solid(d: string, fill: string, p: Paint, sheen = true): string {
  return `<path d="${d}" fill="${fill}" stroke="${p.o}" stroke-width="1.2" stroke-linejoin="round"/>${sheen ? `<path d="${d}" fill="url(#sheen)"/>` : ""}`;
}

function line(d: string, stroke: string, width: number, extra = ""): string {
  return `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"${extra ? ` ${extra}` : ""}/>`;
}

function rect(x: number, y: number, w: number, h: number, rx: number, fill: string, extra = ""): string {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = ""): string {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra ? ` ${extra}` : ""}/>`;
}

/** A rounded rectangle as a path, so it can take the outline and sheen of `solid`. */
function rr(x: number, y: number, w: number, h: number, r: number): string {
  return `M${x + r} ${y} H${x + w - r} Q${x + w} ${y} ${x + w} ${y + r} V${y + h - r} Q${x + w} ${y + h} ${x + w - r} ${y + h} H${x + r} Q${x} ${y + h} ${x} ${y + h - r} V${y + r} Q${x} ${y} ${x + r} ${y} Z`;
}

const GOLD = "#d6b26a";
const STEEL = "#c3c7ce";
const INK = "#25262c";
const STITCH = 'stroke-dasharray="3 2.5" opacity="0.55"';

const LONG_SLEEVES = "M64 30 L86 22 Q100 30 114 22 L136 30 L160 64 L172 162 L152 166 L142 96 L142 178 L58 178 L58 96 L48 166 L28 162 L40 64 Z";

/** A top's outline: short sleeves that end above the elbow, or long ones down to the wrist; `neck` is its path across the neckline. */
function topBody(sleeves: string | undefined, neck: string): string {
  return sleeves === "long"
    ? `M62 32 L84 22 ${neck} L138 32 L160 64 L172 162 L152 166 L142 96 L142 178 L58 178 L58 96 L48 166 L28 162 L40 64 Z`
    : `M62 32 L84 22 ${neck} L138 32 L174 60 L156 86 L142 78 L142 178 L58 178 L58 78 L44 86 L26 60 Z`;
}

/** Stitched cuffs at the wrists of long sleeves, or the hems of short ones. */
function sleeveEnds(p: Paint, sleeves: string | undefined, ribbed: boolean): string {
  if (sleeves === "long") return line("M30 152 L50 156 M170 152 L150 156", p.d, ribbed ? 6 : 1.2, ribbed ? 'opacity="0.3"' : STITCH);
  return line("M30 66 L48 92 M170 66 L152 92", p.d, ribbed ? 3 : 1.2, ribbed ? 'opacity="0.45"' : STITCH);
}

/** The item's outline filled, then stripes across it (clipped to it), then its sheen. */
function striped(d: string, p: Paint, id: string): string {
  const band = luminance(p.c) > 0.55 ? darken(p.c, 0.35) : lighten(p.c, 0.55);
  const stripes = Array.from({ length: 9 }, (_, i) => rect(0, 30 + i * 17, 200, 7, 0, band)).join("");
  return (
    `<clipPath id="${id}"><path d="${d}"/></clipPath>` +
    solid(d, p.c, p, false) +
    `<g clip-path="url(#${id})" opacity="0.85">${stripes}</g>` +
    `<path d="${d}" fill="none" stroke="${p.o}" stroke-width="1.2" stroke-linejoin="round"/><path d="${d}" fill="url(#sheen)"/>`
  );
}

const SHAPES: Record<Art, (p: Paint, text: ArtText, look: ArtLook) => string> = {
  tshirt: (p, _, look) => {
    const v = look.neck === "v";
    const body = topBody(look.sleeves, v ? "L100 46 L116 22" : "Q100 34 116 22");
    return (
      (look.pattern === "stripes" ? striped(body, p, "tee-stripes") : solid(body, p.c, p)) +
      line(v ? "M84 22 L100 48 L116 22" : "M84 22 Q100 42 116 22", p.d, 5) +
      line(look.sleeves === "long" ? "M58 96 L63 38 M142 96 L137 38" : "M58 78 L63 38 M142 78 L137 38", p.d, 1.2, 'opacity="0.5"') +
      sleeveEnds(p, look.sleeves, false) +
      (look.pocket === "chest" ? solid(rr(110, 62, 20, 22, 2), p.c, p, false) + line("M112 68 H128", p.d, 1.2, STITCH) : "") +
      line("M60 170 H140", p.d, 1.2, STITCH)
    );
  },
  polo: (p, _, look) => {
    const body = topBody(look.sleeves, "Q100 30 116 22");
    const shirt = look.collar === "shirt";
    return (
      solid(body, p.c, p) +
      (shirt
        ? rect(96, 34, 8, 144, 1, p.d, 'opacity="0.3"') + [48, 70, 92, 114, 136, 158].map((y) => circle(100, y, 2.2, p.l, `stroke="${p.o}" stroke-width="0.5"`)).join("")
        : rect(95, 30, 10, 34, 2, p.d, 'opacity="0.35"') + circle(100, 42, 2.2, p.l) + circle(100, 54, 2.2, p.l)) +
      (shirt
        ? solid("M84 22 L100 36 L86 50 L76 28 Z", p.l, p, false) + solid("M116 22 L100 36 L114 50 L124 28 Z", p.l, p, false) + circle(84, 44, 1.4, p.d) + circle(116, 44, 1.4, p.d)
        : solid("M84 22 L100 34 L90 46 L78 28 Z", p.l, p, false) + solid("M116 22 L100 34 L110 46 L122 28 Z", p.l, p, false)) +
      sleeveEnds(p, look.sleeves, !shirt) +
      (shirt ? solid(rr(64, 64, 22, 24, 2), p.c, p, false) : rect(112, 92, 12, 8, 1.5, p.l, 'opacity="0.8"'))
    );
  },
  sweater: (p, _, look) => {
    const buttons = look.front === "buttons";
    return (
      solid(LONG_SLEEVES, p.c, p) +
      (look.neck === "roll"
        ? solid(rr(82, 4, 36, 28, 8), p.c, p) + line("M88 8 V30 M94 6 V31 M100 6 V32 M106 6 V31 M112 8 V30", p.d, 1.4, 'opacity="0.4"')
        : buttons
          ? line("M86 22 L100 70 L114 22", p.l, 6)
          : line("M86 22 Q100 36 114 22", p.l, 6)) +
      rect(58, 166, 84, 12, 2, p.d, 'opacity="0.3"') +
      line("M30 150 L50 154 M170 150 L150 154", p.d, 6, 'opacity="0.3"') +
      (look.stitch === "cable"
        ? line("M88 48 Q82 60 88 72 Q94 84 88 96 Q82 108 88 120 Q94 132 88 144 Q82 156 88 166", p.d, 2, 'opacity="0.35"') +
          line("M112 48 Q118 60 112 72 Q106 84 112 96 Q118 108 112 120 Q106 132 112 144 Q118 156 112 166", p.d, 2, 'opacity="0.35"') +
          (buttons ? "" : line("M100 44 V166", p.l, 3, 'opacity="0.35" stroke-dasharray="4 4"'))
        : line("M66 60 H134 M64 90 H136 M62 120 H138 M60 150 H140", p.d, 1, 'opacity="0.18"')) +
      (buttons ? line("M100 70 V178", p.o, 1.6) + [84, 104, 124, 144, 164].map((y) => circle(106, y, 3, p.l, `stroke="${p.o}" stroke-width="0.8"`)).join("") : "")
    );
  },
  hoodie: (p, _, look) => {
    const hood = look.hood !== "no";
    const zip = look.front === "zip";
    return (
      (hood ? solid("M74 32 Q74 6 100 6 Q126 6 126 32 Q112 42 100 42 Q88 42 74 32 Z", p.d, p) : "") +
      solid(LONG_SLEEVES, p.c, p) +
      (hood ? `<path d="M84 24 Q100 46 116 24 Q100 32 84 24 Z" fill="${darken(p.c, 0.45)}"/>` : line("M86 22 Q100 36 114 22", p.d, 6, 'opacity="0.45"')) +
      (zip
        ? line("M68 124 L74 150 M132 124 L126 150", p.d, 2, 'opacity="0.6"') + line(`M100 ${hood ? 34 : 30} V178`, p.o, 2) + rect(97, hood ? 44 : 40, 6, 10, 1.5, STEEL)
        : hood
          ? solid("M70 126 L130 126 L138 160 L62 160 Z", p.c, p, false)
          : "") +
      (hood ? line("M93 40 L91 74 M107 40 L109 74", p.l, 2) + circle(91, 76, 2.5, p.l) + circle(109, 76, 2.5, p.l) : "") +
      line("M30 150 L50 154 M170 150 L150 154", p.d, 6, 'opacity="0.3"') +
      rect(58, 168, 84, 10, 2, p.d, 'opacity="0.3"')
    );
  },
  jacket: (p) =>
    solid(LONG_SLEEVES, p.c, p) +
    solid("M86 22 L100 42 L114 22 L126 28 L106 58 L100 48 L94 58 L74 28 Z", p.d, p, false) +
    line("M100 48 V178", p.o, 2) +
    rect(97, 60, 6, 10, 1.5, STEEL) +
    solid("M64 118 H88 V124 H64 Z", p.d, p, false) +
    solid("M112 118 H136 V124 H112 Z", p.d, p, false) +
    line("M66 118 V146 H88 V124 M112 124 V146 H134 V118", p.d, 1.2, STITCH) +
    line("M58 170 H142", p.d, 1.2, STITCH),
  jeans: (p) =>
    solid("M60 20 L140 20 L147 178 L112 178 L100 72 L88 178 L53 178 Z", p.c, p) +
    rect(60, 20, 80, 12, 1, p.d) +
    rect(70, 18, 4, 16, 1, p.d) +
    rect(126, 18, 4, 16, 1, p.d) +
    circle(100, 26, 2.6, GOLD) +
    line("M100 32 V62 Q92 64 91 54 V32", GOLD, 1.1, 'opacity="0.8"') +
    line("M64 34 Q74 52 86 34 M114 34 Q126 52 136 34", GOLD, 1.1, 'opacity="0.8"') +
    line("M57 120 L62 176 M143 120 L138 176", p.l, 1.1, 'opacity="0.5"') +
    line("M54 170 H86 M114 170 H146", GOLD, 1.1, 'stroke-dasharray="3 2" opacity="0.7"'),
  dress: (p) =>
    solid("M84 10 L92 10 Q96 26 100 26 Q104 26 108 10 L116 10 L120 62 Q144 112 168 178 Q100 190 32 178 Q56 112 80 62 Z", p.c, p) +
    solid("M80 58 L120 58 L121 68 L79 68 Z", p.d, p, false) +
    circle(100, 63, 3, p.l) +
    line("M92 72 Q84 130 70 182 M108 72 Q116 130 130 182 M100 72 V184", p.d, 1.3, 'opacity="0.35"'),
  blouse: (p) =>
    solid("M64 30 L86 22 L100 50 L114 22 L136 30 L172 74 L150 92 L138 78 L142 172 Q100 180 58 172 L62 78 L50 92 L28 74 Z", p.c, p) +
    line("M86 22 L100 50 L114 22", p.d, 2.2) +
    [64, 84, 104, 124, 144].map((y) => circle(100, y, 2.2, p.l, `stroke="${p.o}" stroke-width="0.6"`)).join("") +
    line("M36 80 Q44 86 52 84 M164 80 Q156 86 148 84", p.d, 1.2, 'opacity="0.5"'),
  skirt: (p, _, look) =>
    (look.length === "mini"
      ? solid("M70 40 L130 40 L152 124 Q100 138 48 124 Z", p.c, p) + line("M84 42 L76 130 M100 42 V134 M116 42 L124 130", p.d, 1.4, 'opacity="0.4"')
      : solid("M70 40 L130 40 L164 168 Q100 184 36 168 Z", p.c, p) + line("M84 42 L70 174 M100 42 V178 M116 42 L130 174", p.d, 1.4, 'opacity="0.4"')) +
    rect(68, 30, 64, 12, 3, p.d) +
    rect(96, 32, 8, 8, 1.5, GOLD),
  sneaker: (p, _, look) =>
    (look.cut === "high"
      ? solid("M36 108 L40 40 Q62 30 92 36 L104 72 L92 84 Q80 96 60 100 Z", p.c, p) +
        circle(84, 50, 2.4, "#fbfaf6", `stroke="${p.o}" stroke-width="0.8"`) +
        circle(88, 62, 2.4, "#fbfaf6", `stroke="${p.o}" stroke-width="0.8"`) +
        line("M84 50 L96 58 M88 62 L100 70", "#fbfaf6", 3) +
        solid(rr(42, 36, 50, 10, 4), p.d, p, false)
      : "") +
    solid("M22 146 Q18 116 36 106 L60 100 Q80 96 92 84 L104 72 Q112 66 122 70 L126 76 Q146 104 170 114 Q186 122 182 146 Z", p.c, p) +
    solid("M150 112 Q176 118 182 146 L150 146 Q146 128 150 112 Z", p.l, p, false) +
    line("M58 134 Q96 104 140 110", p.l, 6) +
    line("M100 82 L114 90 M106 77 L121 85 M95 88 L108 96", "#fbfaf6", 3) +
    solid("M22 120 L30 104 L40 106 L36 126 Z", p.d, p, false) +
    line("M104 72 Q92 76 84 88", p.o, 2.4) +
    solid("M18 146 L182 146 Q188 156 180 164 L30 164 Q16 160 18 146 Z", "#f4f3ee", p) +
    line("M22 154 H182", "#d9d5cc", 1.6),
  runner: (p) => {
    const accent = shiftHue(p.c, 150);
    return (
      solid("M20 146 Q18 124 34 116 Q60 108 86 96 Q100 86 112 82 Q124 80 130 88 Q150 112 176 124 Q188 132 182 146 Z", p.c, p) +
      line("M40 136 L70 112 M54 140 L86 110 M68 142 L102 104", p.l, 3, 'opacity="0.8"') +
      line("M112 84 L122 96 M104 88 L116 100 M96 93 L108 104", "#ffffff", 2.6) +
      solid("M16 144 L184 142 Q192 154 182 166 L34 168 Q14 164 16 144 Z", "#f7f6f2", p) +
      `<path d="M30 156 Q80 148 120 156 T182 152" fill="none" stroke="${accent}" stroke-width="4" stroke-linecap="round"/>` +
      solid("M20 128 L26 114 L34 116 L30 132 Z", accent, p, false)
    );
  },
  boot: (p, _, look) =>
    solid("M46 24 L108 24 L110 104 Q150 108 170 124 Q180 132 178 150 L44 150 Z", p.c, p) +
    rect(44, 150, 138, 14, 3, "#3a2d24") +
    rect(44, 150, 36, 18, 3, "#2d231c") +
    rect(46, 22, 62, 8, 2, p.d) +
    (look.fastening === "elastic"
      ? `<path d="M70 30 L94 30 L90 96 Q82 108 74 96 Z" fill="${darken(p.c, 0.4)}" stroke="${p.o}" stroke-width="1"/>` +
        line("M76 34 L77 96 M82 34 L82 100 M88 34 L87 96", p.c, 1, 'opacity="0.35"') +
        rect(40, 12, 14, 20, 4, p.d, `stroke="${p.o}" stroke-width="1"`)
      : [38, 54, 70, 86].map((y) => circle(104, y, 2.3, GOLD)).join("") + line("M104 38 L92 46 L104 54 L92 62 L104 70 L92 78 L104 86", p.l, 2)) +
    line("M112 110 Q150 114 170 130 M50 140 H176", p.d, 1.2, STITCH),
  sandal: (p, _, look) =>
    solid("M20 150 Q30 136 70 138 L150 136 Q184 134 184 152 Q184 162 170 162 L34 164 Q18 162 20 150 Z", lighten(p.c, 0.45), p) +
    rect(24, 160, 156, 8, 4, "#5b4534") +
    (look.straps === "band"
      ? line("M74 140 Q104 100 140 138", p.c, 26) + line("M66 134 Q104 92 146 132", p.l, 2, 'opacity="0.5"')
      : look.straps === "toe-post"
        ? line("M72 140 Q96 112 138 128 M138 128 Q150 128 158 138", p.c, 7) + circle(138, 128, 4, p.d) + line("M72 140 Q96 112 138 128", p.l, 1.5, 'opacity="0.6"')
        : line("M58 140 Q76 100 100 138", p.c, 11) +
          line("M108 138 Q130 98 154 136", p.c, 11) +
          line("M58 140 Q76 100 100 138 M108 138 Q130 98 154 136", p.l, 2, 'opacity="0.6"') +
          rect(70, 110, 12, 10, 2, GOLD, `stroke="${darken(GOLD, 0.3)}" stroke-width="0.8"`)),
  headphones: (p) =>
    line("M44 116 Q40 30 100 30 Q160 30 156 116", p.d, 12) +
    line("M54 84 Q58 44 100 42 Q142 44 146 84", p.l, 4, 'opacity="0.6"') +
    rect(38, 88, 14, 16, 3, STEEL) +
    rect(148, 88, 14, 16, 3, STEEL) +
    solid(rr(26, 98, 36, 72, 17), p.c, p) +
    solid(rr(138, 98, 36, 72, 17), p.c, p) +
    rect(56, 104, 14, 60, 7, darken(p.c, 0.45)) +
    rect(130, 104, 14, 60, 7, darken(p.c, 0.45)),
  phone: (p) =>
    `<g transform="rotate(-8 70 100)">` +
    solid(rr(30, 22, 78, 156, 15), p.c, p) +
    solid(rr(40, 32, 32, 32, 9), p.d, p, false) +
    circle(49, 41, 5.5, INK, `stroke="${STEEL}" stroke-width="1.2"`) +
    circle(63, 41, 5.5, INK, `stroke="${STEEL}" stroke-width="1.2"`) +
    circle(49, 55, 5.5, INK, `stroke="${STEEL}" stroke-width="1.2"`) +
    circle(63, 55, 2.5, "#f3e6b8") +
    `</g>` +
    solid(rr(92, 24, 80, 158, 15), darken(p.c, 0.15), p) +
    `<rect x="97" y="29" width="70" height="148" rx="11" fill="url(#screen)"/>` +
    circle(150, 70, 26, shiftHue(p.c, 40), 'opacity="0.55"') +
    circle(118, 120, 30, shiftHue(p.c, -40), 'opacity="0.45"') +
    rect(121, 34, 22, 6, 3, "#0b0c10") +
    `<text x="132" y="66" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="15" font-weight="bold" fill="#ffffff" opacity="0.9">9:41</text>` +
    [0, 1, 2, 3].map((i) => rect(104 + i * 16, 152, 11, 11, 3, "#ffffff", 'opacity="0.7"')).join(""),
  laptop: (p) =>
    solid(rr(34, 34, 132, 92, 7), p.c, p) +
    `<rect x="40" y="40" width="120" height="80" rx="2" fill="url(#screen)"/>` +
    `<path d="M40 104 Q80 80 110 96 T160 86 V120 H40 Z" fill="${shiftHue(p.c, 30)}" opacity="0.5"/>` +
    `<path d="M40 112 Q90 94 120 108 T160 104 V120 H40 Z" fill="${shiftHue(p.c, -30)}" opacity="0.5"/>` +
    solid("M16 126 L184 126 L174 142 Q172 146 166 146 L34 146 Q28 146 26 142 Z", lighten(p.c, 0.2), p) +
    `<path d="M86 126 H114 L112 131 H88 Z" fill="${p.d}"/>`,
  smartwatch: (p) =>
    solid(rr(78, 12, 44, 56, 10), p.c, p) +
    solid(rr(78, 132, 44, 56, 10), p.c, p) +
    [146, 156, 166].map((y) => circle(100, y, 2, p.d)).join("") +
    solid(rr(62, 50, 76, 100, 22), "#34363d", p) +
    rect(138, 82, 6, 18, 2, STEEL) +
    rect(68, 56, 64, 88, 17, "#0e0f14") +
    `<circle cx="100" cy="92" r="22" fill="none" stroke="${luminance(p.c) < 0.05 ? "#ef7a63" : p.c}" stroke-width="5" stroke-dasharray="100 40" stroke-linecap="round" transform="rotate(-90 100 92)"/>` +
    `<circle cx="100" cy="92" r="15" fill="none" stroke="#9bd6c1" stroke-width="5" stroke-dasharray="60 40" stroke-linecap="round" transform="rotate(-90 100 92)"/>` +
    `<text x="100" y="132" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="13" font-weight="bold" fill="#ffffff">10:09</text>`,
  speaker: (p) =>
    solid(rr(60, 26, 80, 152, 36), p.c, p) +
    `<rect x="68" y="46" width="64" height="106" rx="26" fill="url(#grille)"/>` +
    `<ellipse cx="100" cy="34" rx="26" ry="5" fill="${p.d}"/>` +
    circle(88, 34, 2, p.l) +
    circle(100, 34, 2, p.l) +
    circle(112, 34, 2, p.l) +
    rect(88, 160, 24, 5, 2.5, p.l, 'opacity="0.8"'),
  pot: (p, _, look) =>
    (look.handles === "long"
      ? `<path d="M156 94 L196 84 Q200 84 200 88 L200 94 Q200 98 196 98 L156 106 Z" fill="${p.d}" stroke="${p.o}" stroke-width="1"/>`
      : rect(20, 96, 24, 12, 6, p.d) + rect(156, 96, 24, 12, 6, p.d)) +
    solid("M40 86 L160 86 L156 160 Q154 172 140 172 L60 172 Q46 172 44 160 Z", p.c, p) +
    rect(36, 80, 128, 10, 5, p.d) +
    solid("M42 80 Q100 40 158 80 Z", p.c, p) +
    rect(90, 46, 20, 10, 4, STEEL, `stroke="${p.o}" stroke-width="1"`) +
    line("M52 100 Q100 108 148 100", p.l, 2, 'opacity="0.5"'),
  mug: (p) =>
    line("M134 80 Q172 80 168 114 Q164 144 134 142", p.c, 12) +
    line("M134 80 Q172 80 168 114 Q164 144 134 142", p.o, 1.2, 'opacity="0.6"') +
    solid("M48 58 H134 V156 Q134 168 122 168 H60 Q48 168 48 156 Z", p.c, p) +
    `<ellipse cx="91" cy="58" rx="43" ry="8" fill="${p.d}"/>` +
    `<ellipse cx="91" cy="59" rx="38" ry="5.5" fill="#5b3a25"/>` +
    line("M78 44 Q70 34 78 24 Q86 14 78 4 M96 44 Q88 34 96 24 Q104 14 96 4 M114 44 Q106 34 114 24", "#ffffff", 3, 'opacity="0.75"') +
    rect(66, 96, 50, 34, 4, p.l, 'opacity="0.55"'),
  lamp: (p) =>
    `<ellipse cx="100" cy="118" rx="62" ry="46" fill="#fff2b8" opacity="0.45"/>` +
    line("M100 94 V166", GOLD, 5) +
    `<ellipse cx="100" cy="170" rx="36" ry="8" fill="${p.d}"/>` +
    solid("M62 28 L138 28 L160 96 L40 96 Z", p.c, p) +
    `<ellipse cx="100" cy="96" rx="60" ry="6" fill="${lighten(p.c, 0.5)}"/>` +
    `<ellipse cx="100" cy="96" rx="14" ry="3" fill="#fff6d0"/>`,
  cushion: (p, _, look) =>
    (look.pattern === "stripes"
      ? striped("M36 44 Q100 30 164 44 Q174 100 164 156 Q100 170 36 156 Q26 100 36 44 Z", p, "cushion-stripes")
      : solid("M36 44 Q100 30 164 44 Q174 100 164 156 Q100 170 36 156 Q26 100 36 44 Z", p.c, p) +
        line("M34 80 Q100 70 166 80 M32 100 Q100 90 168 100 M34 120 Q100 110 166 120", p.l, 5, 'opacity="0.5"')) +
    line("M44 52 Q100 40 156 52 Q164 100 156 148 Q100 160 44 148 Q36 100 44 52 Z", p.d, 1.2, STITCH) +
    circle(100, 100, 5, p.d, `stroke="${p.o}" stroke-width="1"`) +
    `<path d="M36 44 l-8 -6 l3 9 Z M164 44 l8 -6 l-3 9 Z M36 156 l-8 6 l3 -9 Z M164 156 l8 6 l-3 -9 Z" fill="${p.d}"/>`,
  vase: (p) =>
    `<path d="M100 84 Q64 44 78 8 Q104 44 100 84 Z" fill="#4f8a5b"/>` +
    `<path d="M100 84 Q134 50 128 16 Q98 46 100 84 Z" fill="#62a06c"/>` +
    `<path d="M100 84 Q54 68 34 40 Q76 44 100 84 Z" fill="#3f7a4d"/>` +
    `<path d="M100 84 Q148 74 168 48 Q124 50 100 84 Z" fill="#55935f"/>` +
    line("M100 84 Q96 50 104 20 M100 84 Q86 58 78 28", "#2f5d3a", 1.4, 'opacity="0.6"') +
    solid("M78 84 Q56 118 70 170 Q100 180 130 170 Q144 118 122 84 Z", p.c, p) +
    rect(74, 78, 52, 10, 4, p.d) +
    line("M70 128 Q100 136 132 128", p.l, 3, 'opacity="0.6"') +
    line("M67 144 Q100 152 134 144", p.l, 2, 'opacity="0.45"'),
  dropper: (p) =>
    solid("M88 54 L88 30 Q88 12 100 12 Q112 12 112 30 L112 54 Z", "#2b2b30", p) +
    rect(82, 50, 36, 24, 3, GOLD, `stroke="${darken(GOLD, 0.3)}" stroke-width="1"`) +
    solid("M66 86 Q66 74 78 72 L122 72 Q134 74 134 86 L134 168 Q134 182 120 182 L80 182 Q66 182 66 168 Z", p.c, p) +
    rect(74, 108, 52, 48, 2, "#fbf8f2") +
    rect(82, 120, 36, 4, 2, INK, 'opacity="0.75"') +
    rect(86, 130, 28, 3, 1.5, INK, 'opacity="0.4"') +
    rect(88, 138, 24, 3, 1.5, INK, 'opacity="0.4"') +
    line("M74 82 V100 M74 164 V172", "#ffffff", 3, 'opacity="0.5"'),
  perfume: (p) =>
    solid(rr(76, 24, 48, 40, 5), "#2a2a2e", p) +
    rect(88, 60, 24, 18, 2, GOLD) +
    solid(rr(40, 76, 120, 106, 12), p.c, p) +
    rect(48, 112, 104, 62, 8, lighten(p.c, 0.3), 'opacity="0.55"') +
    rect(66, 114, 68, 30, 2, "#fdfbf6", 'opacity="0.9"') +
    `<text x="100" y="134" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-size="12" letter-spacing="2" fill="${INK}">EAU</text>` +
    line("M50 86 V108", "#ffffff", 4, 'opacity="0.45"'),
  lipstick: (p) =>
    solid(rr(128, 100, 38, 84, 5), GOLD, p) +
    line("M132 110 H162", darken(GOLD, 0.25), 1.2) +
    solid(rr(78, 112, 44, 72, 5), GOLD, p) +
    rect(84, 88, 32, 26, 2, STEEL, `stroke="${p.o}" stroke-width="1"`) +
    solid("M86 90 L86 46 Q86 40 92 36 L114 24 L114 90 Z", p.c, p) +
    line("M92 44 L92 84", "#ffffff", 2.5, 'opacity="0.35"'),
  pump: (p) =>
    rect(92, 20, 22, 8, 2, "#ececec", `stroke="${p.o}" stroke-width="0.8"`) +
    rect(112, 22, 20, 5, 2, "#ececec") +
    rect(97, 28, 8, 20, 1, "#dedede") +
    rect(86, 46, 30, 16, 3, "#ececec", `stroke="${p.o}" stroke-width="0.8"`) +
    solid("M62 72 Q62 60 74 60 L128 60 Q140 60 140 72 L140 174 Q140 184 130 184 L72 184 Q62 184 62 174 Z", p.c, p) +
    rect(72, 96, 58, 62, 4, "#fdfbf6", 'opacity="0.92"') +
    rect(82, 110, 38, 5, 2, p.d) +
    rect(86, 122, 30, 3, 1.5, INK, 'opacity="0.4"') +
    rect(88, 130, 26, 3, 1.5, INK, 'opacity="0.4"') +
    circle(101, 144, 6, p.c, 'opacity="0.7"'),
  dumbbell: (p) => {
    const bell = (dy: number) =>
      rect(56, 96 + dy, 88, 9, 3, "#9ba1aa") +
      line(`M70 ${100.5 + dy} H130`, "#7d838c", 4, 'stroke-dasharray="1 2"') +
      solid(rr(36, 72 + dy, 22, 58, 6), p.c, p) +
      solid(rr(18, 80 + dy, 20, 42, 6), p.c, p) +
      solid(rr(142, 72 + dy, 22, 58, 6), p.c, p) +
      solid(rr(162, 80 + dy, 20, 42, 6), p.c, p);
    return `<g transform="translate(10 -28) scale(0.9) rotate(-8 100 100)" opacity="0.9">${bell(0)}</g>${bell(34)}`;
  },
  yogamat: (p) =>
    `<path d="M14 160 L146 160 L188 176 L56 176 Z" fill="${lighten(p.c, 0.35)}" stroke="${p.o}" stroke-width="1"/>` +
    solid("M40 84 H160 V148 H40 Z", p.c, p) +
    `<ellipse cx="160" cy="116" rx="15" ry="32" fill="${p.d}" stroke="${p.o}" stroke-width="1.2"/>` +
    `<path d="M160 92 A12 24 0 1 1 159 140 A9 18 0 1 1 160 104 A5 10 0 1 1 160 124" fill="none" stroke="${p.l}" stroke-width="2"/>` +
    `<ellipse cx="40" cy="116" rx="15" ry="32" fill="${p.c}" stroke="${p.o}" stroke-width="1.2"/>` +
    rect(70, 82, 8, 68, 2, INK) +
    rect(124, 82, 8, 68, 2, INK),
  tent: (p) =>
    line("M18 164 H182", "#8a7a62", 3) +
    line("M100 28 L100 18 M24 160 L6 170 M176 160 L194 170", "#6a6a6a", 1.4) +
    solid("M100 30 L178 160 L22 160 Z", p.c, p) +
    `<path d="M100 30 L178 160 L142 166 Z" fill="${p.d}" opacity="0.8"/>` +
    `<path d="M100 72 L124 160 L76 160 Z" fill="#24262c" opacity="0.85"/>` +
    `<path d="M100 72 L124 160 L112 160 Q106 120 100 72 Z" fill="${p.l}"/>` +
    `<path d="M100 18 L114 22 L100 26 Z" fill="${shiftHue(p.c, 160)}"/>`,
  ball: (p) =>
    circle(100, 100, 72, p.c, `stroke="${p.o}" stroke-width="1.4"`) +
    `<circle cx="100" cy="100" r="72" fill="url(#sheen)"/>` +
    line("M100 28 V172 M28 100 H172 M50 48 Q86 100 50 152 M150 48 Q114 100 150 152", p.o, 2.4) +
    `<ellipse cx="76" cy="66" rx="16" ry="10" fill="#ffffff" opacity="0.25" transform="rotate(-35 76 66)"/>`,
  bottle: (p) =>
    line("M84 30 Q100 6 116 30", "#2b2d33", 6) +
    solid(rr(74, 26, 52, 32, 8), "#2b2d33", p) +
    solid(rr(68, 54, 64, 130, 22), p.c, p) +
    rect(68, 100, 64, 14, 0, p.d, 'opacity="0.35"') +
    line("M78 70 V170", "#ffffff", 4, 'opacity="0.35"'),
  book: (p, text) => {
    const lines = wrapTitle(text.title ?? "Untitled", 12);
    const size = Math.min(15, 126 / Math.max(...lines.map((l) => l.length)) / 0.58);
    const motif = hashString(text.title ?? "") % 3;
    const accent = luminance(p.c) > 0.55 ? darken(p.c, 0.5) : lighten(p.c, 0.55);
    const art =
      motif === 0
        ? circle(108, 128, 18, accent, 'opacity="0.5"') + line("M70 150 L92 132 L106 144 L126 124 L146 150", accent, 3)
        : motif === 1
          ? line("M66 128 Q82 118 98 128 T130 128 T162 128 M66 140 Q82 130 98 140 T130 140 T162 140", accent, 2.5)
          : `<path d="M108 112 l6 14 15 1 -12 9 4 15 -13 -8 -13 8 4 -15 -12 -9 15 -1 Z" fill="${accent}" opacity="0.8"/>`;
    return (
      rect(150, 24, 10, 154, 2, "#f1ebdd", `stroke="#cbbf9f" stroke-width="1"`) +
      line("M153 30 V172 M156 30 V172", "#d8ccb0", 0.8) +
      solid(rr(44, 18, 110, 164, 3), p.c, p) +
      rect(44, 18, 12, 164, 2, p.d) +
      line("M60 28 H146 M60 172 H146", accent, 1.2, 'opacity="0.7"') +
      lines
        .map(
          (l, i) =>
            `<text x="104" y="${52 + i * (size + 3)}" text-anchor="middle" font-family="DejaVu Serif, Liberation Serif, serif" font-weight="bold" font-size="${size.toFixed(1)}" fill="${p.t}">${esc(l)}</text>`,
        )
        .join("") +
      art +
      `<text x="104" y="166" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="7.5" letter-spacing="1.2" fill="${p.t}" opacity="0.85">${esc((text.author ?? "").toUpperCase())}</text>`
    );
  },
  teddy: (p) =>
    circle(68, 42, 16, p.c, `stroke="${p.o}" stroke-width="1.2"`) +
    circle(132, 42, 16, p.c, `stroke="${p.o}" stroke-width="1.2"`) +
    circle(68, 42, 8, p.l) +
    circle(132, 42, 8, p.l) +
    solid("M62 144 Q40 150 42 128 Q46 112 66 116 Z", p.c, p) +
    solid("M138 144 Q160 150 158 128 Q154 112 134 116 Z", p.c, p) +
    `<ellipse cx="100" cy="136" rx="40" ry="42" fill="${p.c}" stroke="${p.o}" stroke-width="1.2"/>` +
    `<ellipse cx="100" cy="142" rx="24" ry="26" fill="${p.l}"/>` +
    circle(72, 170, 17, p.c, `stroke="${p.o}" stroke-width="1.2"`) +
    circle(128, 170, 17, p.c, `stroke="${p.o}" stroke-width="1.2"`) +
    circle(72, 172, 9, p.l) +
    circle(128, 172, 9, p.l) +
    circle(100, 72, 38, p.c, `stroke="${p.o}" stroke-width="1.2"`) +
    `<circle cx="100" cy="72" r="38" fill="url(#sheen)"/>` +
    `<ellipse cx="100" cy="86" rx="17" ry="13" fill="${p.l}"/>` +
    `<ellipse cx="100" cy="80" rx="6" ry="4.5" fill="#3a2a20"/>` +
    line("M100 84 V90 M94 92 Q100 96 106 92", "#3a2a20", 1.6) +
    circle(86, 64, 4, "#2a1f18") +
    circle(114, 64, 4, "#2a1f18") +
    `<path d="M100 110 L84 102 L84 118 Z M100 110 L116 102 L116 118 Z" fill="${shiftHue(p.c, 180)}"/>` +
    circle(100, 110, 3.5, shiftHue(p.c, 180)),
  blocks: (p) => {
    const block = (x: number, y: number, s: number, color: string, letter: string) => {
      const q = paintFor(color);
      return (
        `<path d="M${x} ${y} L${x + s * 0.3} ${y - s * 0.22} L${x + s * 1.3} ${y - s * 0.22} L${x + s} ${y} Z" fill="${q.l}" stroke="${q.o}" stroke-width="1"/>` +
        `<path d="M${x + s} ${y} L${x + s * 1.3} ${y - s * 0.22} L${x + s * 1.3} ${y + s * 0.78} L${x + s} ${y + s} Z" fill="${q.d}" stroke="${q.o}" stroke-width="1"/>` +
        solid(rr(x, y, s, s, 3), color, q) +
        `<text x="${x + s / 2}" y="${y + s * 0.74}" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold" font-size="${(s * 0.62).toFixed(1)}" fill="#ffffff">${letter}</text>`
      );
    };
    return block(30, 118, 56, p.c, "A") + block(94, 118, 56, shiftHue(p.c, 120), "B") + block(62, 56, 56, shiftHue(p.c, 240), "C");
  },
  car: (p) =>
    solid("M22 130 L28 104 Q32 96 44 96 L66 96 L84 70 Q88 64 96 64 L138 64 Q146 64 150 70 L168 96 L176 98 Q186 100 186 112 L186 128 Q186 136 178 136 L30 136 Q22 136 22 130 Z", p.c, p) +
    `<path d="M90 72 H120 V96 H74 Z M126 72 H142 Q146 72 148 76 L160 96 H126 Z" fill="#c4e6f6" stroke="${p.o}" stroke-width="1"/>` +
    line("M92 74 L84 92", "#ffffff", 2, 'opacity="0.7"') +
    line("M123 96 V132 M104 104 H112 M140 104 H148", p.d, 1.6) +
    rect(172, 104, 12, 8, 3, "#fff3b0") +
    rect(22, 108, 8, 8, 2, "#ef7a63") +
    circle(60, 138, 19, "#2b2b2f") +
    circle(60, 138, 8, STEEL) +
    circle(150, 138, 19, "#2b2b2f") +
    circle(150, 138, 8, STEEL),
  puzzle: (p) => {
    const piece =
      "M50 60 L84 60 Q80 40 100 40 Q120 40 116 60 L150 60 L150 94 Q170 90 170 110 Q170 130 150 126 L150 160 L116 160 Q120 140 100 140 Q80 140 84 160 L50 160 L50 126 Q70 130 70 110 Q70 90 50 94 Z";
    const q = paintFor(shiftHue(p.c, 150));
    return `<g transform="translate(-26 22) rotate(-14 100 100) scale(0.8)">${solid(piece, q.c, q)}</g><g transform="translate(24 -14) rotate(10 100 100)">${solid(piece, p.c, p)}${line("M60 70 H140 V150 H60 Z", p.l, 1.2, 'opacity="0.4" stroke-dasharray="2 3"')}</g>`;
  },
  watch: (p) =>
    solid("M80 12 L120 12 L118 64 L82 64 Z", p.c, p) +
    solid("M82 136 L118 136 L120 188 L80 188 Z", p.c, p) +
    [152, 164, 176].map((y) => circle(100, y, 2, p.d)).join("") +
    line("M84 20 V58 M116 20 V58 M84 142 V182 M116 142 V182", p.d, 1, STITCH) +
    rect(142, 94, 9, 12, 2, GOLD) +
    circle(100, 100, 46, GOLD, `stroke="${darken(GOLD, 0.35)}" stroke-width="1.5"`) +
    circle(100, 100, 39, "#fbf9f3") +
    Array.from({ length: 12 }, (_, i) => `<rect x="99" y="64" width="2" height="${i % 3 === 0 ? 8 : 4}" fill="${INK}" transform="rotate(${i * 30} 100 100)"/>`).join("") +
    line("M100 100 L82 88", INK, 3) +
    line("M100 100 L120 76", INK, 2) +
    line("M100 100 L100 130", "#c9373c", 1) +
    circle(100, 100, 3, INK),
  handbag: (p) =>
    line("M66 84 Q66 28 100 28 Q134 28 134 84", p.d, 8) +
    solid("M40 80 L160 80 L172 170 Q172 178 164 178 L36 178 Q28 178 28 170 Z", p.c, p) +
    solid("M40 80 L160 80 L156 118 Q100 134 44 118 Z", darken(p.c, 0.12), p, false) +
    rect(93, 114, 14, 14, 3, GOLD, `stroke="${darken(GOLD, 0.35)}" stroke-width="1"`) +
    line("M38 170 H162 M46 112 Q100 126 154 112", p.l, 1.2, 'stroke-dasharray="3 2.5" opacity="0.6"') +
    rect(60, 78, 8, 10, 2, GOLD) +
    rect(132, 78, 8, 10, 2, GOLD),
  sunglasses: (p) => {
    const lens = "M24 80 L90 80 Q96 80 95 86 L91 116 Q87 136 62 136 Q34 136 28 118 L21 88 Q20 80 24 80 Z";
    const mirror = "M176 80 L110 80 Q104 80 105 86 L109 116 Q113 136 138 136 Q166 136 172 118 L179 88 Q180 80 176 80 Z";
    return (
      line("M22 84 L8 76 M178 84 L192 76", p.d, 5) +
      `<path d="${lens}" fill="url(#lens)" stroke="${p.c}" stroke-width="6" stroke-linejoin="round"/>` +
      `<path d="${mirror}" fill="url(#lens)" stroke="${p.c}" stroke-width="6" stroke-linejoin="round"/>` +
      line("M94 88 Q100 78 106 88", p.c, 6) +
      line("M36 92 L56 120 M124 92 L144 120", "#ffffff", 4, 'opacity="0.3"') +
      `<path d="${lens}" fill="none" stroke="${p.o}" stroke-width="1"/>`
    );
  },
  wallet: (p) =>
    rect(50, 48, 40, 20, 2, "#3b7bd6", 'transform="rotate(-6 70 58)"') +
    rect(84, 46, 40, 20, 2, "#f1cf48", 'transform="rotate(4 104 56)"') +
    solid(rr(34, 58, 132, 90, 10), p.c, p) +
    line("M40 64 H160 V142 H40 Z", p.l, 1.2, 'stroke-dasharray="3 2.5" opacity="0.65"') +
    solid("M120 84 H166 V122 H120 Q112 122 112 114 V92 Q112 84 120 84 Z", darken(p.c, 0.12), p, false) +
    circle(126, 103, 5, GOLD, `stroke="${darken(GOLD, 0.3)}" stroke-width="1"`),
  cap: (p) =>
    solid("M44 122 Q42 54 100 50 Q158 54 156 122 Z", p.c, p) +
    line("M100 50 Q88 80 90 122 M100 50 Q116 80 120 122", p.d, 1.4, 'opacity="0.5"') +
    circle(100, 51, 5, p.d) +
    rect(84, 82, 32, 22, 5, p.l, 'opacity="0.85"') +
    solid("M38 118 Q100 106 176 120 Q192 132 172 142 Q100 132 38 130 Z", p.d, p) +
    circle(70, 76, 2, p.d) +
    circle(130, 76, 2, p.d),
};

/** Splits a title into at most three lines of about `width` characters. */
export function wrapTitle(title: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= 3 ? lines : [...lines.slice(0, 2), `${lines.slice(2).join(" ")}`];
}

function defs(p: Paint): string {
  return (
    `<defs>` +
    `<linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.3"/><stop offset="0.45" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.2"/></linearGradient>` +
    `<linearGradient id="screen" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="#1c2033"/><stop offset="1" stop-color="${mix(p.c, "#1c2033", 0.55)}"/></linearGradient>` +
    `<linearGradient id="lens" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(p.c, "#111318", 0.75)}"/><stop offset="1" stop-color="${mix(p.c, "#111318", 0.35)}"/></linearGradient>` +
    `<pattern id="grille" width="5" height="5" patternUnits="userSpaceOnUse"><circle cx="2.5" cy="2.5" r="1.1" fill="${p.o}"/></pattern>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>` +
    `</defs>`
  );
}

/** The drawing of one item, centred in the 200 × 200 box, for use inside a larger picture. */
export function artGroup(art: Art, color: string, details: ArtDetails = {}): string {
  return SHAPES[art](paintFor(color), details.text ?? {}, details.look ?? {});
}

/** Two soft background colours that go with the item's colour, varied by view. */
function backdrop(color: string, view: number): [string, string] {
  const lum = luminance(color);
  if (lum > 0.6) {
    // Light items (white, cream, silver) need a deeper backdrop to stand out.
    const tones: Array<[string, string]> = [["#d9e2ec", "#b9c7d8"], ["#e8d9cc", "#d2bba6"], ["#d6e4dc", "#b7cdbf"], ["#ddd8ea", "#c2bad8"]];
    return tones[view % tones.length];
  }
  const hue = [25, -35, 160, 60][view % 4];
  const base = lum < 0.04 ? "#9db4d0" : color;
  return [lighten(shiftHue(base, hue / 3), 0.86), lighten(shiftHue(base, hue), 0.7)];
}

/**
 * A square product picture: the item in `color` on a backdrop. Views: 0 front on a gradient,
 * 1 turned on another colour, 2 a close-up, 3 on a shelf against a wall.
 */
export function productSvg(art: Art, color: string, view: number, details: ArtDetails = {}, size = 1024): string {
  const p = paintFor(color);
  const [a, b] = backdrop(color, view);
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">${defs(p)}`;
  const item = artGroup(art, color, details);
  switch (view % 4) {
    case 0:
      return (
        head +
        `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
        `<rect width="200" height="200" fill="url(#bg)"/>` +
        circle(100, 96, 80, "#ffffff", 'opacity="0.4"') +
        `<ellipse cx="100" cy="172" rx="62" ry="7" fill="url(#shadow)"/>` +
        `<g transform="translate(100 98) scale(0.8) translate(-100 -100)">${item}</g></svg>`
      );
    case 1:
      return (
        head +
        `<linearGradient id="bg" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></linearGradient>` +
        `<rect width="200" height="200" fill="url(#bg)"/>` +
        circle(22, 30, 44, "#ffffff", 'opacity="0.3"') +
        circle(186, 176, 60, "#ffffff", 'opacity="0.25"') +
        circle(170, 34, 10, b, 'opacity="0.8"') +
        `<ellipse cx="104" cy="172" rx="56" ry="6" fill="url(#shadow)"/>` +
        `<g transform="translate(104 98) rotate(-12) scale(0.76) translate(-100 -100)">${item}</g></svg>`
      );
    case 2:
      return (
        head +
        `<radialGradient id="bg" cx="0.4" cy="0.35" r="0.8"><stop offset="0" stop-color="${lighten(a, 0.5)}"/><stop offset="1" stop-color="${b}"/></radialGradient>` +
        `<rect width="200" height="200" fill="url(#bg)"/>` +
        circle(150, 46, 70, "#ffffff", 'opacity="0.25"') +
        `<ellipse cx="100" cy="186" rx="80" ry="8" fill="url(#shadow)"/>` +
        `<g transform="translate(100 104) scale(1.08) translate(-100 -100)">${item}</g></svg>`
      );
    default: {
      const wall = luminance(color) > 0.6 ? "#d3cbc0" : "#f2ede6";
      return (
        head +
        `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${wall}"/><stop offset="1" stop-color="${mix(wall, a, 0.6)}"/></linearGradient>` +
        `<rect width="200" height="200" fill="url(#bg)"/>` +
        `<path d="M128 150 V62 Q128 30 160 30 Q192 30 192 62 V150 Z" fill="${b}" opacity="0.55"/>` +
        `<rect y="150" width="200" height="50" fill="${mix(wall, "#8a6d52", 0.35)}"/>` +
        `<rect y="150" width="200" height="4" fill="${mix(wall, "#8a6d52", 0.55)}"/>` +
        `<ellipse cx="92" cy="158" rx="54" ry="5" fill="url(#shadow)"/>` +
        `<g transform="translate(92 104) scale(0.6) translate(-100 -100)">${item}</g>` +
        `<path d="M170 150 Q166 130 172 118 M170 150 Q178 134 188 128 M170 150 Q160 140 152 138" fill="none" stroke="#4f8a5b" stroke-width="3" stroke-linecap="round"/>` +
        `<path d="M160 150 H182 L178 170 H164 Z" fill="#c4643f"/></svg>`
      );
    }
  }
}

export interface ArtItem {
  art: Art;
  color: string;
  text?: ArtText;
}

/** A square category tile: one or two items on the category's colour. */
export function categorySvg(items: ArtItem[], theme: string, size = 320): string {
  const p = paintFor(theme);
  const a = lighten(theme, 0.82);
  const b = lighten(shiftHue(theme, 30), 0.62);
  let body: string;
  if (items.length === 1) {
    body = `<g transform="translate(100 102) scale(0.74) translate(-100 -100)">${artGroup(items[0].art, items[0].color, { text: items[0].text })}</g>`;
  } else {
    body =
      `<g transform="translate(72 86) rotate(-10) scale(0.58) translate(-100 -100)">${artGroup(items[0].art, items[0].color, { text: items[0].text })}</g>` +
      `<g transform="translate(128 116) rotate(8) scale(0.58) translate(-100 -100)">${artGroup(items[1].art, items[1].color, { text: items[1].text })}</g>`;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 200 200">${defs(p)}` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
    `<rect width="200" height="200" fill="url(#bg)"/>` +
    circle(100, 100, 78, "#ffffff", 'opacity="0.45"') +
    `<ellipse cx="100" cy="180" rx="60" ry="6" fill="url(#shadow)"/>` +
    body +
    `</svg>`
  );
}

/**
 * A home banner (1920 × 720): a deep gradient in the theme colour, free on the left for the
 * title the page lays over it, with a group of items on the right.
 */
export function bannerSvg(items: ArtItem[], theme: string, width = 1920): string {
  const height = Math.round((width * 720) / 1920);
  const p = paintFor(theme);
  const slots = [
    // The page lays its title over the left 60% and, on mid-size screens, crops the banner to 2:1
    // (about 12% off each side): the items sit in the band that stays visible and clear of text.
    { x: 302, y: 94, s: 0.52, r: -7 },
    { x: 368, y: 88, s: 0.6, r: 5 },
    { x: 332, y: 140, s: 0.38, r: 0 },
  ];
  const placed = items
    .slice(0, 3)
    .map((item, i) => {
      const s = slots[i];
      return (
        `<ellipse cx="${s.x}" cy="${s.y + 70 * s.s}" rx="${60 * s.s}" ry="${6 * s.s}" fill="url(#shadow)"/>` +
        `<g transform="translate(${s.x} ${s.y}) rotate(${s.r}) scale(${s.s}) translate(-100 -100)">${artGroup(item.art, item.color, { text: item.text })}</g>`
      );
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 480 180">${defs(p)}` +
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="${darken(theme, 0.55)}"/><stop offset="0.55" stop-color="${darken(theme, 0.2)}"/><stop offset="1" stop-color="${lighten(theme, 0.15)}"/></linearGradient>` +
    `<rect width="480" height="180" fill="url(#bg)"/>` +
    circle(342, 96, 104, "#ffffff", 'opacity="0.1"') +
    circle(342, 96, 68, "#ffffff", 'opacity="0.12"') +
    `<path d="M210 180 L300 0 H330 L240 180 Z" fill="#ffffff" opacity="0.05"/>` +
    circle(26, 150, 60, lighten(theme, 0.3), 'opacity="0.08"') +
    placed +
    `</svg>`
  );
}
