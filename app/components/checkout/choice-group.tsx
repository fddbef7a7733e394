import { useId } from "react";

export interface Choice {
  value: string;
  label: React.ReactNode;
  /** A second line under the label. */
  description?: React.ReactNode;
  /** Right-aligned (a price). */
  aside?: React.ReactNode;
}

/**
 * A set of radio buttons shown as selectable cards, in a fieldset whose legend names it; an error
 * is tied to every radio (aria-invalid, aria-describedby). Uncontrolled: `onChange` reports the choice.
 */
export function ChoiceGroup({
  name,
  legend,
  choices,
  defaultValue,
  onChange,
  error,
  hint,
  legendClassName = "sr-only",
  children,
}: {
  name: string;
  legend: string;
  choices: Choice[];
  defaultValue?: string;
  onChange?: (value: string) => void;
  error?: string;
  hint?: React.ReactNode;
  legendClassName?: string;
  children?: React.ReactNode;
}) {
  const id = `choice-${useId()}-${name}`;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="min-w-0">
      <legend className={legendClassName}>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mb-3 text-sm text-stone-600">
          {hint}
        </p>
      )}
      <div className="grid gap-3">
        {choices.map((choice) => {
          const inputId = `${id}-${choice.value}`;
          return (
            <label
              key={choice.value}
              htmlFor={inputId}
              className={`flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-4 hover:border-stone-500 has-[:checked]:border-stone-900 has-[:checked]:ring-1 has-[:checked]:ring-stone-900 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-stone-900 ${
                error ? "border-rose-600" : "border-stone-300"
              }`}
            >
              <input
                id={inputId}
                type="radio"
                name={name}
                value={choice.value}
                defaultChecked={defaultValue === choice.value}
                onChange={onChange ? () => onChange(choice.value) : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                className="mt-0.5 size-5 shrink-0 accent-stone-900 focus:outline-none"
              />
              <span className="min-w-0 flex-1 text-sm">
                <span className="block font-medium text-stone-900">{choice.label}</span>
                {choice.description && <span className="mt-0.5 block text-stone-600">{choice.description}</span>}
              </span>
              {choice.aside && <span className="shrink-0 text-sm font-semibold text-stone-900">{choice.aside}</span>}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm font-medium text-rose-700" data-testid={`${name}-error`}>
          {error}
        </p>
      )}
      {children}
    </fieldset>
  );
}
