import { request } from "node:http";

/**
 * POST /emails with a prepared body over a plain http.request (fetch would copy a body of tens of
 * megabytes again): the answer's status, text and Retry-After. A refused connection rejects.
 */
export function postEmailBody(
  url: string,
  key: string,
  body: Buffer,
): Promise<{ status: number; text: string; retryAfter: string | undefined }> {
  return new Promise((resolve, reject) => {
    const target = new URL("/emails", url);
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: "/emails",
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            retryAfter: res.headers["retry-after"] as string | undefined,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
