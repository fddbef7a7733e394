import { expect, test, waitForHydration } from "./fixtures";

// Pages run under a strict Content-Security-Policy: no inline script may run unless the page's nonce
// or (on a page from the visitors' page cache, which has no nonce) its hash allows it, and the
// shop's own hydration, streaming and scripts must still work.
test("pages hydrate under a nonce or hash policy with no CSP violation", async ({ page }) => {
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

  // A visitor without cookies: the public pages come from the page cache (hashes), /login is rendered (nonce).
  const cached = ["/", "/product-category", "/products/classic-cotton-t-shirt", "/contact-us"];
  for (const path of [...cached, "/login"]) {
    const res = await page.goto(path);
    const policy = res!.headers()["content-security-policy"];
    const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src"))!;
    if (cached.includes(path)) {
      expect(scriptSrc, path).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
      expect(scriptSrc, path).not.toContain("'nonce-");
      expect(await page.locator("script[nonce]").count(), path).toBe(0);
    } else expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    await waitForHydration(page);
    const inPage = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    expect([...violations, ...inPage], path).toEqual([]);
  }
});
