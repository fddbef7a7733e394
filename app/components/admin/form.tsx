import { createContext, useContext, useEffect, useRef, useState } from "react";
import { Form, type FetcherWithComponents, useActionData, useNavigation } from "react-router";
import { Spinner } from "~/components/auth/ui";
import { Checkbox, SelectField, TextField } from "~/components/form/fields";
import { useT } from "~/lib/i18n";
import { useUnsavedChanges } from "./unsaved-changes";
import { buttonClass } from "./ui";

/**
 * A refused submission as an admin action answers it (form-result.server.ts formFailure): the
 * JSON API's error shape, where `fields` maps a field's path ("name", "variants.0.stock") to its
 * message, plus what was typed (`values`, by field name) so a page without JavaScript can show it again.
 */
export interface FormFailure {
  error: { code?: string; message: string; fields?: Record<string, string> };
  values?: Record<string, string>;
}

interface FormState {
  failure: FormFailure | null;
  idPrefix: string;
  busy: boolean;
  /** The submission in flight (to tell which submit button is busy). */
  submitting: FormData | undefined;
}

const FormContext = createContext<FormState>({ failure: null, idPrefix: "f", busy: false, submitting: undefined });

/** A failure in `value` (an action's or fetcher's data), or null for anything else (a success answer). */
function asFailure(value: unknown): FormFailure | null {
  if (!value || typeof value !== "object" || !("error" in value)) return null;
  const error = (value as { error: unknown }).error;
  return error && typeof error === "object" && typeof (error as { message?: unknown }).message === "string" ? (value as FormFailure) : null;
}

/** The id of the field `name` in a form with `idPrefix` ("variants.0.stock" → "f-variants-0-stock"). */
export function fieldId(idPrefix: string, name: string): string {
  return `${idPrefix}-${name.replace(/[^\w-]/g, "-")}`;
}

/**
 * An admin form: a React Router `<Form>` (or `fetcher.Form` with `fetcher`) that hands the
 * action's answer to the fields inside: each Form* field shows the server's message for its name
 * beside it (aria-invalid, aria-describedby) and starts from what was typed when the server refused;
 * `<FormErrorSummary />` lists the errors at the top; `<FormSubmit>` shows the busy state.
 * `warnUnsaved` asks before leaving with changes not saved (useUnsavedChanges). `idPrefix`
 * keeps ids apart when a page has two forms. Works without JavaScript (a plain POST; the page
 * comes back with the errors and values).
 */
export function AdminForm({
  fetcher,
  idPrefix = "f",
  warnUnsaved = false,
  children,
  onSubmit,
  onChange,
  ...form
}: Omit<React.ComponentProps<typeof Form>, "children"> & {
  fetcher?: FetcherWithComponents<unknown>;
  idPrefix?: string;
  warnUnsaved?: boolean;
  children: React.ReactNode;
}) {
  const actionData = useActionData();
  const navigation = useNavigation();
  const failure = asFailure(fetcher ? fetcher.data : actionData);
  const submitting = fetcher ? fetcher.formData : navigation.formMethod && navigation.formMethod !== "GET" ? navigation.formData : undefined;
  const busy = fetcher ? fetcher.state !== "idle" : navigation.state === "submitting" || (navigation.state === "loading" && Boolean(navigation.formData));
  const [dirty, setDirty] = useState(false);
  // A refused submission leaves the edits on screen, still unsaved.
  useEffect(() => {
    if (failure) setDirty(true);
  }, [failure]);

  const Component = fetcher ? fetcher.Form : Form;
  return (
    <FormContext.Provider value={{ failure, idPrefix, busy, submitting }}>
      <Component
        {...form}
        noValidate={form.noValidate ?? true}
        onChange={(e) => {
          setDirty(true);
          onChange?.(e);
        }}
        onSubmit={(e) => {
          onSubmit?.(e);
          if (!e.defaultPrevented) setDirty(false);
        }}
      >
        {children}
      </Component>
      {warnUnsaved && <UnsavedChangesGuard dirty={dirty} />}
    </FormContext.Provider>
  );
}

// A component of its own so that only forms that ask for it hold the router's one blocker.
function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  return useUnsavedChanges(dirty);
}

/** The failure, id and typed value of the field `name` inside an AdminForm. */
export function useField(name: string, defaultValue?: string): { id: string; error?: string; defaultValue?: string; failed: boolean } {
  const { failure, idPrefix } = useContext(FormContext);
  const typed = failure?.values?.[name];
  return { id: fieldId(idPrefix, name), error: failure?.error.fields?.[name], defaultValue: typed ?? defaultValue, failed: Boolean(failure?.values) };
}

interface BaseProps {
  /** The field's path, as the server's `fields` names it: "name", "price", "variants.0.stock". */
  name: string;
  label: string;
  hint?: React.ReactNode;
  required?: boolean;
  className?: string;
}

/** A one-line text input (also e-mail, url…) with label, hint and the server's error. */
export function FormText({
  name,
  defaultValue,
  type = "text",
  ...props
}: BaseProps & {
  defaultValue?: string;
  type?: string;
  maxLength?: number;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
}) {
  const field = useField(name, defaultValue);
  return <TextField {...props} name={name} type={type} id={field.id} error={field.error} defaultValue={field.defaultValue} />;
}

