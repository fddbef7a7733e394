import { useId, useState } from "react";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { type StrengthRule, passwordStrength } from "#common/auth/password-rules";
import type { MessageKey } from "#common/i18n/catalogs";
import type { Translate } from "#common/i18n/translate";
import { useT } from "~/lib/i18n";

const controlClass = (error?: string) =>
  `block h-12 w-full rounded-xl border bg-white px-4 text-base text-stone-900 placeholder:text-stone-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 ${
    error ? "border-rose-600 focus-visible:outline-rose-700" : "border-stone-300 focus:border-stone-900 focus-visible:outline-stone-900"
  }`;

export interface FieldProps {
  name: string;
  /** A fixed id (the admin's error summary links to its fields by id); a generated one otherwise. */
  id?: string;
  label: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  defaultValue?: string;
  error?: string;
  hint?: React.ReactNode;
  /** Text after the label, on the same line (a link such as "Forgot password?"). */
  labelAside?: React.ReactNode;
  className?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** A multi-line text area (messages) instead of a one-line input. */
  multiline?: boolean;
  /** Lines of a multi-line field (default 6). */
  rows?: number;
  /** The id of a <datalist> of suggestions (a searchable list that still takes any text). */
  list?: string;
  /** Number inputs' bounds and step. */
  min?: number | string;
  max?: number | string;
  step?: number | string;
  onChange?: React.ChangeEventHandler<HTMLInputElement & HTMLTextAreaElement>;
}

/** A labelled text input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function TextField({
  name,
  id: fixedId,
  label,
  type = "text",
  required,
  error,
  hint,
  labelAside,
  className = "",
  multiline = false,
  rows = 6,
  ...input
}: FieldProps) {
  const generated = `field-${useId()}-${name}`;
  const id = fixedId ?? generated;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const common = { id, name, required, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy };
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} aside={labelAside} />
      {multiline ? (
        <textarea
          {...common}
          {...(input as React.TextareaHTMLAttributes<HTMLTextAreaElement>)}
          rows={rows}
          className={`${controlClass(error).replace("h-12", "")} mt-1.5 py-3`}
        />
      ) : (
        <input {...common} type={type} className={`${controlClass(error)} mt-1.5`} {...input} />
      )}
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select with its hint and error tied to it, like TextField. */
export function SelectField({
  name,
  id: fixedId,
  label,
  options,
  required,
  error,
  hint,
  className = "",
  ...select
}: {
  name: string;
  id?: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
  error?: string;
  hint?: React.ReactNode;
  className?: string;
  autoComplete?: string;
  defaultValue?: string;
  onChange?: React.ChangeEventHandler<HTMLSelectElement>;
}) {
  const generated = `field-${useId()}-${name}`;
  const id = fixedId ?? generated;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      <select
        id={id}
        name={name}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClass(error)} mt-1.5 pr-10`}
        {...select}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </div>
  );
}

/** The e-mail address field every account form asks for. */
export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const t = useT();
  return (
    <TextField
      name="email"
      label={t("account.field.email")}
      type="email"
      required
      autoComplete="email"
      inputMode="email"
      defaultValue={defaultValue}
      error={error}
    />
  );
}

/**
 * A password input with a Show/Hide button (once JavaScript runs) and, for new passwords, a live
 * strength hint. The server never sends a password back, so without JavaScript it starts empty.
 */
export function PasswordField({
  name,
  label,
  autoComplete = "current-password",
  required = true,
  error,
  hint,
  labelAside,
  showStrength = false,
  className = "",
}: {
  name: string;
  label: string;
  autoComplete?: "current-password" | "new-password";
  required?: boolean;
  error?: string;
  hint?: React.ReactNode;
  labelAside?: React.ReactNode;
  showStrength?: boolean;
  className?: string;
}) {
  const id = `field-${useId()}-${name}`;
  const t = useT();
  const hydrated = useHydrated();
  const [visible, setVisible] = useState(false);
  const [value, setValue] = useState("");
  const strength = showStrength ? passwordStrength(value) : null;
  const describedBy = [hint && `${id}-hint`, strength && `${id}-strength`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} aside={labelAside} />
      <div className="relative mt-1.5">
        <input
          id={id}
          name={name}
          type={visible ? "text" : "password"}
          required={required}
          autoComplete={autoComplete}
          spellCheck={false}
          autoCapitalize="off"
          maxLength={256}
          onInput={showStrength ? (e) => setValue(e.currentTarget.value) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${controlClass(error)} ${hydrated ? "pr-20" : ""}`}
        />
        {hydrated && (
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-controls={id}
            aria-label={visible ? t("account.password.hideLabel") : t("account.password.showLabel")}
            className="absolute inset-y-1 right-1 rounded-lg px-3 text-sm font-semibold text-stone-700 hover:bg-stone-100 hover:text-stone-900"
          >
            {visible ? t("account.password.hide") : t("account.password.show")}
          </button>
        )}
      </div>
      {strength && <StrengthMeter id={`${id}-strength`} score={strength.score} rule={strength.rule} />}
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </div>
  );
}

