import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "~/components/catalog/use-hydrated";
import { moveItem, rowKey } from "./list-moves";
import { IconButton, RowButtons, focusMovedRow } from "./row-buttons";
import { publicImageUrl } from "#common/images/image-sizes";
import { useImageBase } from "~/lib/image-base";
import { useT } from "~/lib/i18n";
import type { Translate } from "#common/i18n/translate";

export interface ProductImage {
  url: string;
  alt: string;
  /** The colour the picture shows (the storefront's gallery follows the colour chosen); "" for any. */
  color?: string;
}

/** How the pictures are posted: the names of picture `i`'s address and alt text fields. */
export interface ImageFieldNames {
  url: (i: number) => string;
  alt: (i: number) => string;
  /** The error key of the whole list ("Add at least one picture"). */
  list: string;
  /** The name of picture `url`'s entry `n` in the colour → pictures map; null when it cannot be posted. */
  colorPicture?: (color: string, n: number) => string | null;
}

interface Item {
  key: string;
  url: string | null;
  alt: string;
  color: string;
  /** A local preview (object URL) while the file uploads or when it failed. */
  preview: string | null;
  fileName: string | null;
  status: "done" | "uploading" | "failed";
  /** 0–1 while uploading. */
  progress: number;
  error: string | null;
}

export interface UploadResult {
  url: string;
  width: number;
  height: number;
}

/**
 * Sends one file to POST /api/admin/uploads (multipart field `file`, the session cookie) and
 * reports progress; resolves with the stored picture or rejects with the server's message (or one
 * of the admin's own, by `t`, when the server gave none).
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void, t: Translate): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/uploads");
    xhr.withCredentials = true;
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const body = xhr.response as { data?: UploadResult; error?: { message?: string } } | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.data?.url) resolve(body.data);
      else if (xhr.status === 413) reject(new Error(body?.error?.message ?? t("admin.images.tooLarge")));
      else reject(new Error(body?.error?.message ?? t("admin.images.failed", { status: xhr.status || t("admin.images.noAnswer") })));
    };
    xhr.onerror = () => reject(new Error(t("admin.images.connectionLost")));
    const form = new FormData();
    form.append("file", file);
    xhr.send(form);
  });
}

/**
 * The product's pictures: drop files or pick several at once; each uploads at once (with a
 * preview and its progress), then its stored address is kept. Pictures are reordered by dragging
 * or with Move up/down, each has a labelled alt text, and the first one is the main picture.
 * The pictures post as hidden inputs named by `names`; a failed upload shows the server's reason
 * beside the picture and posts nothing. Without JavaScript: one address field per picture.
 */
