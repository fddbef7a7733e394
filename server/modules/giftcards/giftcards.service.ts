import { createHash, randomBytes } from "node:crypto";
import type { SiteSettings } from "#common/content/content.schema";
import { AppError } from "#common/errors";
import {
  CODE_ALPHABET,
  CODE_LENGTH,
  type GiftCardStatus,
  type LedgerKind,
  dayInWords,
  endOfDay,
  giftCardIssueSchema,
  giftCardPatchSchema,
  groupGiftCardCode,
  lastSpendableDay,
  normaliseGiftCardCode,
} from "#common/giftcards/giftcards.schema";
import type { MessageKey } from "#common/i18n/catalogs";
import { DEFAULT_LANGUAGE, type Language, localeOf, pathInLanguage, servedLanguages } from "#common/i18n/languages";
import { formatMoney, toMajor, toMinor } from "#common/money";
import { parseInput } from "#common/validate";
import { type AuditActor, appendAudit } from "#modules/audit";
import { type Mailer, giftCardMail } from "#modules/mail";
import type { Db } from "../../db/database";
import { nowIso, toIso } from "../../db/database";
import { newId } from "../../lib/ids";
import {
  type Executor,
  type GiftCardRow,
  type LedgerRow,
  addToBalance,
  findCardByHash,
  getCardRow,
  insertCard,
  insertLedgerRow,
  listCardRows,
  listCardRowsById,
  listLedgerRows,
  orderMoves,
  setCardActive,
  takeFromBalance,
} from "./giftcards.repo";

/** A card as the admin API answers it: money in its currency's major unit; never its code. */
export interface AdminGiftCard {
  id: string;
  /** The code's last four characters, to tell cards apart. */
  last4: string;
  currency: string;
  initialAmount: number;
  balance: number;
  status: GiftCardStatus;
  active: boolean;
  /** The instant it stops being spendable, or null. */
  expiresAt: string | null;
  recipientEmail: string | null;
  note: string | null;
  /** The order that bought it, if one did. */
  sourceOrderId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** One move of a card's balance, as the admin reads it: `amount` signed, major unit. */
export interface GiftCardLedgerEntry {
  id: string;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  orderId: string | null;
  /** The staff member's e-mail; null for the shop's own move (an order's). */
  actor: string | null;
  createdAt: string;
}

/** Why a code cannot pay, in the shopper's words (`message`, with `currency` for `other_currency`). */
export type GiftCardRefusal =
  | { reason: "unknown"; message: MessageKey }
  | { reason: "disabled"; message: MessageKey }
  | { reason: "expired"; message: MessageKey }
  | { reason: "used_up"; message: MessageKey }
  | { reason: "other_currency"; message: MessageKey; currency: string };

/** A card a cart keeps, as it is now: balance in minor units of its currency; `refusal` when it cannot pay for the cart now. */
export interface GiftCardOnCart {
  id: string;
  last4: string;
  currency: string;
  balance: number;
  refusal: GiftCardRefusal | null;
}

/** Why a card cannot pay for an order in `currency` at `at` (switched off, spent, expired, another currency), or null when it can. */
function refusalOf(row: GiftCardRow, currency: string, at: Date): GiftCardRefusal | null {
  const status = giftCardStatus({ active: row.active === 1, balance: row.balance, expiresAt: toIso(row.expires_at) }, at);
  if (status === "disabled") return { reason: "disabled", message: "cart.giftCard.disabled" };
  if (status === "used up") return { reason: "used_up", message: "cart.giftCard.usedUp" };
  if (status === "expired") return { reason: "expired", message: "cart.giftCard.expired" };
  if (row.currency !== currency.trim().toUpperCase()) return { reason: "other_currency", message: "cart.giftCard.otherCurrency", currency: row.currency };
  return null;
}

/** What a shopper reads when `redeem` found a card's balance gone (another order spent it meanwhile): `{ last4 }`. */
export const BALANCE_MOVED: MessageKey = "cart.giftCard.balanceMoved";

/** A code looked up for a payment: the card it is (balance in minor units), or why it cannot pay. */
export type GiftCardLookup = { ok: true; card: { id: string; last4: string; currency: string; balance: number } } | { ok: false; refusal: GiftCardRefusal };

/** What `issue` takes: money in minor units of `currency`, `expiresAt` an instant; the shop's own issue (an order's) has no actor. */
export interface IssueInput {
  amount: number;
  currency: string;
  expiresAt: string | null;
  recipientEmail: string | null;
  /** The recipient's name (the greeting) and the giver's, when a shopper bought the card for someone. */
  recipientName?: string | null;
  fromName?: string | null;
  note: string | null;
  /** The language of the recipient's mail (the order's); the default language otherwise. */
  language?: Language | null;
  /** The order that bought the card, if one did. */
  sourceOrderId: string | null;
  /** The staff member who issued it (audited), or null for the shop's own issue. */
  actor: AuditActor | null;
  /** The site settings, when the caller read them already (a caller inside a transaction on SQLite must: its one connection is taken). */
  settings?: SiteSettings;
}

export interface GiftCardsDeps {
  db: Db;
  settings: () => Promise<SiteSettings>;
  mailer: Pick<Mailer, "enqueue">;
  /** The shop's address, without a trailing slash: the mail's link. */
  publicUrl: string;
  now?: () => Date;
}

/** The SHA-256 of a code once normalised: what the shop keeps instead of the code. */
export function hashGiftCardCode(code: string): string {
  return createHash("sha256").update(normaliseGiftCardCode(code)).digest("hex");
}

/** A new random code: CODE_LENGTH characters of CODE_ALPHABET (32 characters: each byte's low five bits pick one without bias). */
export function newGiftCardCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let code = "";
  for (const b of bytes) code += CODE_ALPHABET[b & 31];
  return code;
}

