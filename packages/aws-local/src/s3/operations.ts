import type { IncomingMessage, ServerResponse } from "node:http";
import { AwsError, type AwsLocalRoutes } from "../server.ts";
import type { AwsLocalState } from "../state.ts";
import { escapeXml } from "../xml.ts";
import { bucketAndKey, readSmallBody, readUpload, S3_XML_NAMESPACE, sendError, sendXml, unescapeXml } from "./http.ts";
import { deleteObject, putObject, requireBucket, requireObject } from "./objects.ts";

/**
 * The S3 operations the service uses, path-style (`/<bucket>/<key>`): CreateBucket, HeadBucket,
 * DeleteBucket, ListObjectsV2, PutObject, GetObject (with a single Range), HeadObject,
 * DeleteObject and DeleteObjects. `state.s3.unavailable` makes every S3 request answer
 * 503 ServiceUnavailable, for tests of an object store that is down.
 */
export function s3(routes: AwsLocalRoutes): void {
  routes.s3(async (req, res, state, url) => {
    const method = req.method ?? "GET";
    let resource = url.pathname;
    try {
      if (state.s3.unavailable) {
        req.resume();
        throw new AwsError("ServiceUnavailable", "Please reduce your request rate.", 503);
      }
      const { bucket, key } = bucketAndKey(url);
      resource = key ? `${bucket}/${key}` : bucket;
      if (!bucket) throw new AwsError("NotImplemented", "aws-local serves path-style bucket requests only (forcePathStyle: true).", 501);
      if (key) await objectOperation(method, bucket, key, req, res, state, url);
      else await bucketOperation(method, bucket, req, res, state, url);
    } catch (error) {
      const awsError = error instanceof AwsError ? error : new AwsError("InternalError", `aws-local failed: ${String(error)}`, 500);
      if (!req.readableEnded) req.resume();
      sendError(res, method, awsError, resource);
    }
  });
}

async function bucketOperation(
  method: string,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
  state: AwsLocalState,
  url: URL,
): Promise<void> {
  const s3 = state.s3;
  if (method === "PUT") {
    state.calls.push("s3:CreateBucket");
    await readSmallBody(req);
    if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(name))
      throw new AwsError("InvalidBucketName", "The specified bucket is not valid.", 400);
    if (s3.buckets.has(name))
      throw new AwsError(
        "BucketAlreadyOwnedByYou",
        "Your previous request to create the named bucket succeeded and you already own it.",
        409,
      );
    s3.buckets.set(name, { name, createdAt: new Date(), objects: new Map() });
    res.writeHead(200, { location: `/${name}` }).end();
    return;
  }
  if (method === "HEAD") {
    state.calls.push("s3:HeadBucket");
    requireBucket(s3, name);
    res.writeHead(200, { "x-amz-bucket-region": state.region }).end();
    return;
  }
  if (method === "DELETE") {
    state.calls.push("s3:DeleteBucket");
    if (requireBucket(s3, name).objects.size > 0) throw new AwsError("BucketNotEmpty", "The bucket you tried to delete is not empty.", 409);
    s3.buckets.delete(name);
    res.writeHead(204).end();
    return;
  }
  if (method === "POST" && url.searchParams.has("delete")) {
    state.calls.push("s3:DeleteObjects");
    requireBucket(s3, name);
    const body = await readSmallBody(req);
    const keys = [...body.matchAll(/<Object>\s*<Key>([\s\S]*?)<\/Key>/g)].map((match) => unescapeXml(match[1]!));
    if (keys.length > 1000) throw new AwsError("MalformedXML", "DeleteObjects takes at most 1000 keys.", 400);
    const quiet = /<Quiet>\s*true\s*<\/Quiet>/.test(body);
    for (const key of keys) deleteObject(s3, name, key);
    const deleted = quiet ? "" : keys.map((key) => `<Deleted><Key>${escapeXml(key)}</Key></Deleted>`).join("");
    sendXml(res, 200, `<DeleteResult xmlns="${S3_XML_NAMESPACE}">${deleted}</DeleteResult>`);
    return;
  }
  if (method === "GET" && url.searchParams.get("list-type") === "2") {
    state.calls.push("s3:ListObjectsV2");
    listObjectsV2(name, res, state, url.searchParams);
    return;
  }
  throw new AwsError("NotImplemented", `aws-local does not serve ${method} on a bucket with this query.`, 501);
}

