import type { Kysely, Selectable } from "kysely";
import type { Database, SettingTable } from "../../db/schema";

// The statements of the `settings` table (one JSON value per key: "site", "facebook_pixel"), for
// the content service's reads and the settings and pixel admin's writes, on the caller's executor.

/** A database handle or an open transaction. */
export type Executor = Kysely<Database>;

/** When a setting was last written, as stored (Date on PostgreSQL, ISO text on SQLite). */
export type SettingVersion = Selectable<SettingTable>["updated_at"];

/** A setting's stored JSON, or undefined when it was never written. */
export async function getSettingValue(k: Executor, key: string): Promise<string | undefined> {
  const row = await k.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value;
}

/** When a setting was last written, or undefined when it never was. */
export async function getSettingVersion(k: Executor, key: string): Promise<SettingVersion | undefined> {
  const row = await k.selectFrom("settings").select("updated_at").where("key", "=", key).executeTakeFirst();
  return row?.updated_at;
}

/** A setting's stored JSON with when it was written, or undefined when it never was. */
export function getSettingRow(k: Executor, key: string) {
  return k.selectFrom("settings").select(["value", "updated_at"]).where("key", "=", key).executeTakeFirst();
}

/** Writes a setting, replacing the stored one if any. */
export async function upsertSetting(k: Executor, key: string, value: string, updatedAt: string): Promise<void> {
  await k
    .insertInto("settings")
    .values({ key, value, updated_at: updatedAt })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value, updated_at: updatedAt }))
    .execute();
}

/** Stores a setting never written before. */
export async function insertSetting(k: Executor, key: string, value: string, updatedAt: string): Promise<void> {
  await k.insertInto("settings").values({ key, value, updated_at: updatedAt }).execute();
}

/** Replaces a setting only if it is still the version read (`expected`); false when someone wrote it since. */
export async function replaceSettingIfUnchanged(k: Executor, key: string, value: string, updatedAt: string, expected: SettingVersion): Promise<boolean> {
  const result = await k
    .updateTable("settings")
    .set({ value, updated_at: updatedAt })
    .where("key", "=", key)
    .where("updated_at", "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
