import { useEffect, useRef } from "react";

/** The frame of the sign-in, registration and password pages: a centred card under a heading. */
export function AuthPage({
  eyebrow,
  title,
  intro,
  children,
  footer,
  wide = false,
}: {
  eyebrow?: string;
  title: string;
  intro?: React.ReactNode;
  children: React.ReactNode;
  footer?: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="container-page py-8 sm:py-14">
      <div className={`mx-auto ${wide ? "max-w-2xl" : "max-w-md"}`}>
        <header className="text-center">
          {eyebrow && <p className="text-sm font-semibold uppercase tracking-widest text-amber-700">{eyebrow}</p>}
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
          {intro && <p className="mt-3 text-base leading-relaxed text-stone-600">{intro}</p>}
        </header>
        <div className="mt-8 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
        {footer && <div className="mt-6 text-center text-sm text-stone-700">{footer}</div>}
      </div>
    </div>
  );
}

const ALERT_STYLES = {
  error: "border-rose-200 bg-rose-50 text-rose-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  info: "border-sky-200 bg-sky-50 text-sky-950",
} as const;

/** A message about the whole form: errors are alerts, the rest are polite status messages. */
export function FormAlert({
  kind,
  children,
  testId,
  className = "",
}: {
  kind: keyof typeof ALERT_STYLES;
  children: React.ReactNode;
  testId?: string;
  className?: string;
}) {
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      data-testid={testId}
      className={`rounded-xl border p-4 text-sm font-medium leading-relaxed ${ALERT_STYLES[kind]} ${className}`}
    >
      {children}
    </div>
  );
}

/** The form's main button; while busy it shows a spinner and the busy label and cannot be pressed again. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  name,
  value,
  variant = "primary",
  className = "",
}: {
  busy: boolean;
  busyLabel: string;
  children: React.ReactNode;
  name?: string;
  value?: string;
  variant?: "primary" | "secondary" | "danger";
  className?: string;
}) {
  const styles = {
    primary: "bg-stone-900 text-white hover:bg-stone-700",
    secondary: "border border-stone-300 bg-white text-stone-900 hover:bg-stone-50",
    danger: "border border-rose-300 bg-white text-rose-800 hover:bg-rose-50",
  }[variant];
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      aria-disabled={busy || undefined}
      className={`inline-flex h-12 w-full items-center justify-center gap-2 rounded-full px-6 text-sm font-semibold disabled:cursor-wait disabled:opacity-75 ${styles} ${className}`}
    >
      {busy && <Spinner />}
      {busy ? busyLabel : children}
    </button>
  );
}

export function Spinner({ className = "size-4" }: { className?: string }) {
  return <span aria-hidden="true" className={`${className} inline-block animate-spin rounded-full border-2 border-current border-r-transparent`} />;
}

/** "or" between the password form and the other ways to sign in. */
export function Divider({ children }: { children: React.ReactNode }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-semibold uppercase tracking-wider text-stone-600">
      <span className="h-px flex-1 bg-stone-200" />
      {children}
      <span className="h-px flex-1 bg-stone-200" />
    </div>
  );
}

/**
 * After a submission comes back with field errors, moves focus to the first invalid field of the
 * form (centred on screen, as the contact form does), so keyboard and screen-reader users land on it.
 */
export function useFocusFirstInvalid(errors: Record<string, string | undefined> | undefined, order: readonly string[]) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!errors) return;
    const first = order.find((name) => errors[name]);
    const field = first && formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`);
    if (field) {
      field.focus({ preventScroll: true });
      field.scrollIntoView({ block: "center" });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors]);
  return formRef;
}
