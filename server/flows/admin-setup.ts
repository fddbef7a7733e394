import type { Env } from "../lib/env";
import type { Logger } from "../lib/logger";
import { slugify } from "#common/slug";
import type { AuthService } from "../auth/auth.service";
import type { ContentService } from "#modules/content";

/** What setting up the administrators reads and writes: the accounts and the site settings. */
interface AdminSetupDeps {
  auth: Pick<AuthService, "ensureAdmin" | "ensureDemoAdmin" | "hasAccount">;
  content: Pick<ContentService, "getSettings">;
}

/** The demo administrator's address: admin@ the shop's contact domain, else admin@<site-name>.example. */
export async function demoAdminEmail(services: Pick<AdminSetupDeps, "content">): Promise<string> {
  const settings = await services.content.getSettings();
  const domain = settings.contactEmail.split("@")[1] || `${slugify(settings.siteName) || "shop"}.example`;
  return `admin@${domain.toLowerCase()}`;
}

/**
 * Makes sure the shop has an administrator at start-up: ADMIN_EMAIL (created with ADMIN_PASSWORD
 * or promoted) when set; otherwise, for a demo shop (SEED_ON_EMPTY) without any admin, a demo
 * administrator with a generated password, printed once on the console (not only in the JSON log).
 */
export async function setUpAdministrators(services: AdminSetupDeps, env: Env, logger: Logger): Promise<void> {
  if (env.ADMIN_EMAIL) {
    const result = await services.auth.ensureAdmin(env.ADMIN_EMAIL, env.ADMIN_PASSWORD);
    if (result !== "unchanged" && result !== "skipped") logger.info({ email: env.ADMIN_EMAIL, result }, "administrator from ADMIN_EMAIL");
    return;
  }
  if (!env.SEED_ON_EMPTY) return;
  const email = await demoAdminEmail(services);
  const created = await services.auth.ensureDemoAdmin(email);
  const login = `${env.PUBLIC_URL}/login`;
  if (created) {
    logger.info({ email }, "created the demo administrator");
    console.log(
      `Demo administrator: ${created.email}  password: ${created.password}  (sign in at ${login}; shown once, set ADMIN_EMAIL and ADMIN_PASSWORD to use your own)`,
    );
  } else if (await services.auth.hasAccount(email)) {
    console.log(`Demo administrator: ${email}  (password shown on the first start; forgot it? use “Forgot password” at ${login})`);
  }
}