/** Where a card is in its life: switched off, spent, past its expiry, or spendable. */
export function giftCardStatus(card: { active: boolean; balance: number; expiresAt: string | null }, now: Date): GiftCardStatus {
  if (!card.active) return "disabled";
  if (card.balance <= 0) return "used up";
  if (card.expiresAt && Date.parse(card.expiresAt) <= now.getTime()) return "expired";
  return "active";
}

/** An expiry as typed: a day is spendable through its end in the shop's time zone (the next day's midnight there); an instant as it is. */
function expiryInstant(value: string | null, timeZone: string): string | null {
  if (!value) return null;
  if (/^\d{4}-\d\d-\d\d$/.test(value)) return endOfDay(value, timeZone);
  return new Date(value).toISOString();
}

function toAdmin(row: GiftCardRow, now: Date): AdminGiftCard {
  const expiresAt = toIso(row.expires_at);
  const active = row.active === 1;
  return {
    id: row.id,
    last4: row.last4,
    currency: row.currency,
    initialAmount: toMajor(row.initial_amount),
    balance: toMajor(row.balance),
    status: giftCardStatus({ active, balance: row.balance, expiresAt }, now),
    active,
    expiresAt,
    recipientEmail: row.recipient_email,
    note: row.note,
    sourceOrderId: row.source_order_id,
    createdAt: toIso(row.created_at)!,
    updatedAt: toIso(row.updated_at)!,
  };
}

const toEntry = (row: LedgerRow): GiftCardLedgerEntry => ({
  id: row.id,
  kind: row.kind as LedgerKind,
  amount: toMajor(row.amount),
  balanceAfter: toMajor(row.balance_after),
  orderId: row.order_id,
  actor: row.actor,
  createdAt: toIso(row.created_at)!,
});

const isPositiveWhole = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n > 0;

/**
 * Gift cards: the admin's list, issue (the code shown once), and switch off and on, each write
 * audited; and what an order's transaction calls to pay with them: `lookup` a typed code,
 * `redeem` part of a balance, `giveBack` what an order spent (cancel, refund), `issue` a card an
 * order bought. A card keeps only its code's hash; every balance move is a ledger row.
 */
