import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";

/** A private key and its certificate, as PEM. */
export interface PemPair {
  keyPem: string;
  certPem: string;
}

/**
 * The key and certificate kept in `dir/fileName`: made by `create` on first use and read
 * afterwards, so every process on the machine uses the same pair. Creation is race-free: each
 * process writes a private temp file and hard-links it to the final name; link() fails if another
 * process got there first, and then everyone reads the winner's. `what` names the pair in errors.
 */
export async function keptPemPair(dir: string, fileName: string, create: () => PemPair, what: string): Promise<PemPair> {
  const file = path.join(dir, fileName);
  const existing = await readPemPair(file, what);
  if (existing) return existing;

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const created = create();
  const temp = path.join(dir, `.${fileName}.${process.pid}.${randomBytes(4).toString("hex")}`);
  await writeFile(temp, `${created.keyPem.trim()}\n${created.certPem.trim()}\n`, { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
  const stored = await readPemPair(file, what);
  if (!stored) throw new Error(`${what} in ${file} is unreadable`);
  return stored;
}

async function readPemPair(file: string, what: string): Promise<PemPair | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const keyPem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(text)?.[0];
  const certPem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
  if (!keyPem || !certPem) throw new Error(`${what} in ${file} is incomplete`);
  return { keyPem: `${keyPem}\n`, certPem: `${certPem}\n` };
}
