import { expect, test, waitForHydration } from "./fixtures";

// Pages run under a nonce-based Content-Security-Policy: no inline script without the nonce may run,
// and the shop's own hydration, streaming and scripts must still work.
test("pages hydrate under a nonce policy with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on("console", (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });

  for (const path of ["/", "/product-category", "/products/classic-cotton-t-shirt", "/login", "/contact-us"]) {
    const res = await page.goto(path);
    const policy = res!.headers()["content-security-policy"];
    const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    await waitForHydration(page);
    const inPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect([...violations, ...inPage], path).toEqual([]);
  }
});