export function createGiftCards(deps: GiftCardsDeps) {
  const { db } = deps;
  const k = db.kysely;
  const now = deps.now ?? (() => new Date());

  async function requireRow(id: string, executor: Executor = k): Promise<GiftCardRow> {
    const row = typeof id === "string" && id.length <= 100 ? await getCardRow(executor, id) : undefined;
    if (!row) throw new AppError("not_found", "There is no such gift card.");
    return row;
  }

  /** The currencies the shop takes: its own and the ones it offers. */
  const currenciesOf = (settings: SiteSettings) => [settings.currency, ...settings.currencies.map((c) => c.code)];

  /** The recipient's mail, in their language: the whole code, the amount in the card's currency, the last day and the note. */
  function recipientMail(settings: SiteSettings, input: IssueInput & { recipientEmail: string }, code: string) {
    const language = input.language ?? DEFAULT_LANGUAGE;
    const locale = language === DEFAULT_LANGUAGE ? settings.locale || "en-US" : localeOf(language, settings.locale);
    return giftCardMail({
      to: input.recipientEmail,
      name: input.recipientName ?? null,
      siteName: settings.siteName,
      url: `${deps.publicUrl}${pathInLanguage("/", language)}`,
      language,
      code: groupGiftCardCode(code),
      amount: formatMoney(toMajor(input.amount), input.currency, locale),
      validUntil: input.expiresAt ? dayInWords(lastSpendableDay(input.expiresAt, settings.timeZone), locale) : null,
      from: input.fromName ?? null,
      note: input.note,
    });
  }

  /**
   * Issues a card on `executor` (the caller's transaction, an order's; or one of its own when
   * null): stores the code's hash, writes the ledger's issue row, audits a staff member's issue,
   * and stores the recipient's mail with the write. The code is in the answer, and nowhere else
   * after the mail has gone.
   */
  async function issue(executor: Executor | null, input: IssueInput): Promise<{ card: AdminGiftCard; code: string }> {
    if (!isPositiveWhole(input.amount)) throw new AppError("invalid_input", "A gift card's amount is a whole number of minor units above 0.");
    const settings = input.settings ?? (await deps.settings());
    if (!currenciesOf(settings).includes(input.currency)) throw new AppError("invalid_input", `The shop does not take ${input.currency}.`);
    const code = newGiftCardCode();
    const id = newId();
    const at = nowIso();
    const run = async (trx: Executor) => {
      await insertCard(trx, {
        id,
        code_hash: hashGiftCardCode(code),
        last4: code.slice(-4),
        currency: input.currency,
        initial_amount: input.amount,
        balance: input.amount,
        expires_at: input.expiresAt,
        active: 1,
        recipient_email: input.recipientEmail,
        note: input.note,
        source_order_id: input.sourceOrderId,
        created_at: at,
        updated_at: at,
      });
      await insertLedgerRow(trx, {
        id: newId(),
        card_id: id,
        kind: "issue",
        amount: input.amount,
        order_id: input.sourceOrderId,
        balance_after: input.amount,
        actor: input.actor?.email ?? null,
        created_at: at,
      });
      if (input.actor) {
        // The code is never audited: its hash and last four characters identify the card.
        const after = {
          amount: toMajor(input.amount),
          currency: input.currency,
          expiresAt: input.expiresAt,
          recipientEmail: input.recipientEmail,
          note: input.note,
          last4: code.slice(-4),
        };
        const changes = Object.fromEntries(Object.entries(after).map(([key, value]) => [key, { before: null, after: value }]));
        await appendAudit(trx, input.actor, { action: "gift_card.issue", entityType: "gift_card", entityId: id, changes });
      }
      // Every such mail follows a paid order or a staff member's issue, so it is not counted against
      // the recipient's limit of mails to unverified addresses: nobody can send it at will.
      if (input.recipientEmail)
        await deps.mailer.enqueue(recipientMail(settings, { ...input, recipientEmail: input.recipientEmail }, code), {
          fromName: settings.siteName,
          executor: trx,
        });
    };
    if (executor) await run(executor);
    else await k.transaction().execute(run);
    return { card: toAdmin(await requireRow(id, executor ?? k), now()), code: groupGiftCardCode(code) };
  }

  return {
    /** Every card, newest first, with its status now. */
    async list(): Promise<AdminGiftCard[]> {
      const at = now();
      return (await listCardRows(k)).map((row) => toAdmin(row, at));
    },

    /** One card with its ledger, oldest move first. */
    async get(id: string): Promise<AdminGiftCard & { ledger: GiftCardLedgerEntry[] }> {
      const row = await requireRow(id);
      return { ...toAdmin(row, now()), ledger: (await listLedgerRows(k, id)).map(toEntry) };
    },

    /**
     * A staff member issues a card from the admin's input (amount in the major unit, the base
     * currency unless another the shop offers is named, an optional expiry day, recipient and
     * note): the card and its whole code, which is never shown again.
     */
    async create(actor: AuditActor, input: unknown): Promise<AdminGiftCard & { code: string }> {
      const values = parseInput(giftCardIssueSchema, input, "Please check the gift card.");
      const settings = await deps.settings();
      const currency = values.currency ?? settings.currency;
      const problems: Record<string, string> = {};
      if (!currenciesOf(settings).includes(currency))
        problems.currency = `The shop does not take ${currency}: choose one of ${currenciesOf(settings).join(", ")}`;
      const expiresAt = expiryInstant(values.expiresAt, settings.timeZone);
      if (expiresAt && Date.parse(expiresAt) <= now().getTime()) problems.expiresAt = "The expiry must be in the future";
      if (values.language && !servedLanguages(settings).includes(values.language))
        problems.language = `The shop does not offer ${values.language}: choose one of ${servedLanguages(settings).join(", ")}`;
      if (Object.keys(problems).length) throw new AppError("invalid_input", "Please check the gift card.", problems);
      const { card, code } = await issue(null, {
        amount: toMinor(values.amount),
        currency,
        expiresAt,
        recipientEmail: values.recipientEmail,
        note: values.note,
        language: values.language ?? null,
        sourceOrderId: null,
        actor,
        settings,
      });
      return { ...card, code };
    },

    /** Switches a card off (it can no longer pay) or on again, as a ledger row and an audit entry; the same state again changes nothing. */
    async update(actor: AuditActor, id: string, input: unknown): Promise<AdminGiftCard & { ledger: GiftCardLedgerEntry[] }> {
      const { active } = parseInput(giftCardPatchSchema, input, "Please check the gift card.");
      const before = await requireRow(id);
      if ((before.active === 1) !== active) {
        await k.transaction().execute(async (trx) => {
          const at = nowIso();
          const balance = await setCardActive(trx, id, active, at);
          if (balance === undefined) throw new AppError("not_found", "There is no such gift card.");
          await insertLedgerRow(trx, {
            id: newId(),
            card_id: id,
            kind: active ? "enable" : "disable",
            amount: 0,
            order_id: null,
            balance_after: balance,
            actor: actor.email,
            created_at: at,
          });
          await appendAudit(trx, actor, {
            action: active ? "gift_card.enable" : "gift_card.disable",
            entityType: "gift_card",
            entityId: id,
            changes: { active: { before: !active, after: active } },
          });
        });
      }
      return this.get(id);
    },

    issue,

    /**
     * The card a shopper's typed code names, if it can pay for an order in `currency` at `at`: its
     * id, last four characters and balance (minor units); else why not, in the shopper's words.
     */
    async lookup(code: string, currency: string, at: Date = now(), executor: Executor = k): Promise<GiftCardLookup> {
      const normalised = typeof code === "string" ? normaliseGiftCardCode(code) : "";
      const row = normalised.length >= CODE_LENGTH && normalised.length <= 64 ? await findCardByHash(executor, hashGiftCardCode(normalised)) : undefined;
      if (!row) return { ok: false, refusal: { reason: "unknown", message: "cart.giftCard.unknown" } };
      const refusal = refusalOf(row, currency, at);
      return refusal ? { ok: false, refusal } : { ok: true, card: { id: row.id, last4: row.last4, currency: row.currency, balance: row.balance } };
    },

    /**
     * The cards a cart keeps (by id, in that order) as they are now for an order in `currency` at
     * `at`: each with its last four characters, its balance (minor units) and why it cannot pay, if
     * it cannot (the same reasons as `lookup`'s). A card that no longer exists is left out.
     */
    async cards(ids: readonly string[], currency: string, at: Date = now(), executor: Executor = k): Promise<Array<GiftCardOnCart>> {
      if (ids.length === 0) return [];
      const rows = await listCardRowsById(executor, ids);
      return ids.flatMap((id) => {
        const row = rows.find((r) => r.id === id);
        return row ? [{ id: row.id, last4: row.last4, currency: row.currency, balance: row.balance, refusal: refusalOf(row, currency, at) }] : [];
      });
    },

    /**
     * Takes `amount` (minor units) off a card for an order, in the order's transaction, with a
     * ledger row: true, or false when the card no longer has that balance (another order spent it
     * meanwhile), was switched off or expired. On false the caller refuses the order (409,
     * `BALANCE_MOVED`) and rolls its transaction back.
     */
    async redeem(trx: Executor, input: { cardId: string; amount: number; orderId: string; at?: Date }): Promise<boolean> {
      if (!isPositiveWhole(input.amount)) throw new AppError("invalid_input", "A gift card pays a whole number of minor units above 0.");
      const at = (input.at ?? now()).toISOString();
      const balance = await takeFromBalance(trx, input.cardId, input.amount, at);
      if (balance === undefined) return false;
      await insertLedgerRow(trx, {
        id: newId(),
        card_id: input.cardId,
        kind: "redeem",
        amount: -input.amount,
        order_id: input.orderId,
        balance_after: balance,
        actor: null,
        created_at: at,
      });
      return true;
    },

    /**
     * Returns what an order spent on gift cards to them (a cancel: all of it; a refund: `amount`
     * minor units at most; `cardId`: that card only), in the caller's transaction, with a ledger
     * row per card. A part goes first to the card that stays spendable longest (no expiry, then the
     * latest), where it is least likely to lapse unspent. A card switched off or expired gets its
     * balance back all the same. What went back to which card; nothing once all is back.
     */
    async giveBack(
      trx: Executor,
      input: { orderId: string; amount?: number; cardId?: string; actor?: AuditActor | null },
    ): Promise<Array<{ cardId: string; amount: number }>> {
      if (input.amount !== undefined && !(Number.isSafeInteger(input.amount) && input.amount >= 0))
        throw new AppError("invalid_input", "The amount to give back is a whole number of minor units.");
      const moves = (await orderMoves(trx, input.orderId, db.dialect === "postgres")).filter((m) => !input.cardId || m.cardId === input.cardId);
      let left = input.amount ?? Number.POSITIVE_INFINITY;
      const given: Array<{ cardId: string; amount: number }> = [];
      const at = nowIso();
      const lapse = (m: { expiresAt: Date | string | null }) => (m.expiresAt === null ? Number.POSITIVE_INFINITY : Date.parse(toIso(m.expiresAt)!));
      moves.sort((a, b) => lapse(b) - lapse(a) || (a.cardId < b.cardId ? -1 : 1));
      for (const move of moves) {
        const amount = Math.min(move.spent - move.returned, left);
        if (amount <= 0) continue;
        const balance = await addToBalance(trx, move.cardId, amount, at);
        await insertLedgerRow(trx, {
          id: newId(),
          card_id: move.cardId,
          kind: "refund",
          amount,
          order_id: input.orderId,
          balance_after: balance,
          actor: input.actor?.email ?? null,
          created_at: at,
        });
        given.push({ cardId: move.cardId, amount });
        left -= amount;
      }
      return given;
    },

    /** What an order spent on each card and what it got back, in minor units (an order's page, its refund). */
    async listForOrder(
      orderId: string,
      executor: Executor = k,
    ): Promise<Array<{ cardId: string; last4: string; currency: string; spent: number; returned: number }>> {
      const moves = await orderMoves(executor, orderId, false);
      const cards = await Promise.all(moves.map((m) => requireRow(m.cardId, executor)));
      return moves.map((m, i) => ({ cardId: m.cardId, last4: cards[i]!.last4, currency: cards[i]!.currency, spent: m.spent, returned: m.returned }));
    },
  };
}

export type GiftCardsService = ReturnType<typeof createGiftCards>;
