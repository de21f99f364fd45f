import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The conformance suite's front proxy (its faults are described in sdks/conformance/scenarios.json):
 * a client uses `<proxy>/<fault>/<token>` as its base URL, the proxy plays the fault or forwards
 * to the API, and `GET /_seen/<token>` tells any SDK's test what was asked and answered. Faults
 * are chosen by the URL so that a test in any language drives them with nothing but its client.
 */
type Fault = "pass" | "503-once" | "429-once" | "429-always" | "html-502" | "drop-once";
const FAULTS = new Set<Fault>(["pass", "503-once", "429-once", "429-always", "html-502", "drop-once"]);

interface Seen {
  method: string;
  path: string;
  idempotencyKey: string | null;
  at: number;
  status: number | null;
}

export interface ConformanceProxy {
  url: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answer(res: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  res.writeHead(status, headers).end(body);
}

const apiError = (error: string, code: string) => JSON.stringify({ error, code });

export async function startConformanceProxy(target: string): Promise<ConformanceProxy> {
  const seen = new Map<string, Seen[]>();
  const server = createServer(async (req, res) => {
    const [, first = "", token = "", ...rest] = (req.url ?? "/").split("/");
    if (first === "_seen") return answer(res, 200, { "content-type": "application/json" }, JSON.stringify(seen.get(token) ?? []));
    const fault = first as Fault;
    if (!FAULTS.has(fault) || token === "") return answer(res, 404, { "content-type": "text/plain" }, "unknown fault or token");
    const path = `/${rest.join("/")}`;
    const log = seen.get(token) ?? [];
    seen.set(token, log);
    const idempotencyKey = req.headers["idempotency-key"];
    const request: Seen = {
      method: req.method ?? "GET",
      path,
      idempotencyKey: typeof idempotencyKey === "string" ? idempotencyKey : null,
      at: Date.now(),
      status: null,
    };
    const pathname = path.split("?")[0];
    const first_ = !log.some((earlier) => earlier.method === request.method && earlier.path.split("?")[0] === pathname);
    log.push(request);
    const body = await readBody(req);
    const json = { "content-type": "application/json" };

    if (fault === "html-502") {
      request.status = 502;
      return answer(res, 502, { "content-type": "text/html" }, "<html><body><h1>502 Bad Gateway</h1></body></html>");
    }
    if (fault === "429-always" || (fault === "429-once" && first_)) {
      request.status = 429;
      return answer(res, 429, { ...json, "retry-after": "1" }, apiError("Too many requests.", "rate_limited"));
    }
    if (fault === "503-once" && first_) {
      request.status = 503;
      return answer(res, 503, json, apiError("Unavailable, try again.", "unavailable"));
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)) as Array<[string, string]>,
    );
    const upstream = await fetch(target + path, { method: request.method, headers, ...(body.length > 0 ? { body } : {}) });
    const text = await upstream.text();
    if (fault === "drop-once" && first_) {
      // The API did the work; the client gets no answer at all, as when a connection dies on the way back.
      request.status = null;
      req.socket.destroy();
      return;
    }
    request.status = upstream.status;
    const answerHeaders: Record<string, string> = {};
    upstream.headers.forEach((value, name) => {
      if (!["content-length", "transfer-encoding", "connection", "keep-alive", "content-encoding"].includes(name))
        answerHeaders[name] = value;
    });
    answer(res, upstream.status, answerHeaders, text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
