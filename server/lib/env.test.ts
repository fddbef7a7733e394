import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";

describe("order and mail limits in the environment", () => {
  it("default to limits a real shop can live with", () => {
    const env = loadEnv({});
    expect(env.ORDER_LIMIT_PER_IP).toEqual({ max: 10, window: 600 });
    expect(env.ORDER_LIMIT_PER_SHOPPER).toEqual({ max: 10, window: 3600 });
    expect(env.ORDER_LIMIT_PER_CONTACT).toEqual({ max: 5, window: 3600 });
    expect(env.MAIL_LIMIT_PER_RECIPIENT).toEqual({ max: 10, window: 3600 });
  });

  it('read "count/window" with seconds, minutes or hours up to a day; blank is the default', () => {
    expect(loadEnv({ ORDER_LIMIT_PER_IP: "30/90s" }).ORDER_LIMIT_PER_IP).toEqual({ max: 30, window: 90 });
    expect(loadEnv({ ORDER_LIMIT_PER_IP: " 100 / 24h " }).ORDER_LIMIT_PER_IP).toEqual({ max: 100, window: 86400 });
    expect(loadEnv({ ORDER_LIMIT_PER_IP: "" }).ORDER_LIMIT_PER_IP).toEqual({ max: 10, window: 600 });
  });

  it("refuse a limit it cannot read, naming the variable", () => {
    for (const bad of ["10", "10/25h", "0/1h", "ten/1h", "10/1d"]) {
      expect(() => loadEnv({ ORDER_LIMIT_PER_CONTACT: bad }), bad).toThrow(/ORDER_LIMIT_PER_CONTACT: must be "count\/window"/);
    }
  });
});

describe("the object store in the environment", () => {
  it("is the folder UPLOADS_DIR by default, and STORAGE_URL wins when set", () => {
    expect(loadEnv({}).STORAGE_URL).toEqual({ driver: "file", dir: "./data/uploads" });
    expect(loadEnv({ UPLOADS_DIR: "/srv/pictures" }).STORAGE_URL).toEqual({ driver: "file", dir: "/srv/pictures" });
    expect(loadEnv({ UPLOADS_DIR: "/srv/pictures", STORAGE_URL: "file:./elsewhere" }).STORAGE_URL).toEqual({ driver: "file", dir: "./elsewhere" });
    expect(loadEnv({ STORAGE_URL: "file:///var/lib/shop/uploads" }).STORAGE_URL).toEqual({ driver: "file", dir: "/var/lib/shop/uploads" });
  });

  it("reads an S3 bucket with its URL-encoded endpoint (any S3-compatible store) or AWS's region", () => {
    expect(loadEnv({ STORAGE_URL: "s3://shop-pictures?endpoint=http%3A%2F%2F127.0.0.1%3A9000&region=auto" }).STORAGE_URL).toEqual({
      driver: "s3",
      bucket: "shop-pictures",
      region: "auto",
      endpoint: "http://127.0.0.1:9000",
    });
    expect(loadEnv({ STORAGE_URL: "s3://shop.pictures?region=eu-west-1" }).STORAGE_URL).toEqual({ driver: "s3", bucket: "shop.pictures", region: "eu-west-1" });
    expect(loadEnv({ STORAGE_URL: "s3://shop-pictures" }).STORAGE_URL).toEqual({ driver: "s3", bucket: "shop-pictures", region: "us-east-1" });
  });

  it("refuses at start a STORAGE_URL it cannot use, saying what is wrong", () => {
    const cases: Array<[string, RegExp]> = [
      ["ftp://pictures", /must be file:PATH or s3:\/\/BUCKET/],
      ["./data/uploads", /must be file:PATH or s3:\/\/BUCKET/],
      ["file:", /file: needs a folder/],
      ["s3://Shop_Pictures", /"Shop_Pictures" is not a bucket name/],
      ["s3://", /"" is not a bucket name/],
      ["s3://key:secret@pictures", /credentials do not belong in STORAGE_URL/],
      ["s3://pictures/shop", /name the bucket only/],
      ["s3://pictures?endpoint=localhost:9000", /must start with http:\/\/ or https:\/\//],
      ["s3://pictures?endpoint=not a url", /is not a URL: URL-encode it/],
      ["s3://pictures?endpoint=http%3A%2F%2Fminio%3A9000%2Fpictures", /without a path/],
      ["s3://pictures?bucket=x&acl=public", /unknown option bucket, acl/],
      ["s3://pictures?region=EU WEST", /is not a region name/],
    ];
    for (const [bad, message] of cases) {
      expect(() => loadEnv({ STORAGE_URL: bad }), bad).toThrow(/Invalid configuration:\n {2}STORAGE_URL: /);
      expect(() => loadEnv({ STORAGE_URL: bad }), bad).toThrow(message);
    }
  });

  it("takes a public address for pictures (a CDN) and both AWS keys or neither", () => {
    expect(loadEnv({ STORAGE_PUBLIC_URL: "https://cdn.example.com/shop/" }).STORAGE_PUBLIC_URL).toBe("https://cdn.example.com/shop");
    expect(() => loadEnv({ STORAGE_PUBLIC_URL: "cdn.example.com" })).toThrow(/STORAGE_PUBLIC_URL: must be an http:\/\/ or https:\/\/ address/);
    expect(() => loadEnv({ STORAGE_PUBLIC_URL: "ftp://cdn.example.com" })).toThrow(/STORAGE_PUBLIC_URL: must be an http:\/\/ or https:\/\/ address/);
    expect(() => loadEnv({ AWS_ACCESS_KEY_ID: "AKIA" })).toThrow(/AWS_SECRET_ACCESS_KEY: the object store needs both/);
  });
});

describe("the README's table of settings", () => {
  it("lists every variable the shop reads, and .env.example sets each", async () => {
    const { ENV_NAMES } = await import("./env");
    const fs = await import("node:fs");
    const readme = fs.readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const table = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1));
    const example = fs.readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
    expect(ENV_NAMES.length).toBeGreaterThan(30);
    expect(ENV_NAMES.filter((name) => !table.includes(`\`${name}\``))).toEqual([]);
    expect(ENV_NAMES.filter((name) => !new RegExp(`^${name}=`, "m").test(example))).toEqual([]);
  });
});
