/**
 * EU VAT identification numbers: the format of each member state's numbers, checked offline. A
 * number is not looked up in the EU's VIES service, so a well-formed number may still be unknown
 * to its tax office.
 */

/** The member states by ISO 3166-1 code, each with the format of its VAT numbers after the prefix. */
const EU_VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  GR: /^\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
};

/** Greece writes EL before its numbers, not its ISO code. */
const PREFIX_COUNTRY: Readonly<Record<string, string>> = { EL: "GR" };
const COUNTRY_PREFIX: Readonly<Record<string, string>> = { GR: "EL" };

/** Whether a country (ISO 3166-1 alpha-2) is a member state of the EU. */
export function isEuCountry(country: string): boolean {
  return Object.hasOwn(EU_VAT_FORMATS, country);
}

/** A VAT number as it is stored and printed: upper case, without spaces, dots or dashes ("de 123.456.789" → "DE123456789"). */
export function normalizeVatNumber(text: string): string {
  return text.toUpperCase().replace(/[\s.\-/]/g, "");
}

/**
 * The member state a VAT number belongs to (ISO code, GR for EL…), or null when the number is not
 * written as that state's numbers are.
 */
export function vatNumberCountry(text: string): string | null {
  const number = normalizeVatNumber(text);
  const prefix = number.slice(0, 2);
  const country = PREFIX_COUNTRY[prefix] ?? (COUNTRY_PREFIX[prefix] ? null : prefix);
  if (!country) return null;
  const format = EU_VAT_FORMATS[country];
  return format?.test(number.slice(2)) ? country : null;
}

/**
 * Whether a business buyer with this (well-formed) VAT number owes the VAT itself: a number of
 * another member state than the shop's, the shop being in the EU. The order is then charged no VAT
 * and its invoice says "Reverse charge".
 */
export function isReverseCharge(vatNumber: string | null | undefined, shopCountry: string): boolean {
  if (!vatNumber || !isEuCountry(shopCountry)) return false;
  const country = vatNumberCountry(vatNumber);
  return country !== null && country !== shopCountry;
}
