import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing for test shops (NODE_ENV=test) only: scrypt as better-auth does it, at a cost a
 * sixteenth of its own (N=1024 instead of 16384), stored as `t$salt:key` so a production shop
 * never takes such a hash for one of its own (better-auth's check reads it as a wrong password).
 * A test database lives for one test; its passwords guard nothing, and the suite hashes and checks
 * a password for every account it signs in. Production and the browser tests keep better-auth's
 * hashing untouched (`createAuth` picks this only under NODE_ENV=test).
 */
const TEST_SCRYPT = { N: 1024, r: 16, p: 1, dkLen: 64 } as const;
const PREFIX = "t$";

function key(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, TEST_SCRYPT.dkLen, { N: TEST_SCRYPT.N, r: TEST_SCRYPT.r, p: TEST_SCRYPT.p }, (err, derived) =>
      err ? reject(err) : resolve(derived),
    ),
  );
}

export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString("hex");
    return `${PREFIX}${salt}:${(await key(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    if (!hash.startsWith(PREFIX)) return false;
    const [salt, stored] = hash.slice(PREFIX.length).split(":");
    if (!salt || !stored) return false;
    const expected = Buffer.from(stored, "hex");
    const derived = await key(password, salt);
    return derived.length === expected.length && timingSafeEqual(derived, expected);
  },
};
