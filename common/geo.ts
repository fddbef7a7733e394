// Countries and their first-level regions, as pure data shared by the server (order input, shipping
// zones in the settings) and the browser (the checkout's selects). Codes are ISO 3166-1 alpha-2 and,
// for regions, the postal abbreviations (ISO 3166-2 without the country prefix). English names are
// written out instead of asking Intl.DisplayNames so the server and every browser render the same text.

/** Every ISO 3166-1 alpha-2 country code (officially assigned, 249) with its English short name. */
export const COUNTRIES: Readonly<Record<string, string>> = {
  AD: "Andorra", AE: "United Arab Emirates", AF: "Afghanistan", AG: "Antigua & Barbuda", AI: "Anguilla",
  AL: "Albania", AM: "Armenia", AO: "Angola", AQ: "Antarctica", AR: "Argentina", AS: "American Samoa", AT: "Austria",
  AU: "Australia", AW: "Aruba", AX: "Åland Islands", AZ: "Azerbaijan", BA: "Bosnia & Herzegovina", BB: "Barbados",
  BD: "Bangladesh", BE: "Belgium", BF: "Burkina Faso", BG: "Bulgaria", BH: "Bahrain", BI: "Burundi", BJ: "Benin",
  BL: "St. Barthélemy", BM: "Bermuda", BN: "Brunei", BO: "Bolivia", BQ: "Caribbean Netherlands", BR: "Brazil",
  BS: "Bahamas", BT: "Bhutan", BV: "Bouvet Island", BW: "Botswana", BY: "Belarus", BZ: "Belize", CA: "Canada",
  CC: "Cocos (Keeling) Islands", CD: "Congo - Kinshasa", CF: "Central African Republic", CG: "Congo - Brazzaville",
  CH: "Switzerland", CI: "Côte d’Ivoire", CK: "Cook Islands", CL: "Chile", CM: "Cameroon", CN: "China",
  CO: "Colombia", CR: "Costa Rica", CU: "Cuba", CV: "Cape Verde", CW: "Curaçao", CX: "Christmas Island", CY: "Cyprus",
  CZ: "Czechia", DE: "Germany", DJ: "Djibouti", DK: "Denmark", DM: "Dominica", DO: "Dominican Republic",
  DZ: "Algeria", EC: "Ecuador", EE: "Estonia", EG: "Egypt", EH: "Western Sahara", ER: "Eritrea", ES: "Spain",
  ET: "Ethiopia", FI: "Finland", FJ: "Fiji", FK: "Falkland Islands", FM: "Micronesia", FO: "Faroe Islands",
  FR: "France", GA: "Gabon", GB: "United Kingdom", GD: "Grenada", GE: "Georgia", GF: "French Guiana", GG: "Guernsey",
  GH: "Ghana", GI: "Gibraltar", GL: "Greenland", GM: "Gambia", GN: "Guinea", GP: "Guadeloupe",
  GQ: "Equatorial Guinea", GR: "Greece", GS: "South Georgia & South Sandwich Islands", GT: "Guatemala", GU: "Guam",
  GW: "Guinea-Bissau", GY: "Guyana", HK: "Hong Kong SAR China", HM: "Heard & McDonald Islands", HN: "Honduras",
  HR: "Croatia", HT: "Haiti", HU: "Hungary", ID: "Indonesia", IE: "Ireland", IL: "Israel", IM: "Isle of Man",
  IN: "India", IO: "British Indian Ocean Territory", IQ: "Iraq", IR: "Iran", IS: "Iceland", IT: "Italy", JE: "Jersey",
  JM: "Jamaica", JO: "Jordan", JP: "Japan", KE: "Kenya", KG: "Kyrgyzstan", KH: "Cambodia", KI: "Kiribati",
  KM: "Comoros", KN: "St. Kitts & Nevis", KP: "North Korea", KR: "South Korea", KW: "Kuwait", KY: "Cayman Islands",
  KZ: "Kazakhstan", LA: "Laos", LB: "Lebanon", LC: "St. Lucia", LI: "Liechtenstein", LK: "Sri Lanka", LR: "Liberia",
  LS: "Lesotho", LT: "Lithuania", LU: "Luxembourg", LV: "Latvia", LY: "Libya", MA: "Morocco", MC: "Monaco",
  MD: "Moldova", ME: "Montenegro", MF: "St. Martin", MG: "Madagascar", MH: "Marshall Islands", MK: "North Macedonia",
  ML: "Mali", MM: "Myanmar (Burma)", MN: "Mongolia", MO: "Macao SAR China", MP: "Northern Mariana Islands",
  MQ: "Martinique", MR: "Mauritania", MS: "Montserrat", MT: "Malta", MU: "Mauritius", MV: "Maldives", MW: "Malawi",
  MX: "Mexico", MY: "Malaysia", MZ: "Mozambique", NA: "Namibia", NC: "New Caledonia", NE: "Niger",
  NF: "Norfolk Island", NG: "Nigeria", NI: "Nicaragua", NL: "Netherlands", NO: "Norway", NP: "Nepal", NR: "Nauru",
  NU: "Niue", NZ: "New Zealand", OM: "Oman", PA: "Panama", PE: "Peru", PF: "French Polynesia", PG: "Papua New Guinea",
  PH: "Philippines", PK: "Pakistan", PL: "Poland", PM: "St. Pierre & Miquelon", PN: "Pitcairn Islands",
  PR: "Puerto Rico", PS: "Palestinian Territories", PT: "Portugal", PW: "Palau", PY: "Paraguay", QA: "Qatar",
  RE: "Réunion", RO: "Romania", RS: "Serbia", RU: "Russia", RW: "Rwanda", SA: "Saudi Arabia", SB: "Solomon Islands",
  SC: "Seychelles", SD: "Sudan", SE: "Sweden", SG: "Singapore", SH: "St. Helena", SI: "Slovenia",
  SJ: "Svalbard & Jan Mayen", SK: "Slovakia", SL: "Sierra Leone", SM: "San Marino", SN: "Senegal", SO: "Somalia",
  SR: "Suriname", SS: "South Sudan", ST: "São Tomé & Príncipe", SV: "El Salvador", SX: "Sint Maarten", SY: "Syria",
  SZ: "Eswatini", TC: "Turks & Caicos Islands", TD: "Chad", TF: "French Southern Territories", TG: "Togo",
  TH: "Thailand", TJ: "Tajikistan", TK: "Tokelau", TL: "Timor-Leste", TM: "Turkmenistan", TN: "Tunisia", TO: "Tonga",
  TR: "Türkiye", TT: "Trinidad & Tobago", TV: "Tuvalu", TW: "Taiwan", TZ: "Tanzania", UA: "Ukraine", UG: "Uganda",
  UM: "U.S. Outlying Islands", US: "United States", UY: "Uruguay", UZ: "Uzbekistan", VA: "Vatican City",
  VC: "St. Vincent & Grenadines", VE: "Venezuela", VG: "British Virgin Islands", VI: "U.S. Virgin Islands",
  VN: "Vietnam", VU: "Vanuatu", WF: "Wallis & Futuna", WS: "Samoa", YE: "Yemen", YT: "Mayotte", ZA: "South Africa",
  ZM: "Zambia", ZW: "Zimbabwe",
};

