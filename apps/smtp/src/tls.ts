import { generateKeyPairSync, randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import forge from "node-forge";

/** What the relay's TLS (STARTTLS and implicit TLS) serves. */
export interface TlsIdentity {
  keyPem: string;
  /** The certificate, followed by its chain when it has one. */
  certPem: string;
}

/**
 * The configured certificate and key, or, when none is configured, a self-signed one for
 * `hostname` created in `dir` on first start and kept: every relay process on the machine then
 * serves the same certificate, so a client told to trust it once keeps trusting it.
 */
export async function loadTlsIdentity(options: { certFile?: string; keyFile?: string; dir: string; hostname: string }): Promise<TlsIdentity> {
  if (options.certFile && options.keyFile) {
    const [certPem, keyPem] = await Promise.all([readFile(options.certFile, "utf8"), readFile(options.keyFile, "utf8")]);
    return { certPem, keyPem };
  }
  return loadOrCreateSelfSigned(options.dir, options.hostname);
}

const fileName = (hostname: string) => `tls-${hostname}.pem`;

/**
 * Creation is race-free, as for the simulator's SNS key: each process writes a private temp file
 * and hard-links it to the final name; link() fails if another process got there first, and then
 * everyone reads the winner's.
 */
async function loadOrCreateSelfSigned(dir: string, hostname: string): Promise<TlsIdentity> {
  const file = path.join(dir, fileName(hostname));
  const existing = await readIdentity(file);
  if (existing) return existing;

  await mkdir(dir, { recursive: true, mode: 0o700 });
  const created = createSelfSigned(hostname);
  const temp = path.join(dir, `.${fileName(hostname)}.${process.pid}.${randomBytes(4).toString("hex")}`);
  await writeFile(temp, `${created.keyPem.trim()}\n${created.certPem.trim()}\n`, { mode: 0o600 });
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temp).catch(() => {});
  }
  const stored = await readIdentity(file);
  if (!stored) throw new Error(`the relay's TLS certificate in ${file} is unreadable`);
  return stored;
}

async function readIdentity(file: string): Promise<TlsIdentity | null> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const keyPem = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/.exec(text)?.[0];
  const certPem = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/.exec(text)?.[0];
  if (!keyPem || !certPem) throw new Error(`the relay's TLS certificate in ${file} is incomplete`);
  return { keyPem: `${keyPem}\n`, certPem: `${certPem}\n` };
}

/**
 * A self-signed server certificate naming `hostname` (and, for the local default, the loopback
 * addresses) in subjectAltName, which is what TLS clients check. Node's crypto makes keys but
 * not certificates, so node-forge builds the certificate around a key Node generated.
 */
export function createSelfSigned(hostname: string, days = 3650): TlsIdentity {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKey);
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f; // a positive serial
  certificate.serialNumber = serial.toString("hex");
  const now = Date.now();
  certificate.validity.notBefore = new Date(now - 60 * 60 * 1000);
  certificate.validity.notAfter = new Date(now + days * 24 * 60 * 60 * 1000);
  const subject = [{ name: "commonName", value: hostname }];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  const names = hostname === "localhost" ? ["localhost", "127.0.0.1", "::1"] : [hostname];
  certificate.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
    { name: "extKeyUsage", serverAuth: true },
    // type 2: DNS name, type 7: IP address.
    { name: "subjectAltName", altNames: names.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })) },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { keyPem: privateKey, certPem: forge.pki.certificateToPem(certificate) };
}
