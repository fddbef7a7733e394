import { Hono } from "hono";
import { contactSchema, settingsInLanguage } from "#common/content/content.schema";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import { type AppEnv, clientIp } from "./context";
import { requestLanguageParam } from "./market";

/** Site settings, tracking-pixel config, banners and the contact form. */
export function contentRoutes() {
  const r = new Hono<AppEnv>();

  // The answer is the spec's; `?lang=de` gives the texts in that language (translations themselves are the admin's).
  r.get("/settings", async (c) => {
    const { translations: _translations, ...settings } = settingsInLanguage(await c.var.services.content.getSettings(), requestLanguageParam(c));
    return c.json(settings);
  });

  r.get("/facebook-pixel", async (c) => {
    const { pixelId, status } = await c.var.services.content.getPixel();
    return c.json({ pixelId, status });
  });

  r.get("/banners", async (c) => c.json({ success: true, data: await c.var.services.banners.listLive(requestLanguageParam(c)) }));

  r.post("/contact", async (c) => {
    const body = await c.req.json().catch(() => {
      throw new AppError("invalid_input", "The request body must be JSON");
    });
    const input = parseInput(contactSchema, body);
    const saved = await c.var.services.messages.createMessage(input, clientIp(c));
    return c.json({ success: true, message: "Thank you! Your message has been sent.", data: saved }, 201);
  });

  return r;
}
