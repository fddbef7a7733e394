import type { Kysely } from "kysely";

/**
 * Photos under a review (up to 4, through the image pipeline, kind `review`): the stored URLs as a
 * JSON list on the review itself, so the product page's list stays one query of one table and a
 * held or hidden review's photos are shown exactly when its words are.
 */
export const reviewPhotosMigration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable("reviews").addColumn("photos", "text").execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable("reviews").dropColumn("photos").execute();
  },
};
