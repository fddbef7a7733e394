import { useMemo } from "react";
import { SelectField, TextField } from "~/components/form/fields";
import { countryOptions, regionsOf } from "#common/geo";
import type { CheckoutFieldErrors, CheckoutValues } from "./checkout-fields";

/**
 * The delivery address of the checkout: the country first (a select of every ISO 3166 country,
 * the shop's own first and preselected), then the street, city, the region (a select where the
 * country has a list, such as US states, else free text) and the postal code. `country` is the
 * country chosen now: the region field follows it.
 */
export function AddressFields({
  country,
  shopCountry,
  values,
  errors,
  required,
}: {
  country: string;
  shopCountry: string;
  values: CheckoutValues | undefined;
  errors: CheckoutFieldErrors;
  required: boolean;
}) {
  const countries = useMemo(() => countryOptions(shopCountry).map((c) => ({ value: c.code, label: c.name })), [shopCountry]);
  const regions = regionsOf(country);
  return (
    <>
      <SelectField
        name="country"
        label="Country"
        required={required}
        autoComplete="country"
        options={countries}
        defaultValue={values?.country || shopCountry}
        error={errors.country}
        className="sm:col-span-2"
      />
      <TextField
        name="line1"
        label="Address"
        required={required}
        autoComplete="address-line1"
        maxLength={200}
        defaultValue={values?.line1}
        error={errors.line1}
        className="sm:col-span-2"
        placeholder="Street and house number"
      />
      <TextField
        name="line2"
        label="Apartment/suite (optional)"
        autoComplete="address-line2"
        maxLength={200}
        defaultValue={values?.line2}
        error={errors.line2}
        className="sm:col-span-2"
      />
      <TextField name="city" label="City" required={required} autoComplete="address-level2" maxLength={100} defaultValue={values?.city} error={errors.city} />
      {regions ? (
        <SelectField
          // A new country starts its region afresh.
          key={country}
          name="region"
          label={regions.label}
          required={required}
          autoComplete="address-level1"
          options={[{ value: "", label: `Choose a ${regions.noun}` }, ...Object.entries(regions.regions).map(([code, name]) => ({ value: code, label: name }))]}
          defaultValue={values?.country === country ? values.region : ""}
          error={errors.region}
        />
      ) : (
        <TextField
          key={country}
          name="region"
          label="Region (optional)"
          autoComplete="address-level1"
          maxLength={100}
          defaultValue={values?.country === country ? values.region : ""}
          error={errors.region}
        />
      )}
      <TextField
        name="postalCode"
        label="Postal code (optional)"
        autoComplete="postal-code"
        maxLength={20}
        defaultValue={values?.postalCode}
        error={errors.postalCode}
      />
    </>
  );
}
