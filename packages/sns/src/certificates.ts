import { X509Certificate } from "node:crypto";

/** How a certificate is fetched; injectable so tests (and proxies) can supply their own transport. */
export type FetchCertificateText = (url: string) => Promise<string>;

export interface CertificateCacheOptions {
  /** At most this many certificates are kept; the least recently used goes first. */
  maxEntries?: number;
  fetchText?: FetchCertificateText;
  /** Per fetch, for the default transport. */
  timeoutMs?: number;
  /** How long a failed fetch answers from the cache before the URL is tried again. */
  failureTtlMs?: number;
  /** Fetches allowed in flight at once; a message needing another is refused, not queued. */
  maxConcurrentFetches?: number;
  /** Told of every fetch once it settles (for metrics). */
  onFetch?: (result: "ok" | "error") => void;
}

interface Entry {
  certificate: Promise<X509Certificate>;
  /** Set once the fetch failed: until then (epoch ms) the failure is the answer. */
  failedUntil?: number;
}

const MAX_CERT_BYTES = 64 * 1024;

export class CertificateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CertificateError";
  }
}

/**
 * Signing certificates by URL, fetched once and kept (SNS publishes a new URL when it rotates, so
 * a URL's certificate never changes). Concurrent requests for one URL share one fetch.
 *
 * Every unauthenticated POST names a certificate URL, so fetching is what an attacker can make
 * us do: a failed fetch is remembered for `failureTtlMs` (repeats cost nothing), and at most
 * `maxConcurrentFetches` run at once (beyond that the message is refused; SNS retries later).
 */
export class CertificateCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly fetchText: FetchCertificateText;
  private readonly failureTtlMs: number;
  private readonly maxConcurrentFetches: number;
  private inFlight = 0;
  private readonly onFetch: ((result: "ok" | "error") => void) | undefined;
  /** Number of fetches started: lets tests and metrics see that the cache works. */
  fetchCount = 0;

  constructor(options: CertificateCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 100;
    this.fetchText = options.fetchText ?? defaultFetchText(options.timeoutMs ?? 5000);
    this.failureTtlMs = options.failureTtlMs ?? 10_000;
    this.maxConcurrentFetches = options.maxConcurrentFetches ?? 8;
    this.onFetch = options.onFetch;
  }

  get(url: string, now: number = Date.now()): Promise<X509Certificate> {
    const cached = this.entries.get(url);
    if (cached && (cached.failedUntil === undefined || cached.failedUntil > now)) {
      // Re-insert to mark as most recently used.
      this.entries.delete(url);
      this.entries.set(url, cached);
      return cached.certificate;
    }
    if (this.inFlight >= this.maxConcurrentFetches) {
      return Promise.reject(new CertificateError("too many signing certificates are being fetched at once; try again later"));
    }
    this.fetchCount += 1;
    this.inFlight += 1;
    const entry: Entry = { certificate: this.load(url) };
    this.entries.delete(url);
    this.entries.set(url, entry);
    entry.certificate.then(
      () => {
        this.inFlight -= 1;
        this.onFetch?.("ok");
      },
      () => {
        this.inFlight -= 1;
        entry.failedUntil = Date.now() + this.failureTtlMs;
        this.onFetch?.("error");
      },
    );
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry.certificate;
  }

  private async load(url: string): Promise<X509Certificate> {
    const text = await this.fetchText(url);
    return parseCertificate(text);
  }
}

/** Parses one PEM certificate and refuses one outside its validity period. */
export function parseCertificate(pem: string, now: Date = new Date()): X509Certificate {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(pem);
  } catch {
    throw new CertificateError("the signing certificate is not a valid X.509 certificate");
  }
  assertCurrentlyValid(certificate, now);
  return certificate;
}

export function assertCurrentlyValid(certificate: X509Certificate, now: Date = new Date()): void {
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo)) {
    throw new CertificateError("the signing certificate is expired or not yet valid");
  }
}

/** GET with a timeout, no redirects (a redirect could lead off the trusted URL) and a size cap. */
function defaultFetchText(timeoutMs: number): FetchCertificateText {
  return async (url) => {
    let response: Response;
    try {
      response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw new CertificateError(`could not fetch the signing certificate: ${(error as Error).message}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new CertificateError(`fetching the signing certificate answered HTTP ${response.status}`);
    }
    const declared = Number(response.headers.get("content-length") ?? "0");
    if (declared > MAX_CERT_BYTES) {
      await response.body?.cancel();
      throw new CertificateError("the signing certificate is too large");
    }
    return readCapped(response, MAX_CERT_BYTES);
  };
}

/** Reads a body as UTF-8, giving up as soon as it exceeds `maxBytes` (no declared length needed). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new CertificateError("the signing certificate is too large");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
