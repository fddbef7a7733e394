import { z } from "zod";
import type { Db } from "../../db/database";
import { nowIso } from "../../db/database";
import type { Epoch } from "../../lib/cache";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import { type AuditActor, appendAudit, changedFields } from "#modules/audit";
import type { PixelConfig } from "#common/content/content.schema";
import { upsertSetting } from "./settings.repo";

/**
 * What the admin may store as the tracking pixel: a Facebook (Meta) pixel id is the 15 or 16 digits
 * Events Manager shows (older pixels have 15, newer 16); empty clears it. Reading stays lenient
 * (content.schema.ts pixelSchema), so a value stored under an older rule still loads.
 */
export const pixelInputSchema = z
  .object({
    pixelId: z
      .string({ message: "The pixel id must be text" })
      .trim()
      .regex(/^(\d{15,16})?$/, "A pixel id is the 15 or 16 digits Events Manager shows under the pixel's name")
      .default(""),
    status: z.enum(["active", "inactive"], { message: "The status is active or inactive" }),
  })
  .strict();

export type PixelInput = z.infer<typeof pixelInputSchema>;

export interface PixelAdminDeps {
  epoch: Epoch;
  /** The pixel config as the shop reads it now (content service, cached). */
  current: () => Promise<PixelConfig>;
}

/**
 * The tracking pixel's admin side (content module, the `settings` row "facebook_pixel"): read it,
 * and replace it validated (400 with `fields`; active without an id is refused), written with its
 * audit entry in one transaction; then the data epoch moves, so GET /api/facebook-pixel, every page
 * and its Content-Security-Policy follow at once.
 */
export function createPixelAdmin(db: Db, deps: PixelAdminDeps) {
  const k = db.kysely;
  return {
    /** The pixel config as stored (an empty id and inactive when never set). */
    read: (): Promise<PixelConfig> => deps.current(),

    /** Replaces the pixel config after validating it; an unchanged config writes nothing (and no audit entry). */
    async update(actor: AuditActor, body: unknown): Promise<PixelConfig> {
      const pixel = parseInput(pixelInputSchema, body);
      if (pixel.status === "active" && !pixel.pixelId) {
        throw new AppError("invalid_input", "Enter the pixel id before switching the pixel on.", {
          pixelId: "An active pixel needs its id: enter it, or keep the pixel inactive.",
        });
      }
      const before = await deps.current();
      const changes = changedFields(before as unknown as Record<string, unknown>, pixel as unknown as Record<string, unknown>);
      if (Object.keys(changes).length) {
        const value = JSON.stringify(pixel);
        const updated_at = nowIso();
        await k.transaction().execute(async (trx) => {
          await upsertSetting(trx, "facebook_pixel", value, updated_at);
          await appendAudit(trx, actor, { action: "pixel.update", entityType: "settings", entityId: "facebook_pixel", changes });
        });
        deps.epoch.bump();
      }
      return deps.current();
    },
  };
}

export type PixelAdmin = ReturnType<typeof createPixelAdmin>;
