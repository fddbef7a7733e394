import type { LocalDate } from "#common/calendar";
import type { Executor } from "./orders.types";

// The reports read the daily roll-ups (orders.rollups.ts), a few hundred rows for a year.

/** The sales roll-ups of the local days `from`–`to`, per day, payment method and currency (base currency minor units). */
export function listSalesRollups(k: Executor, from: LocalDate, to: LocalDate) {
  return k.selectFrom("sales_rollups").selectAll().where("day", ">=", from).where("day", "<=", to).execute();
}

/** What each product sold over the local days `from`–`to`: units, gross and sales. */
export function listProductSumsOfDays(k: Executor, from: LocalDate, to: LocalDate) {
  return k
    .selectFrom("product_rollups")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .select((eb) => ["product_id as productId", eb.fn.sum("units").as("units"), eb.fn.sum("gross").as("gross"), eb.fn.sum("sales").as("sales")])
    .groupBy("product_id")
    .execute();
}

/** What each product sold over the months (YYYY-MM) `from`–`to`. */
export function listProductSumsOfMonths(k: Executor, from: string, to: string) {
  return k
    .selectFrom("product_month_rollups")
    .where("month", ">=", from)
    .where("month", "<=", to)
    .select((eb) => ["product_id as productId", eb.fn.sum("units").as("units"), eb.fn.sum("gross").as("gross"), eb.fn.sum("sales").as("sales")])
    .groupBy("product_id")
    .execute();
}

/** The tax of the local days `from`–`to` per region, rate, reverse charge and currency: charged and refunded. */
export function listTaxSums(k: Executor, from: LocalDate, to: LocalDate) {
  return k
    .selectFrom("tax_rollups")
    .where("day", ">=", from)
    .where("day", "<=", to)
    .select((eb) => [
      "country",
      "region",
      "rate_milli",
      "reverse_charge",
      "currency",
      eb.fn.sum("base").as("base"),
      eb.fn.sum("tax").as("tax"),
      eb.fn.sum("refunded_base").as("refunded_base"),
      eb.fn.sum("refunded_tax").as("refunded_tax"),
      eb.fn.sum("tax_in_base").as("tax_in_base"),
      eb.fn.sum("refunded_tax_in_base").as("refunded_tax_in_base"),
    ])
    .groupBy(["country", "region", "rate_milli", "reverse_charge", "currency"])
    .execute();
}

/** The name each of these products was sold under on its order lines (one per product). */
export function listSoldProductNames(k: Executor, productIds: string[]) {
  return k
    .selectFrom("order_lines")
    .where("product_id", "in", productIds)
    .select((eb) => ["product_id", eb.fn.max("name").as("name")])
    .groupBy("product_id")
    .execute();
}