const METER_COLOURS = ["bg-stone-200", "bg-rose-600", "bg-amber-500", "bg-lime-600", "bg-emerald-600"];

/** Each strength verdict's words (common/auth/password-rules.ts says which applies). */
const STRENGTH_LABELS: Record<StrengthRule, MessageKey> = {
  tooShort: "account.password.strength.tooShort",
  weak: "account.password.strength.weak",
  fair: "account.password.strength.fair",
  good: "account.password.strength.good",
  strong: "account.password.strength.strong",
};

/** What the strength meter says of a verdict, in the language of `t` (nothing for an empty field). */
export function strengthText(t: Translate, rule: StrengthRule | undefined): string {
  return rule ? t("account.password.strengthIs", { label: t(STRENGTH_LABELS[rule]) }) : "";
}

function StrengthMeter({ id, score, rule }: { id: string; score: number; rule?: StrengthRule }) {
  const t = useT();
  return (
    <div className="mt-2">
      <div className={`grid grid-cols-4 gap-1 ${score === 0 ? "hidden" : ""}`} aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={`h-1.5 rounded-full ${score >= step ? METER_COLOURS[score] : "bg-stone-200"}`} />
        ))}
      </div>
      <p id={id} className="mt-1 text-xs text-stone-700" aria-live="polite" data-testid="password-strength">
        {strengthText(t, rule)}
      </p>
    </div>
  );
}

function FieldLabel({ id, label, required, aside }: { id: string; label: string; required?: boolean; aside?: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <label htmlFor={id} className="block text-sm font-medium text-stone-900">
        {label}
        {required && (
          <span aria-hidden="true" className="text-rose-700">
            {" "}
            *
          </span>
        )}
      </label>
      {aside}
    </div>
  );
}

/** A field's hint and error, with the ids its input's aria-describedby names (`<id>-hint`, `<id>-error`). */
export function FieldNotes({ id, name, hint, error }: { id: string; name: string; hint?: React.ReactNode; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-rose-700" data-testid={`${name}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled checkbox ("Remember me"), with an optional hint and error tied to it like TextField. */
export function Checkbox({
  name,
  id: fixedId,
  label,
  defaultChecked,
  value = "on",
  hint,
  error,
  className = "",
}: {
  name: string;
  id?: string;
  label: string;
  defaultChecked?: boolean;
  value?: string;
  hint?: React.ReactNode;
  error?: string;
  className?: string;
}) {
  const generated = `field-${useId()}-${name}`;
  const id = fixedId ?? generated;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const input = (
    <div className="flex items-center gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        value={value}
        defaultChecked={defaultChecked}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="size-5 rounded border-stone-400 accent-stone-900"
      />
      <label htmlFor={id} className="text-sm text-stone-800">
        {label}
      </label>
    </div>
  );
  if (!hint && !error && !className) return input;
  return (
    <div className={className}>
      {input}
      <FieldNotes id={id} name={name} hint={hint} error={error} />
    </div>
  );
}
