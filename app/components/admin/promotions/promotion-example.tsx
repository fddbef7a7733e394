import { useId, useState } from "react";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { useT } from "~/lib/i18n";
import { useMoney } from "~/lib/shop";
import { toMajor } from "#common/money";
import { buttonClass } from "../ui";
import { DEFAULT_SAMPLE, type PromotionBody, type SampleCart, type SampleLine, exampleQuote, exampleRule } from "./promotion-form-values";
import { refusalText } from "./promotion-words";

const input =
  "h-10 w-full rounded-lg border border-stone-300 bg-white px-2.5 text-sm text-stone-900 tabular-nums focus:border-stone-900 focus:outline-none focus:ring-2 focus:ring-stone-900/20";

/**
 * The live example beside the promotion form: a sample cart the admin can change (prices,
 * quantities, whether each item is one the promotion concerns, the shipping, a first order or not)
 * and what the promotion as typed takes off it now, computed in the browser by the checkout's own
 * rule; when it gives nothing, why. `body` is the form as it would be posted (null before the page runs).
 */
export function PromotionExample({ body, id, uses, timeZone }: { body: PromotionBody | null; id: string; uses: number; timeZone: string }) {
  const t = useT();
  const money = useMoney();
  const minor = (amount: number) => money(toMajor(amount));
  const hydrated = useHydrated();
  const uid = useId();
  const [sample, setSample] = useState<SampleCart>(DEFAULT_SAMPLE);
  const targeted = Boolean(body && (body.productIds.length || body.categorySlugs.length));
  const setLine = (i: number, change: Partial<SampleLine>) => setSample((s) => ({ ...s, lines: s.lines.map((l, j) => (j === i ? { ...l, ...change } : l)) }));

  const built = body ? exampleRule(body, id) : null;
  const result = built && "rule" in built ? exampleQuote(built.rule, sample, { uses, now: new Date() }) : null;
  const applied = result?.quote.applied[0];
  const refusal = result?.quote.refused[0]?.refusal;

  return (
    <section aria-labelledby={`${uid}-title`} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5" data-testid="promotion-example">
      <h2 id={`${uid}-title`} className="text-lg font-semibold text-stone-900">
        {t("admin.promotions.example.title")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("admin.promotions.example.intro")}</p>
      {!hydrated ? (
        <p className="mt-3 text-sm text-stone-700">{t("admin.promotions.example.needsScript")}</p>
      ) : (
        <>
          <table className="mt-4 w-full text-sm">
            <caption className="sr-only">{t("admin.promotions.example.cart")}</caption>
            <thead>
              <tr className="text-left text-xs text-stone-600">
                <th scope="col" className="pb-1 font-medium">
                  {t("admin.promotions.example.item")}
                </th>
                <th scope="col" className="pb-1 pl-2 font-medium">
                  {t("admin.promotions.example.price")}
                </th>
                <th scope="col" className="pb-1 pl-2 font-medium">
                  {t("admin.promotions.example.quantity")}
                </th>
                <th scope="col" className="pb-1 pl-2 text-right font-medium">
                  {t("admin.promotions.example.off")}
                </th>
              </tr>
            </thead>
            <tbody>
              {sample.lines.map((line, i) => {
                const label = t("admin.promotions.example.itemN", { n: i + 1 });
                const off = applied?.lines.get(`line-${i}`) ?? 0;
                return (
                  <tr key={i} className="align-top">
                    <th scope="row" className="py-1 pr-1 text-left font-normal">
                      <span className="block font-medium whitespace-nowrap text-stone-900">{label}</span>
                      {targeted && (
                        <label className="mt-1 flex items-center gap-1.5 text-xs text-stone-700">
                          <input
                            type="checkbox"
                            checked={line.covered}
                            onChange={(e) => setLine(i, { covered: e.target.checked })}
                            className="size-4 accent-stone-900"
                          />
                          {t("admin.promotions.example.covered")}
                        </label>
                      )}
                    </th>
                    <td className="py-1 pl-2">
                      <input
                        aria-label={t("admin.promotions.example.priceOf", { item: label })}
                        inputMode="decimal"
                        value={line.price}
                        onChange={(e) => setLine(i, { price: e.target.value })}
                        className={`${input} min-w-[4.5rem]`}
                      />
                    </td>
                    <td className="py-1 pl-2">
                      <input
                        aria-label={t("admin.promotions.example.quantityOf", { item: label })}
                        inputMode="numeric"
                        value={line.quantity}
                        onChange={(e) => setLine(i, { quantity: e.target.value })}
                        className={`${input} w-14`}
                      />
                    </td>
                    <td className="py-1 pl-2 pt-3 text-right whitespace-nowrap tabular-nums text-stone-900" data-testid="example-line-off">
                      {off ? `−${minor(off)}` : "—"}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass("ghost", "sm")}
              onClick={() => setSample((s) => ({ ...s, lines: [...s.lines, { price: "10.00", quantity: "1", covered: true }] }))}
              disabled={sample.lines.length >= 6}
            >
              {t("admin.promotions.example.addItem")}
            </button>
            {sample.lines.length > 1 && (
              <button type="button" className={buttonClass("ghost", "sm")} onClick={() => setSample((s) => ({ ...s, lines: s.lines.slice(0, -1) }))}>
                {t("admin.promotions.example.removeItem")}
              </button>
            )}
          </div>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <label className="block text-sm">
              <span className="font-medium text-stone-900">{t("admin.promotions.example.shipping")}</span>
              <input
                inputMode="decimal"
                value={sample.shipping}
                onChange={(e) => setSample((s) => ({ ...s, shipping: e.target.value }))}
                className={`${input} mt-1`}
              />
            </label>
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-stone-900">
              <input
                type="checkbox"
                checked={sample.firstOrder}
                onChange={(e) => setSample((s) => ({ ...s, firstOrder: e.target.checked }))}
                className="size-4 accent-stone-900"
              />
              {t("admin.promotions.example.firstOrder")}
            </label>
          </div>

          <div className="mt-4 rounded-xl bg-stone-50 p-3 text-sm" aria-live="polite" data-testid="example-result">
            {!built || "problem" in built ? (
              <p className="text-stone-700">{built && "problem" in built ? t("admin.promotions.example.fixFirst", { problem: built.problem }) : ""}</p>
            ) : refusal ? (
              <p className="font-medium text-stone-900">
                {t("admin.promotions.example.nothing")} {refusalText(refusal, t, minor, timeZone)}
              </p>
            ) : result && applied ? (
              <>
                <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
                  <dt className="text-stone-700">{t("admin.promotions.example.subtotal")}</dt>
                  <dd className="text-right tabular-nums">{minor(result.subtotal)}</dd>
                  <dt className="text-stone-700">{t("admin.promotions.example.shippingLine")}</dt>
                  <dd className="text-right tabular-nums">{minor(result.shipping)}</dd>
                  <dt className="font-semibold text-stone-900">{t("admin.promotions.example.discount")}</dt>
                  <dd className="text-right font-semibold tabular-nums text-emerald-800" data-testid="example-discount">
                    −{minor(applied.amount)}
                  </dd>
                  <dt className="font-semibold text-stone-900">{t("admin.promotions.example.total")}</dt>
                  <dd className="text-right font-semibold tabular-nums" data-testid="example-total">
                    {minor(result.subtotal + result.shipping - applied.amount)}
                  </dd>
                </dl>
                {applied.amount === 0 && (
                  <p className="mt-2 text-stone-700">
                    {built.rule.kind === "free_shipping"
                      ? t("admin.promotions.example.shippingFree")
                      : built.rule.kind === "buy_x_get_y"
                        ? t("admin.promotions.example.tooFew", { count: (built.rule.buyQuantity ?? 0) + (built.rule.getQuantity ?? 0) })
                        : t("admin.promotions.example.nothingOff")}
                  </p>
                )}
              </>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
