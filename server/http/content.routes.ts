import { Hono } from "hono";
import { contactSchema } from "#common/content/content.schema";
import { AppError } from "#common/errors";
import { parseInput } from "#common/validate";
import { type AppEnv, clientIp } from "./context";

/** Site settings, tracking-pixel config, banners and the contact form. */
export function contentRoutes() {
  const r = new Hono<AppEnv>();

  r.get("/settings", async (c) => {
    return c.json(await c.var.services.content.getSettings());
  });

  r.get("/facebook-pixel", async (c) => {
    const { pixelId, status } = await c.var.services.content.getPixel();
    return c.json({ pixelId, status });
  });

  r.get("/banners", async (c) => c.json({ success: true, data: await c.var.services.banners.listLive() }));

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