function listObjectsV2(name: string, res: ServerResponse, state: AwsLocalState, query: URLSearchParams): void {
  const bucket = requireBucket(state.s3, name);
  const prefix = query.get("prefix") ?? "";
  const maxKeys = Math.min(Math.max(Number(query.get("max-keys") ?? 1000) || 0, 0), 1000);
  const token = query.get("continuation-token");
  const after = token !== null ? Buffer.from(token, "base64url").toString("utf8") : (query.get("start-after") ?? "");
  const keys = [...bucket.objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = bucket.objects.get(key)!;
      return (
        `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
        `<ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      );
    })
    .join("");
  const next = truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!, "utf8").toString("base64url")}</NextContinuationToken>` : "";
  const echoedToken = token !== null ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : "";
  sendXml(
    res,
    200,
    `<ListBucketResult xmlns="${S3_XML_NAMESPACE}"><Name>${escapeXml(name)}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
      `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
      `${echoedToken}${next}${contents}</ListBucketResult>`,
  );
}

async function objectOperation(
  method: string,
  bucket: string,
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
  state: AwsLocalState,
  url: URL,
): Promise<void> {
  const s3 = state.s3;
  if (method === "PUT") {
    state.calls.push("s3:PutObject");
    if (req.headers["x-amz-copy-source"] !== undefined || url.searchParams.has("uploadId"))
      throw new AwsError("NotImplemented", "aws-local does not serve CopyObject or multipart uploads.", 501);
    requireBucket(s3, bucket);
    const { body, chunked } = await readUpload(req, s3);
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers))
      if (name.startsWith("x-amz-meta-") && typeof value === "string") metadata[name.slice("x-amz-meta-".length)] = value;
    const object = putObject(s3, bucket, key, body, {
      contentType: req.headers["content-type"] ?? "binary/octet-stream",
      metadata,
      encoding: chunked ? "aws-chunked" : "plain",
    });
    res.writeHead(200, { etag: object.etag, "x-amz-checksum-crc32": object.crc32 }).end();
    return;
  }
  if (method === "GET" || method === "HEAD") {
    state.calls.push(method === "GET" ? "s3:GetObject" : "s3:HeadObject");
    const object = requireObject(s3, bucket, key);
    const range = method === "GET" ? parseRange(req.headers.range, object.body.length) : undefined;
    const headers: Record<string, string> = {
      "content-type": object.contentType,
      etag: object.etag,
      "last-modified": object.lastModified.toUTCString(),
      "accept-ranges": "bytes",
      ...Object.fromEntries(Object.entries(object.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value])),
    };
    if (range) {
      headers["content-range"] = `bytes ${range.start}-${range.end}/${object.body.length}`;
      headers["content-length"] = String(range.end - range.start + 1);
      res.writeHead(206, headers).end(object.body.subarray(range.start, range.end + 1));
      return;
    }
    // A whole-object read carries the checksum, which the SDK verifies as it reads the body.
    if (req.headers["x-amz-checksum-mode"] === "ENABLED") headers["x-amz-checksum-crc32"] = object.crc32;
    headers["content-length"] = String(object.body.length);
    if (method === "HEAD") res.writeHead(200, headers).end();
    else res.writeHead(200, headers).end(object.body);
    return;
  }
  if (method === "DELETE") {
    state.calls.push("s3:DeleteObject");
    requireBucket(s3, bucket);
    deleteObject(s3, bucket, key);
    res.writeHead(204).end();
    return;
  }
  throw new AwsError("NotImplemented", `aws-local does not serve ${method} on an object.`, 501);
}

/** One `bytes=` range (`a-b`, `a-`, `-n`); anything else reads the whole object, as S3 does. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? "");
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(size - Number(match[2]), 0);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) throw new AwsError("InvalidRange", "The requested range is not satisfiable.", 416);
  return { start, end };
}
