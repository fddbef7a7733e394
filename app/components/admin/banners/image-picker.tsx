import { useT } from "~/lib/i18n";
import type { Translate } from "#common/i18n/translate";
import { useId, useRef, useState } from "react";
import { useField } from "~/components/admin/form";
import { buttonClass } from "~/components/admin/ui";
import { Spinner } from "~/components/auth/ui";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { TextField } from "~/components/form/fields";
import { IMAGE_KINDS, imageVariantUrl, publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";

/** The kinds of picture this picker uploads (POST /api/admin/uploads `kind`). */
export type PickedImageKind = "banner" | "category" | "logo" | "favicon";

/** The admin's upload limit (server/http/input-guard.ts ADMIN_UPLOAD_MAX_FILE_BYTES), checked here first to answer at once. */
const MAX_BYTES = 10 * 1024 * 1024;

/** Sends one picture to the admin upload route; resolves with its stored address or rejects with the server's reason. */
export async function uploadPicture(file: File, kind: PickedImageKind, t: Translate): Promise<string> {
  const body = new FormData();
  body.append("kind", kind);
  body.append("file", file);
  let res: Response;
  try {
    res = await fetch("/api/admin/uploads", { method: "POST", body, headers: { Accept: "application/json" }, credentials: "same-origin" });
  } catch {
    throw new Error(t("admin.images.connectionLost"));
  }
  const answer = (await res.json().catch(() => null)) as { data?: { url?: string }; error?: { message?: string } } | null;
  if (res.ok && answer?.data?.url) return answer.data.url;
  throw new Error(answer?.error?.message ?? t("admin.images.failed", { status: res.status }));
}

/**
 * One picture of an admin form (a banner's, a category's): pick a file and it uploads at once,
 * with a preview, then its stored address posts as the hidden field `name`; Remove clears it
 * (unless `required`). Choosing or removing a picture is a change of the form (a bubbling
 * `change` event, which AdminForm's unsaved-changes warning hears). The server's error for `name`
 * shows beside it. Without JavaScript, an
 * address field instead (an upload needs the page's script). The product form's ImageUploader
 * handles several pictures with colours; this is its one-picture sibling.
 */
export function ImagePicker({
  name,
  label,
  kind,
  defaultValue,
  required = false,
  hint,
}: {
  name: string;
  label: string;
  kind: PickedImageKind;
  defaultValue?: string | null;
  required?: boolean;
  hint?: string;
}) {
  const hydrated = useHydrated();
  const base = useImageBase();
  const field = useField(name, defaultValue ?? "");
  const uid = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [url, setUrl] = useState(field.defaultValue ?? "");
  const [status, setStatus] = useState<{ state: "idle" | "uploading" | "failed"; message: string }>({ state: "idle", message: "" });
  const t = useT();

  if (!hydrated) {
    return (
      <TextField
        name={name}
        id={field.id}
        type="url"
        label={t("admin.picker.addressLabel", { label })}
        required={required}
        defaultValue={field.defaultValue}
        error={field.error}
        hint={t("admin.picker.noScript")}
      />
    );
  }

  const { widths, aspect } = IMAGE_KINDS[kind];
  const wide = kind === "banner" || kind === "logo";
  const error = status.state === "failed" ? status.message : field.error;
  const describedBy = [`${uid}-hint`, error && `${uid}-error`].filter(Boolean).join(" ");

  const pick = async (file: File) => {
    if (!file.type.startsWith("image/")) {
      setStatus({ state: "failed", message: t("admin.picker.notPicture") });
      return;
    }
    if (file.size > MAX_BYTES) {
      setStatus({ state: "failed", message: t("admin.picker.tooLarge") });
      return;
    }
    setStatus({ state: "uploading", message: t("admin.picker.uploading", { name: file.name }) });
    try {
      const stored = await uploadPicture(file, kind, t);
      setUrl(stored);
      setStatus({ state: "idle", message: t("admin.images.uploaded", { name: file.name }) });
    } catch (err) {
      setStatus({ state: "failed", message: t("admin.images.notUploadedName", { name: file.name, error: (err as Error).message }) });
    }
  };

  return (
    <fieldset data-testid={`image-picker-${name}`}>
      <legend className="block text-sm font-medium text-stone-900">
        {label}
        {required && (
          <span aria-hidden="true" className="text-rose-700">
            {" "}
            *
          </span>
        )}
      </legend>
      <div className={`mt-1.5 flex flex-wrap items-center gap-4 rounded-xl border bg-white p-3 ${error ? "border-rose-600" : "border-stone-300"}`}>
        <div
          className={`relative shrink-0 overflow-hidden rounded-lg bg-stone-100 ${wide ? "w-full sm:w-64" : "size-20"}`}
          style={{ aspectRatio: `${aspect}` }}
        >
          {url ? (
            <img
              src={publicImageUrl(imageVariantUrl(url, kind, widths[0]), base)}
              alt=""
              className={`size-full ${kind === "logo" ? "object-contain" : "object-cover"}`}
              data-testid="picked-image"
            />
          ) : (
            <span className="grid size-full place-items-center px-2 text-center text-xs text-stone-600">{t("admin.picker.none")}</span>
          )}
          {status.state === "uploading" && (
            <span className="absolute inset-0 grid place-items-center bg-white/70">
              <Spinner className="size-6 text-stone-900" />
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label
            className={`${buttonClass("secondary", "sm")} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-stone-900`}
          >
            {url ? t("admin.picker.replace") : t("admin.picker.choose")}
            <span className="sr-only"> ({label})</span>
            <input
              ref={fileInput}
              id={field.id}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              disabled={status.state === "uploading"}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = "";
                if (file) void pick(file);
              }}
            />
          </label>
          {url && !required && (
            <button
              type="button"
              className={buttonClass("ghost", "sm")}
              onClick={() => {
                setUrl("");
                setStatus({ state: "idle", message: t("admin.images.removed") });
                // A removal is a change of the form like a choice (the file input's event bubbles to it).
                fileInput.current?.dispatchEvent(new Event("change", { bubbles: true }));
              }}
            >
              {t("admin.picker.remove")}
            </button>
          )}
        </div>
      </div>
      <p id={`${uid}-hint`} className="mt-1.5 text-xs text-stone-600">
        {hint ?? t("admin.picker.hint")}
      </p>
      {error && (
        <p
          id={`${uid}-error`}
          role={status.state === "failed" ? "alert" : undefined}
          className="mt-1.5 text-sm font-medium text-rose-700"
          data-testid="image-picker-error"
        >
          {error}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {status.state !== "failed" ? status.message : ""}
      </p>
      <input type="hidden" name={name} value={url} />
    </fieldset>
  );
}
