import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { AwsError } from "../server.ts";
import type { S3State } from "../state.ts";
import { escapeXml } from "../xml.ts";
import { decodeAwsChunked } from "./chunked.ts";
import { checkRoom, crc32Base64 } from "./objects.ts";

/**
 * S3's REST-XML wire format: which requests are S3's, reading an upload's bytes (plain, or
 * `aws-chunked` with a trailing checksum) and checking the integrity headers the SDK sends,
 * and rendering S3's XML errors.
 */

export const S3_XML_NAMESPACE = "http://s3.amazonaws.com/doc/2006-03-01/";

/**
 * S3 requests are told apart by the service in their SigV4 credential scope
 * (`…/<region>/s3/aws4_request`, in the Authorization header or a presigned URL's query), so
 * that any bucket name (even `v2`) routes here and SES/SNS paths are untouched.
 */
export function isS3Request(req: IncomingMessage, url: URL): boolean {
  const authorization = req.headers.authorization ?? "";
  if (/Credential=[^,]*\/s3\/aws4_request/.test(authorization)) return true;
  return /\/s3\/aws4_request$/.test(url.searchParams.get("X-Amz-Credential") ?? "");
}

/** Splits a path-style URL into its bucket and key (`forcePathStyle: true` on the client). */
export function bucketAndKey(url: URL): { bucket: string; key: string } {
  const path = url.pathname.slice(1);
  const slash = path.indexOf("/");
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      throw new AwsError("InvalidURI", "Couldn't parse the specified URI.", 400);
    }
  };
  if (slash < 0) return { bucket: decode(path), key: "" };
  return { bucket: decode(path.slice(0, slash)), key: decode(path.slice(slash + 1)) };
}

/**
 * Reads an upload's bytes. An `aws-chunked` body is decoded; `x-amz-decoded-content-length`,
 * a signed payload's SHA-256, `Content-MD5` and a CRC32 checksum (header or trailer) are checked,
 * so that a test that reads an object back knows the bytes arrived intact.
 */
export async function readUpload(req: IncomingMessage, s3: S3State): Promise<{ body: Buffer; chunked: boolean }> {
  const declared = Number(req.headers["x-amz-decoded-content-length"] ?? req.headers["content-length"] ?? 0);
  if (Number.isFinite(declared) && declared > 0) checkRoom(s3, declared);
  const framingAllowance = 64 * 1024 + Math.ceil(Math.max(declared, 0) / 1024);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > s3.maxBytes - s3.bytes + framingAllowance)
      throw new AwsError("EntityTooLarge", `aws-local holds at most ${s3.maxBytes} object bytes in memory.`, 400);
    chunks.push(chunk as Buffer);
  }
  let body: Buffer = Buffer.concat(chunks);
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  const chunked = String(req.headers["content-encoding"] ?? "").includes("aws-chunked") || payloadHash.startsWith("STREAMING-");
  let trailers = new Map<string, string>();
  if (chunked) {
    ({ data: body, trailers } = decodeAwsChunked(body));
    const decodedLength = req.headers["x-amz-decoded-content-length"];
    if (decodedLength !== undefined && Number(decodedLength) !== body.length)
      throw new AwsError("IncompleteBody", "The decoded body's length differs from x-amz-decoded-content-length.", 400);
  } else if (/^[0-9a-f]{64}$/.test(payloadHash) && createHash("sha256").update(body).digest("hex") !== payloadHash) {
    throw new AwsError("XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed.", 400);
  }
  const md5 = req.headers["content-md5"];
  if (typeof md5 === "string" && createHash("md5").update(body).digest("base64") !== md5)
    throw new AwsError("BadDigest", "The Content-MD5 you specified did not match what we received.", 400);
  const crc = (req.headers["x-amz-checksum-crc32"] as string | undefined) ?? trailers.get("x-amz-checksum-crc32");
  if (crc !== undefined && crc !== crc32Base64(body))
    throw new AwsError("BadDigest", "The CRC32 you specified did not match the calculated checksum.", 400);
  return { body, chunked };
}

/** Reads a small XML request body (DeleteObjects, CreateBucket's configuration). */
export async function readSmallBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new AwsError("MaxMessageLengthExceeded", "Your request was too big.", 400);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export function sendXml(res: ServerResponse, status: number, xml: string, headers: Record<string, string> = {}): void {
  res
    .writeHead(status, { "content-type": "application/xml", "x-amz-request-id": randomUUID(), ...headers })
    .end(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
}

/** S3's error document; a HEAD answer carries no body, so the SDK reads the status alone. */
export function sendError(res: ServerResponse, method: string, error: AwsError, resource: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (method === "HEAD") {
    res.writeHead(error.status, { "x-amz-request-id": randomUUID() }).end();
    return;
  }
  sendXml(
    res,
    error.status,
    `<Error><Code>${escapeXml(error.code)}</Code><Message>${escapeXml(error.message)}</Message>` +
      `<Resource>${escapeXml(resource)}</Resource></Error>`,
  );
}

/** XML text back to its characters (the few entities the SDK's serializer writes). */
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);/g, (_, entity: string) => {
    if (entity.startsWith("#x")) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith("#")) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" }[entity]!;
  });
}