export function ImageUploader({
  defaultValue,
  names,
  errors = {},
  idOf,
  colors = [],
  onChange,
  onBusyChange,
  upload = uploadImage,
}: {
  defaultValue: ProductImage[];
  names: ImageFieldNames;
  errors?: Record<string, string>;
  /** The id of the field named `name` (the form's error summary links to it). */
  idOf?: (name: string) => string;
  /** The product's colour names: each picture can be tied to one. */
  colors?: string[];
  onChange?: () => void;
  /** True while any file is still uploading (the form waits before saving). */
  onBusyChange?: (busy: boolean) => void;
  upload?: typeof uploadImage;
}) {
  const hydrated = useHydrated();
  const base = useImageBase();
  const id = useId();
  const [items, setItems] = useState<Item[]>(() =>
    defaultValue.map((img) => ({
      key: rowKey("img"),
      url: img.url,
      alt: img.alt,
      color: img.color ?? "",
      preview: null,
      fileName: null,
      status: "done",
      progress: 1,
      error: null,
    })),
  );
  const [announcement, setAnnouncement] = useState("");
  const t = useT();
  const [dragOver, setDragOver] = useState(false);
  const [dragging, setDragging] = useState<string | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const busy = items.some((i) => i.status === "uploading");
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  // Local previews are released when their item goes.
  const previews = useRef(new Set<string>());
  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const patch = (key: string, change: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));
  const changed = () => onChange?.();

  const addFiles = (files: FileList | File[]) => {
    const added: Item[] = [...files].map((file) => {
      const preview = file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
      if (preview) previews.current.add(preview);
      return { key: rowKey("img"), url: null, alt: "", color: "", preview, fileName: file.name, status: "uploading", progress: 0, error: null };
    });
    if (!added.length) return;
    setItems((all) => [...all, ...added]);
    setAnnouncement(t("admin.images.uploadingCount", { count: added.length }));
    [...files].forEach((file, n) => {
      const key = added[n]!.key;
      upload(file, (progress) => patch(key, { progress }), t)
        .then((result) => {
          patch(key, { url: result.url, status: "done", progress: 1 });
          setAnnouncement(t("admin.images.uploaded", { name: file.name }));
          changed();
        })
        .catch((err: Error) => {
          patch(key, { status: "failed", error: err.message });
          setAnnouncement(t("admin.images.notUploadedName", { name: file.name, error: err.message }));
        });
    });
  };

  const move = (from: number, to: number) => {
    setItems((all) => moveItem(all, from, to));
    setAnnouncement(
      to === 0 ? t("admin.images.movedMain", { position: to + 1, count: items.length }) : t("admin.images.moved", { position: to + 1, count: items.length }),
    );
    focusMovedRow(list.current, to, to < from ? "up" : "down");
    changed();
  };
  const remove = (index: number) => {
    const item = items[index]!;
    setItems((all) => all.filter((i) => i.key !== item.key));
    if (item.preview) URL.revokeObjectURL(item.preview);
    setAnnouncement(t("admin.images.removed"));
    if (item.status !== "failed") changed();
  };

  if (!hydrated) return <ImageUrlFields defaultValue={defaultValue} names={names} errors={errors} />;

  // The posted order: uploaded pictures only, numbered without the failed or unfinished ones.
  let posted = 0;
  const perColor = new Map<string, number>();
  const colorField = (color: string) => {
    if (!color || !colors.includes(color) || !names.colorPicture) return null;
    const n = perColor.get(color) ?? 0;
    perColor.set(color, n + 1);
    return names.colorPicture(color, n);
  };
  const listError = errors[names.list];
  return (
    <div>
      <div
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes("Files")) return;
          e.preventDefault();
          setDragOver(true);
        }}
        onDragLeave={() => setDragOver(false)}
        onDrop={(e) => {
          if (!e.dataTransfer.files.length) return;
          e.preventDefault();
          setDragOver(false);
          addFiles(e.dataTransfer.files);
        }}
        className={`flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center ${dragOver ? "border-stone-900 bg-amber-50" : listError ? "border-rose-600 bg-white" : "border-stone-300 bg-white"}`}
        data-testid="image-drop-zone"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true" focusable="false" className="size-8 text-stone-500">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 16-5-5-9 9" />
        </svg>
        <p className="text-sm text-stone-700">{t("admin.images.drop")}</p>
        <label
          htmlFor={idOf ? idOf(names.list) : `${id}-files`}
          className="inline-flex h-10 cursor-pointer items-center rounded-full bg-stone-900 px-4 text-sm font-semibold text-white hover:bg-stone-700 has-[:focus-visible]:outline-2"
        >
          {t("admin.images.choose")}
        </label>
        <input
          ref={fileInput}
          id={idOf ? idOf(names.list) : `${id}-files`}
          type="file"
          accept="image/*"
          multiple
          aria-describedby={`${id}-files-hint${listError ? ` ${id}-list-error` : ""}`}
          className="sr-only"
          onChange={(e) => {
            if (e.currentTarget.files) addFiles(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        <p id={`${id}-files-hint`} className="text-xs text-stone-600">
          {t("admin.images.hint")}
        </p>
      </div>
      {listError && (
        <p id={`${id}-list-error`} className="mt-2 text-sm font-medium text-rose-700" data-testid="image-error">
          {listError}
        </p>
      )}
      {items.length > 0 && (
        <ol ref={list} className="mt-4 space-y-3" aria-label={t("admin.images.list")}>
          {items.map((item, index) => {
            const postIndex = item.status === "done" ? posted++ : -1;
            const fieldError = postIndex >= 0 ? (errors[names.url(postIndex)] ?? errors[names.alt(postIndex)]) : undefined;
            const altId = postIndex >= 0 && idOf ? idOf(names.alt(postIndex)) : `${id}-${item.key}-alt`;
            const src = item.preview ?? (item.url ? publicImageUrl(item.url, base) : undefined);
            return (
              <li
                key={item.key}
                id={postIndex >= 0 && idOf ? idOf(names.url(postIndex)) : undefined}
                tabIndex={-1}
                data-row
                draggable={item.status !== "uploading"}
                onDragStart={(e) => {
                  setDragging(item.key);
                  e.dataTransfer.effectAllowed = "move";
                  e.dataTransfer.setData("text/plain", item.key);
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => {
                  if (!dragging || dragging === item.key) return;
                  e.preventDefault();
                  const from = items.findIndex((i) => i.key === dragging);
                  if (from >= 0 && from !== index) setItems((all) => moveItem(all, from, index));
                }}
                onDrop={(e) => {
                  if (!dragging) return;
                  e.preventDefault();
                  setDragging(null);
                  setAnnouncement(t("admin.images.movedTo", { position: index + 1 }));
                  changed();
                }}
                className={`flex flex-wrap items-start gap-3 rounded-xl border bg-white p-3 sm:flex-nowrap ${item.status === "failed" ? "border-rose-300" : "border-stone-200"} ${dragging === item.key ? "opacity-60" : ""}`}
                data-testid="product-image"
              >
                <div className="relative size-20 shrink-0 cursor-grab overflow-hidden rounded-lg bg-stone-100" aria-hidden="true">
                  {src ? (
                    <img src={src} alt="" className="size-full object-cover" />
                  ) : (
                    <span className="grid size-full place-items-center text-xs text-stone-500">{t("admin.images.noPreview")}</span>
                  )}
                  {item.status === "uploading" && (
                    <span className="absolute inset-0 grid place-items-center bg-white/70">
                      <span className="size-6 animate-spin rounded-full border-2 border-stone-300 border-t-stone-900" />
                    </span>
                  )}
                </div>
                <div className="min-w-0 flex-1 basis-40">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="text-sm font-semibold text-stone-900">{t("admin.images.picture", { n: index + 1 })}</span>
                    {index === 0 && item.status === "done" && (
                      <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("admin.images.main")}</span>
                    )}
                    {item.fileName && <span className="min-w-0 truncate text-xs text-stone-600">{item.fileName}</span>}
                  </div>
                  {item.status === "uploading" && (
                    <div className="mt-2">
                      <progress
                        value={Math.round(item.progress * 100)}
                        max={100}
                        aria-label={t("admin.images.uploadingName", { name: item.fileName })}
                        className="h-2 w-full overflow-hidden rounded-full accent-stone-900"
                      />
                      <p className="mt-1 text-xs text-stone-600">{t("admin.images.progress", { percent: Math.round(item.progress * 100) })}</p>
                    </div>
                  )}
                  {item.status === "failed" && (
                    <p className="mt-2 text-sm font-medium text-rose-700" role="alert" data-testid="image-upload-error">
                      {t("admin.images.notUploaded", { error: item.error })}
                    </p>
                  )}
                  {item.status === "done" && (
                    <>
                      <label htmlFor={altId} className="mt-2 block text-xs font-medium text-stone-800">
                        {t("admin.images.alt")} <span className="sr-only">{t("admin.images.ofPicture", { n: index + 1 })}</span>
                      </label>
                      <input
                        id={altId}
                        value={item.alt}
                        onChange={(e) => {
                          patch(item.key, { alt: e.currentTarget.value });
                          changed();
                        }}
                        maxLength={300}
                        placeholder={t("admin.images.altPlaceholder")}
                        aria-invalid={fieldError ? true : undefined}
                        aria-describedby={fieldError ? `${altId}-error` : undefined}
                        className="mt-1 block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900"
                      />
                      {fieldError && (
                        <p id={`${altId}-error`} className="mt-1 text-sm font-medium text-rose-700">
                          {fieldError}
                        </p>
                      )}
                      {colors.length > 0 && (
                        <>
                          <label htmlFor={`${altId}-color`} className="mt-2 block text-xs font-medium text-stone-800">
                            {t("admin.images.showsColour")} <span className="sr-only">{t("admin.images.pictureParen", { n: index + 1 })}</span>
                          </label>
                          <select
                            id={`${altId}-color`}
                            value={colors.includes(item.color) ? item.color : ""}
                            onChange={(e) => {
                              patch(item.key, { color: e.currentTarget.value });
                              changed();
                            }}
                            className="mt-1 block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm text-stone-900"
                          >
                            <option value="">{t("admin.images.anyColour")}</option>
                            {colors.filter(Boolean).map((c) => (
                              <option key={c} value={c}>
                                {c}
                              </option>
                            ))}
                          </select>
                        </>
                      )}
                      <input type="hidden" name={names.url(postIndex)} value={item.url ?? ""} />
                      <input type="hidden" name={names.alt(postIndex)} value={item.alt} />
                      {(() => {
                        const field = colorField(item.color);
                        return field ? <input type="hidden" name={field} value={item.url ?? ""} /> : null;
                      })()}
                    </>
                  )}
                </div>
                <div className="flex w-full justify-end sm:w-auto">
                  {item.status === "failed" ? (
                    <IconButton
                      label={t("admin.images.dismiss", { name: item.fileName ?? t("admin.images.pictureWord") })}
                      onClick={() => remove(index)}
                      tone="danger"
                    >
                      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" focusable="false" className="size-4">
                        <path d="M6 6l12 12M18 6 6 18" />
                      </svg>
                    </IconButton>
                  ) : (
                    <RowButtons
                      index={index}
                      count={items.length}
                      what={t("admin.images.pictureLower", { n: index + 1 })}
                      onMove={move}
                      onRemove={() => remove(index)}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p aria-live="polite" className="sr-only" data-testid="image-announcement">
        {announcement}
      </p>
    </div>
  );
}

/** Without JavaScript: the pictures as address fields (and one empty one to add a picture by its address). */
function ImageUrlFields({ defaultValue, names, errors }: { defaultValue: ProductImage[]; names: ImageFieldNames; errors: Record<string, string> }) {
  const rows: ProductImage[] = [...defaultValue, { url: "", alt: "" }];
  const t = useT();
  const perColor = new Map<string, number>();
  const colorField = (color: string | undefined) => {
    if (!color || !names.colorPicture) return null;
    const n = perColor.get(color) ?? 0;
    perColor.set(color, n + 1);
    return names.colorPicture(color, n);
  };
  return (
    <div>
      {errors[names.list] && <p className="mb-2 text-sm font-medium text-rose-700">{errors[names.list]}</p>}
      <ol className="space-y-3">
        {rows.map((img, i) => (
          <li key={i} className="grid gap-2 sm:grid-cols-2">
            <label className="block text-xs font-medium text-stone-800">
              {i === 0 ? t("admin.images.mainAddress") : t("admin.images.address", { n: i + 1 })}
              <input
                name={names.url(i)}
                type="url"
                defaultValue={img.url}
                className="mt-1 block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm"
              />
            </label>
            <label className="block text-xs font-medium text-stone-800">
              {t("admin.images.altOf", { n: i + 1 })}
              <input name={names.alt(i)} defaultValue={img.alt} className="mt-1 block h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm" />
            </label>
            {(errors[names.url(i)] ?? errors[names.alt(i)]) && (
              <p className="text-sm font-medium text-rose-700 sm:col-span-2">{errors[names.url(i)] ?? errors[names.alt(i)]}</p>
            )}
            {(() => {
              // The colour a stored picture shows is kept (it is chosen with JavaScript).
              const field = colorField(img.color);
              return field ? <input type="hidden" name={field} value={img.url} /> : null;
            })()}
          </li>
        ))}
      </ol>
    </div>
  );
}
