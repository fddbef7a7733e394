import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "#common/errors";
import { joinPublicUrl, requireKey } from "./object-keys";
import type { ObjectStore, StoredObject } from "./storage.types";

const code = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

/** A disk that refuses (full, read-only, no permission) is the store being unavailable: a 503 that names why. */
function unavailable(doing: string, error: unknown): AppError {
  return new AppError(
    "unavailable",
    `The picture store could not ${doing} (${code(error) ?? "disk error"}). Try again once the disk has room and can be written to.`,
  );
}

/** A folder on this machine as the object store; pages load its files from `publicBase` (the shop's /uploads by default). */
export function createFileStore(options: { dir: string; publicBase?: string }): ObjectStore {
  const root = path.resolve(options.dir);
  const publicBase = options.publicBase ?? "/uploads";
  const fileOf = (key: string) => path.join(root, requireKey(key));

  async function walk(dir: string, out: StoredObject[]): Promise<void> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (code(error) === "ENOENT" || code(error) === "ENOTDIR") return;
      throw unavailable("list its files", error);
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, out);
      // Temporary files of writes under way are not objects yet.
      else if (entry.isFile() && !entry.name.endsWith(".tmp")) {
        const stat = await fs.promises.stat(full).catch(() => null);
        if (stat) out.push({ key: path.relative(root, full).split(path.sep).join("/"), size: stat.size });
      }
    }
  }

  return {
    driver: "file",
    description: `file ${options.dir}`,
    dir: root,
    publicBase,

    async put(key, body) {
      const file = fileOf(key);
      // Written beside and renamed, so a half-written picture is never served.
      const tmp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
      try {
        await fs.promises.mkdir(path.dirname(file), { recursive: true });
        await fs.promises.writeFile(tmp, body);
        await fs.promises.rename(tmp, file);
      } catch (error) {
        await fs.promises.rm(tmp, { force: true });
        throw unavailable("save the file", error);
      }
    },

    async get(key) {
      const file = fileOf(key);
      try {
        return await fs.promises.readFile(file);
      } catch (error) {
        if (code(error) === "ENOENT" || code(error) === "EISDIR" || code(error) === "ENOTDIR") return null;
        throw unavailable("read the file", error);
      }
    },

    async delete(key) {
      const file = fileOf(key);
      try {
        await fs.promises.rm(file, { force: true });
      } catch (error) {
        throw unavailable("delete the file", error);
      }
    },

    async exists(key) {
      const file = fileOf(key);
      const stat = await fs.promises.stat(file).catch(() => null);
      return stat?.isFile() ?? false;
    },

    async list(prefix) {
      const out: StoredObject[] = [];
      // Only the folders the prefix can be in are walked: "products/" walks products/ alone.
      const slash = prefix.lastIndexOf("/");
      const start = slash < 0 ? root : path.join(root, requireKey(prefix.slice(0, slash)));
      await walk(start, out);
      return out.filter((o) => o.key.startsWith(prefix)).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },

    publicUrl: (key) => joinPublicUrl(publicBase, key),

    async check() {
      try {
        await fs.promises.mkdir(root, { recursive: true });
        await fs.promises.access(root, fs.constants.W_OK);
      } catch (error) {
        throw unavailable(`use the folder ${options.dir}`, error);
      }
    },
  };
}