/** A multi-line text input. */
export function FormTextarea({
  name,
  defaultValue,
  rows = 6,
  ...props
}: BaseProps & { defaultValue?: string; rows?: number; maxLength?: number; placeholder?: string }) {
  const field = useField(name, defaultValue);
  return <TextField {...props} multiline rows={rows} name={name} id={field.id} error={field.error} defaultValue={field.defaultValue} />;
}

/** A whole or decimal number (stock, order, discount %): a number input with bounds. */
export function FormNumber({
  name,
  defaultValue,
  ...props
}: BaseProps & { defaultValue?: number | string | null; min?: number; max?: number; step?: number | "any" }) {
  const field = useField(name, defaultValue == null ? undefined : String(defaultValue));
  return (
    <TextField
      {...props}
      type="number"
      inputMode={props.step === 1 || props.step === undefined ? "numeric" : "decimal"}
      name={name}
      id={field.id}
      error={field.error}
      defaultValue={field.defaultValue}
    />
  );
}

/**
 * An amount of money in the major unit (12.50), as the API takes it; `currency` names it in the
 * label ("Price (USD)"). A text input with a decimal keypad, so "12,5" reaches the server's message
 * instead of being dropped by the browser.
 */
export function FormMoney({
  name,
  defaultValue,
  currency,
  label,
  ...props
}: BaseProps & { defaultValue?: number | string | null; currency?: string; placeholder?: string }) {
  const field = useField(name, defaultValue == null ? undefined : String(defaultValue));
  return (
    <TextField
      {...props}
      label={currency ? `${label} (${currency})` : label}
      inputMode="decimal"
      autoComplete="off"
      name={name}
      id={field.id}
      error={field.error}
      defaultValue={field.defaultValue}
    />
  );
}

/** A select; `options` in display order (give a first `{ value: "", label: "Choose…" }` for an optional one). */
export function FormSelect({
  name,
  defaultValue,
  options,
  ...props
}: BaseProps & { defaultValue?: string; options: ReadonlyArray<{ value: string; label: string }> }) {
  const field = useField(name, defaultValue);
  return <SelectField {...props} name={name} options={options} id={field.id} error={field.error} defaultValue={field.defaultValue} />;
}

/** A checkbox; sends `value` ("on") when ticked and nothing when not, as HTML does. */
export function FormCheckbox({
  name,
  defaultChecked,
  value = "on",
  label,
  hint,
  className,
}: Omit<BaseProps, "required"> & { defaultChecked?: boolean; value?: string }) {
  const field = useField(name);
  const checked = field.failed ? field.defaultValue === value : defaultChecked;
  return <Checkbox name={name} id={field.id} label={label} value={value} defaultChecked={checked} hint={hint} error={field.error} className={className} />;
}

/**
 * The form's error summary, placed first in an AdminForm: after a refused submission it shows the
 * server's message and a link to each bad field, and takes the focus so keyboard and screen-reader
 * users start there. Nothing when the last submission was not refused.
 */
export function FormErrorSummary({ title }: { title?: string }) {
  const { failure, idPrefix } = useContext(FormContext);
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failure) ref.current?.focus();
  }, [failure]);
  if (!failure) return null;
  const fields = Object.entries(failure.error.fields ?? {});
  return (
    <div
      ref={ref}
      tabIndex={-1}
      aria-labelledby={`${idPrefix}-summary-title`}
      className="mb-6 rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-900 focus:outline-2 focus:outline-offset-2 focus:outline-rose-700"
      data-testid="form-error-summary"
    >
      <h2 id={`${idPrefix}-summary-title`} className="font-semibold">
        {title ?? t("admin.form.notSaved")}
      </h2>
      <p className="mt-1 text-sm">{failure.error.message}</p>
      {fields.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
          {fields.map(([name, message]) => (
            <li key={name}>
              <a
                href={`#${fieldId(idPrefix, name)}`}
                onClick={(e) => {
                  const target = document.getElementById(fieldId(idPrefix, name));
                  if (!target) return;
                  e.preventDefault();
                  target.focus();
                  target.scrollIntoView({ block: "center" });
                }}
                className="font-medium underline underline-offset-2 hover:text-rose-950"
              >
                {message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The form's submit button: while its submission is in flight it shows a spinner and `busyLabel`
 * ("Saving…") and cannot be pressed again. With `name`/`value` (several submit buttons) only the
 * one pressed shows busy.
 */
export function FormSubmit({
  children,
  busyLabel,
  name,
  value,
  variant = "primary",
  className = "",
}: {
  children: React.ReactNode;
  busyLabel: string;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary" | "danger";
  className?: string;
}) {
  const { busy, submitting } = useContext(FormContext);
  const mine = busy && (!name || submitting?.get(name) === (value ?? ""));
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      aria-disabled={busy || undefined}
      className={`${buttonClass(variant)} ${busy ? "cursor-wait" : ""} ${className}`}
    >
      {mine && <Spinner />}
      {mine ? busyLabel : children}
    </button>
  );
}
