import { createAuthClient } from "better-auth/react";
import { adminClient, magicLinkClient } from "better-auth/client/plugins";

/**
 * better-auth's browser client for interactions that need no page navigation (the third-party
 * popup, admin screens). It is not small: import it dynamically, where it is used
 * (`const { authClient } = await import("~/lib/auth-client")`), never from the root or the
 * storefront layout, so ordinary pages do not download it. Sign-in, sign-up and profile forms go
 * through route actions instead and work without JavaScript.
 */
export const authClient = createAuthClient({
  basePath: "/api/auth",
  plugins: [magicLinkClient(), adminClient()],
});

export type AuthClient = typeof authClient;
