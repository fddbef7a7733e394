import { countryCode, foldName, regionCode } from "../geo";
import type { ShippingAddress, ZoneCoverage } from "./shipping";

// Which shipping zones of the settings deliver to an address, for the checkout (server and browser)
// and the order: the one matching rule.

/**
 * Whether a zone delivers to an address: same country, and the region and city in its lists when it
 * has them (names compared without case or accents; a country or region may be given by name).
 */
export function zoneCovers(zone: ZoneCoverage, address: ShippingAddress): boolean {
  const country = countryCode(address.country) ?? address.country;
  if (zone.country !== country) return false;
  if (zone.regions.length > 0) {
    const region = foldName((address.region && regionCode(country, address.region)) ?? address.region ?? "");
    if (!region || !zone.regions.some((r) => foldName(r) === region)) return false;
  }
  if (zone.cities.length > 0) {
    const city = foldName(address.city ?? "");
    if (!city || !zone.cities.some((c) => foldName(c) === city)) return false;
  }
  return true;
}

const specificity = (zone: ZoneCoverage) => (zone.cities.length > 0 ? 2 : zone.regions.length > 0 ? 1 : 0);

/**
 * The zones that deliver to an address, the most specific first (a city list, then a region list,
 * then the whole country; the settings' order within each): every one of them is offered.
 */
export function zonesFor<Z extends ZoneCoverage>(zones: readonly Z[], address: ShippingAddress): Z[] {
  return zones.filter((z) => zoneCovers(z, address)).sort((a, b) => specificity(b) - specificity(a));
}

/** What the shopper is told when no zone delivers to the address's country (given by name). */
export function noZoneMessage(countryName: string): string {
  return `We don't ship to ${countryName} yet.`;
}

/**
 * The zones offered for an address (every zone while it is unknown) and the one shown as chosen:
 * the chosen id when it is offered, else the first offered; null when none delivers there.
 */
export function offeredZones<Z extends ZoneCoverage & { id: string }>(
  zones: readonly Z[],
  address: ShippingAddress | null | undefined,
  chosen: string | null | undefined,
): { offered: Z[]; zone: Z | null } {
  const offered = address ? zonesFor(zones, address) : [...zones];
  return { offered, zone: offered.find((z) => z.id === chosen) ?? offered[0] ?? null };
}

/** The zone an order ships with, or why there is none: the field to blame and a message for the shopper. */
export type ZoneChoice<Z> = { ok: true; zone: Z } | { ok: false; field: "address.country" | "shippingMethod"; message: string };

/**
 * The zone for an address: the chosen one when it covers the address, the first offered when none
 * is chosen; a country no zone covers, an unknown zone and a zone that does not cover the address
 * are refused with the field they concern.
 */
export function chooseZoneFor<Z extends ZoneCoverage & { id: string; name: string }>(
  zones: readonly Z[],
  address: ShippingAddress,
  chosen: string | null | undefined,
  countryName: string,
): ZoneChoice<Z> {
  const offered = zonesFor(zones, address);
  if (offered.length === 0) return { ok: false, field: "address.country", message: noZoneMessage(countryName) };
  if (!chosen) return { ok: true, zone: offered[0]! };
  const zone = offered.find((z) => z.id === chosen);
  if (zone) return { ok: true, zone };
  const known = zones.find((z) => z.id === chosen);
  return {
    ok: false,
    field: "shippingMethod",
    message: known
      ? `${known.name} does not deliver to this address. Please choose one of the shipping methods offered.`
      : "Please choose one of the shipping methods offered",
  };
}
