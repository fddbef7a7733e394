import { type Migration, type MigrationProvider, Migrator } from "kysely";
import type { Db } from "../db/database";
import { catalogMigration } from "./0001-catalog";
import { searchMigration } from "./0002-search";
import { authMigration } from "./0003-auth";
import { shoppingMigration } from "./0004-shopping";
import { retentionMigration } from "./0005-visitor-retention";
import { openOrdersByContactMigration } from "./0006-open-orders-by-contact";
import { listedPriceMigration } from "./0007-listed-price";
import { searchNegationsMigration } from "./0008-search-negations";
import { staffAndAuditMigration } from "./0009-staff-and-audit";
import { catalogueAdminMigration } from "./0010-catalogue-admin";
import { categoriesBannersAdminMigration } from "./0011-categories-banners-admin";
import { orderDeskMigration } from "./0012-order-desk";
import { contactMessagesMigration } from "./0013-contact-messages";
import { returnsRefundsMigration } from "./0014-returns-refunds";
import { customerLastSignInMigration } from "./0015-customer-last-sign-in";
import { siteAnalyticsMigration } from "./0016-site-analytics";
import { salesReportMigration } from "./0017-sales-report";
import { searchRankingMigration } from "./0018-search-ranking";
import { searchPendingListMigration } from "./0019-search-pending-list";
import { saleWritesMigration } from "./0020-sale-writes";
import { stockAlertsMigration } from "./0021-stock-alerts";
import { jobsMigration } from "./0022-jobs";
import { webhooksMigration } from "./0023-webhooks";
import { languagesMigration } from "./0024-languages";
import { currenciesMigration } from "./0025-currencies";
import { contentTranslationsMigration } from "./0026-content-translations";
import { searchLanguagesMigration } from "./0027-search-languages";
import { orderTaxesMigration } from "./0028-order-taxes";
import { productTaxClassMigration } from "./0029-product-tax-class";
import { refundTaxesAndRollupsMigration } from "./0030-refund-taxes-and-rollups";
import { reportSpeedMigration } from "./0031-report-speed";
import { orderLineNamesMigration } from "./0032-order-line-names";
import { promotionsMigration } from "./0033-promotions";
import { orderDiscountsMigration } from "./0034-order-discounts";
import { giftCardsMigration } from "./0035-gift-cards";
import { giftCardsAtCheckoutMigration } from "./0036-gift-cards-at-checkout";
import { giftCardProductsMigration } from "./0037-gift-card-products";
import { reviewsMigration } from "./0038-reviews";
import { reviewPhotosMigration } from "./0039-review-photos";
import { guestReviewsMigration } from "./0040-guest-reviews";
import { alertsMigration } from "./0041-alerts";
import { cartRemindersMigration } from "./0042-cart-reminders";
import { productRatingsMigration } from "./0043-product-ratings";
import { reviewRequestStopsMigration } from "./0044-review-request-stops";

/** Every migration in order; the dialect lets a migration use an engine's own features (exported for migration tests). */
export function migrations(db: Db): Record<string, Migration> {
  return {
    "0001-catalog": catalogMigration(db.dialect),
    "0002-search": searchMigration(db.dialect),
    "0003-auth": authMigration(db.dialect),
    "0004-shopping": shoppingMigration(db.dialect),
    "0005-visitor-retention": retentionMigration(),
    "0006-open-orders-by-contact": openOrdersByContactMigration(),
    "0007-listed-price": listedPriceMigration(),
    "0008-search-negations": searchNegationsMigration(db.dialect),
    "0009-staff-and-audit": staffAndAuditMigration(db.dialect),
    "0010-catalogue-admin": catalogueAdminMigration(db.dialect),
    "0011-categories-banners-admin": categoriesBannersAdminMigration(db.dialect),
    "0012-order-desk": orderDeskMigration(db.dialect),
    "0013-contact-messages": contactMessagesMigration(db.dialect),
    "0014-returns-refunds": returnsRefundsMigration(db.dialect),
    "0015-customer-last-sign-in": customerLastSignInMigration(db.dialect),
    "0016-site-analytics": siteAnalyticsMigration(db.dialect),
    "0017-sales-report": salesReportMigration(),
    "0018-search-ranking": searchRankingMigration(db.dialect),
    "0019-search-pending-list": searchPendingListMigration(db.dialect),
    "0020-sale-writes": saleWritesMigration(db.dialect),
    "0021-stock-alerts": stockAlertsMigration(db.dialect),
    "0022-jobs": jobsMigration(db.dialect),
    "0023-webhooks": webhooksMigration(db.dialect),
    "0024-languages": languagesMigration(),
    "0025-currencies": currenciesMigration(db.dialect),
    "0026-content-translations": contentTranslationsMigration(db.dialect),
    "0027-search-languages": searchLanguagesMigration(db.dialect),
    "0028-order-taxes": orderTaxesMigration(),
    "0029-product-tax-class": productTaxClassMigration(),
    "0030-refund-taxes-and-rollups": refundTaxesAndRollupsMigration(),
    "0031-report-speed": reportSpeedMigration(),
    "0032-order-line-names": orderLineNamesMigration(),
    "0033-promotions": promotionsMigration(db.dialect),
    "0034-order-discounts": orderDiscountsMigration(),
    "0035-gift-cards": giftCardsMigration(db.dialect),
    "0036-gift-cards-at-checkout": giftCardsAtCheckoutMigration(),
    "0037-gift-card-products": giftCardProductsMigration(),
    "0038-reviews": reviewsMigration(db.dialect),
    "0039-review-photos": reviewPhotosMigration,
    "0040-guest-reviews": guestReviewsMigration(db.dialect),
    "0041-alerts": alertsMigration(db.dialect),
    "0042-cart-reminders": cartRemindersMigration(db.dialect),
    "0043-product-ratings": productRatingsMigration(),
    "0044-review-request-stops": reviewRequestStopsMigration(db.dialect),
  };
}

/** Brings the schema up to date; safe to call on every start. */
export async function migrateToLatest(db: Db): Promise<{ applied: number }> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db) };
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    const which = failed ? `Migration ${failed.migrationName}` : "Migrating the database";
    throw new Error(`${which} failed: ${String((error as Error)?.message ?? error)}`);
  }
  return { applied: results?.filter((r) => r.status === "Success").length ?? 0 };
}
