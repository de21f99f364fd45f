import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { createSigningIdentity, type SigningIdentity } from "@svc/sns";

const FILE_NAME = "sns-signing-identity.pem";

/**
 * The simulator's signing key and certificate, kept in one file in `dir`: created on first use,
 * read afterwards, so that every sender process on the machine signs with the same key as the
 * certificate that whichever of them holds the port serves.
 *
 * Creation is race-free: each process writes a private temp file and hard-links it to the final
 * name; link() fails if another process got there first, and then everyone reads the winner's.
 */
export async function loadOrCreateIdentity(dir: string): Promise<SigningIdentity> {
  const file = path.join(dir, FILE_NAME);
  const existing = await readIdentity(file);
  if (existing) return existing;

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const created = createSigningIdentity({ commonName: "sns.simulator.local" });
  const temp = path.join(dir, `.${FILE_NAME}.${process.pid}.${randomBytes(4).toString("hex")}`);
  await writeFile(temp, `${created.privateKeyPem.trim()}\n${created.certificatePem.trim()}\n`, { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
  const stored = await readIdentity(file);
  if (!stored) throw new Error(`simulator signing identity in ${file} is unreadable`);
  return stored;
}

async function readIdentity(file: string): Promise<SigningIdentity | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const privateKeyPem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(text)?.[0];
  const certificatePem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
  if (!privateKeyPem || !certificatePem) throw new Error(`simulator signing identity in ${file} is incomplete`);
  return { privateKeyPem: `${privateKeyPem}\n`, certificatePem: `${certificatePem}\n` };
}