/** A country's list of regions: what to call them and their codes with names. */
export interface RegionList {
  /** "State", "Province or territory": the field's label. */
  label: string;
  /** The word in messages ("Please choose your state"). */
  noun: string;
  regions: Readonly<Record<string, string>>;
}

/** Countries whose addresses name a region from a fixed list (the checkout shows a select for them). */
export const REGIONS: Readonly<Record<string, RegionList>> = {
  US: {
    label: "State",
    noun: "state",
    regions: {
      AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut",
      DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois",
      IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland",
      MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana",
      NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey", NM: "New Mexico", NY: "New York",
      NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania",
      RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
      VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
    },
  },
  CA: {
    label: "Province or territory",
    noun: "province or territory",
    regions: {
      AB: "Alberta", BC: "British Columbia", MB: "Manitoba", NB: "New Brunswick", NL: "Newfoundland and Labrador",
      NS: "Nova Scotia", NT: "Northwest Territories", NU: "Nunavut", ON: "Ontario", PE: "Prince Edward Island",
      QC: "Quebec", SK: "Saskatchewan", YT: "Yukon",
    },
  },
  AU: {
    label: "State or territory",
    noun: "state or territory",
    regions: {
      ACT: "Australian Capital Territory", NSW: "New South Wales", NT: "Northern Territory", QLD: "Queensland",
      SA: "South Australia", TAS: "Tasmania", VIC: "Victoria", WA: "Western Australia",
    },
  },
};

/** Other spellings people (and addresses saved before the list existed) use for a country. */
const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  usa: "US",
  "united states of america": "US",
  uk: "GB",
  "great britain": "GB",
};

/** Lower case without accents, punctuation or repeated spaces: "Québec" and "quebec", "St. Louis" and "st louis" compare equal. */
export function foldName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function lookup(table: Readonly<Record<string, string>>, text: string): string | null {
  const upper = text.trim().toUpperCase();
  if (Object.hasOwn(table, upper)) return upper;
  const folded = foldName(text);
  if (!folded) return null;
  for (const [code, name] of Object.entries(table)) if (foldName(name) === folded) return code;
  return null;
}

/** The ISO code of a country given by code ("us") or English name ("United States"), or null when it is not a country. */
export function countryCode(text: string): string | null {
  return lookup(COUNTRIES, text) ?? COUNTRY_ALIASES[foldName(text)] ?? null;
}

/** A country's English name ("US" → "United States"); anything else comes back as it was (addresses stored before codes). */
export function countryName(code: string): string {
  return COUNTRIES[code] ?? code;
}

/** The regions a country's addresses choose from, or null when its region is free text. */
export function regionsOf(country: string): RegionList | null {
  return REGIONS[country] ?? null;
}

/** The code of a region of a country with a list, given by code ("or") or name ("Oregon"); null when it is not one of them. */
export function regionCode(country: string, text: string): string | null {
  const list = regionsOf(country);
  return list ? lookup(list.regions, text) : null;
}

/** Countries for a select: the shop's own first, then the others by name. */
export function countryOptions(first: string): Array<{ code: string; name: string }> {
  const rest = Object.entries(COUNTRIES)
    .filter(([code]) => code !== first)
    .sort((a, b) => a[1].localeCompare(b[1], "en"))
    .map(([code, name]) => ({ code, name }));
  return COUNTRIES[first] ? [{ code: first, name: COUNTRIES[first] }, ...rest] : rest;
}
