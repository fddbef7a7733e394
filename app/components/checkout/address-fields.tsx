import { useMemo } from "react";
import { SelectField, TextField } from "~/components/form/fields";
import { countryOptions, regionsOf } from "#common/geo";
import { REGION_KIND } from "#common/cart/service-words";
import { useT } from "~/lib/i18n";
import type { CheckoutFieldErrors, CheckoutValues } from "./checkout-fields";

/**
 * The delivery address of the checkout: the country first (a select of every ISO 3166 country,
 * the shop's own first and preselected), then the street, city, the region (a select where the
 * country has a list, such as US states, else free text) and the postal code. `country` is the
 * country chosen now: the region field follows it. `countries` are the select's countries in the
 * page's language, in their order (from the loader); without them, the shop's English list.
 */
export function AddressFields({
  country,
  shopCountry,
  countries: localCountries,
  values,
  errors,
  required,
}: {
  country: string;
  shopCountry: string;
  countries?: ReadonlyArray<{ code: string; name: string }> | null;
  values: CheckoutValues | undefined;
  errors: CheckoutFieldErrors;
  required: boolean;
}) {
  const t = useT();
  const countries = useMemo(
    () => (localCountries ?? countryOptions(shopCountry)).map((c) => ({ value: c.code, label: c.name })),
    [localCountries, shopCountry],
  );
  const regions = regionsOf(country);
  const kind = regions ? (REGION_KIND[regions.noun] ?? "territory") : null;
  return (
    <>
      <SelectField
        name="country"
        label={t("cart.address.country")}
        required={required}
        autoComplete="country"
        options={countries}
        defaultValue={values?.country || shopCountry}
        error={errors.country}
        className="sm:col-span-2"
      />
      <TextField
        name="line1"
        label={t("cart.address.line1")}
        required={required}
        autoComplete="address-line1"
        maxLength={200}
        defaultValue={values?.line1}
        error={errors.line1}
        className="sm:col-span-2"
        placeholder={t("cart.address.line1Placeholder")}
      />
      <TextField
        name="line2"
        label={t("cart.address.line2")}
        autoComplete="address-line2"
        maxLength={200}
        defaultValue={values?.line2}
        error={errors.line2}
        className="sm:col-span-2"
      />
      <TextField
        name="city"
        label={t("cart.address.city")}
        required={required}
        autoComplete="address-level2"
        maxLength={100}
        defaultValue={values?.city}
        error={errors.city}
      />
      {regions && kind ? (
        <SelectField
          // A new country starts its region afresh.
          key={country}
          name="region"
          label={t("cart.address.regionLabel", { kind })}
          required={required}
          autoComplete="address-level1"
          options={[
            { value: "", label: t("cart.address.regionPlaceholder", { kind }) },
            ...Object.entries(regions.regions).map(([code, name]) => ({ value: code, label: name })),
          ]}
          defaultValue={values?.country === country ? values.region : ""}
          error={errors.region}
        />
      ) : (
        <TextField
          key={country}
          name="region"
          label={t("cart.address.region")}
          autoComplete="address-level1"
          maxLength={100}
          defaultValue={values?.country === country ? values.region : ""}
          error={errors.region}
        />
      )}
      <TextField
        name="postalCode"
        label={t("cart.address.postalCode")}
        autoComplete="postal-code"
        maxLength={20}
        defaultValue={values?.postalCode}
        error={errors.postalCode}
      />
    </>
  );
}
