import { AwsError } from "../server.ts";

/**
 * Decodes an `aws-chunked` body, the framing the SDK uses for streamed uploads: chunks of
 * `<hex size>[;chunk-signature=<sig>]\r\n<bytes>\r\n`, a zero-size chunk, then optional trailer
 * lines (`x-amz-checksum-crc32:<base64>`) and a blank line. Chunk signatures are not checked (the
 * server checks no signature at all); sizes and framing are.
 */
export function decodeAwsChunked(body: Buffer): { data: Buffer; trailers: Map<string, string> } {
  const parts: Buffer[] = [];
  const trailers = new Map<string, string>();
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd < 0) throw malformed("a chunk header is not terminated");
    const header = body.subarray(offset, lineEnd).toString("latin1");
    const sizeText = header.split(";", 1)[0]!.trim();
    if (!/^[0-9a-fA-F]{1,16}$/.test(sizeText)) throw malformed("a chunk size is not hexadecimal");
    const size = Number.parseInt(sizeText, 16);
    offset = lineEnd + 2;
    if (size === 0) break;
    if (offset + size + 2 > body.length) throw malformed("a chunk is shorter than its size");
    parts.push(body.subarray(offset, offset + size));
    offset += size;
    if (body[offset] !== 0x0d || body[offset + 1] !== 0x0a) throw malformed("a chunk does not end with CRLF");
    offset += 2;
  }
  // Trailer lines up to the blank line (or the end: some writers stop after the last trailer).
  while (offset < body.length) {
    const lineEnd = body.indexOf("\r\n", offset);
    const line = body.subarray(offset, lineEnd < 0 ? body.length : lineEnd).toString("latin1");
    offset = lineEnd < 0 ? body.length : lineEnd + 2;
    if (line === "") break;
    const colon = line.indexOf(":");
    if (colon <= 0) throw malformed("a trailer line has no name");
    trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { data: Buffer.concat(parts), trailers };
}

function malformed(reason: string): AwsError {
  return new AwsError("IncompleteBody", `The aws-chunked body is malformed: ${reason}.`, 400);
}
