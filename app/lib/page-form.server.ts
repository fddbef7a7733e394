import { type UploadedFile, readMultipart } from "#server/http/multipart";

export interface PageForm {
  form: FormData;
  /** The uploaded file (streamed to disk), when the form was multipart and carried one. */
  file: UploadedFile | null;
  cleanup(): Promise<void>;
}

/**
 * A page action's form: multipart forms through the streaming reader (files go to disk, never
 * whole into memory; AppError too_large / invalid_input on a bad upload), others as usual.
 */
export async function readPageForm(request: Request, options: { fileFields: readonly string[]; tooLargeMessage?: string }): Promise<PageForm> {
  if (!request.headers.get("content-type")?.toLowerCase().startsWith("multipart/form-data")) {
    return { form: await request.formData(), file: null, cleanup: async () => {} };
  }
  const upload = await readMultipart(request, options);
  const form = new FormData();
  for (const [name, value] of upload.fields) form.append(name, value);
  return { form, file: upload.file, cleanup: upload.cleanup };
}
