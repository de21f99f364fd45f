import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** What the proxy does with one request. */
export type Decision =
  | "forward"
  /** Forward it, let the API do the work, then cut the client's connection before any answer. */
  | "forward-then-drop"
  /** Never answer. */
  | "hang"
  | { status: number; headers?: Record<string, string>; body: unknown };

export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  at: number;
  /** The API's status, for a forwarded request. */
  status?: number;
}

export interface FrontProxy {
  url: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A local HTTP server in front of the API, to play the failures a client meets on the way: an
 * answer from a rate limiter or a failing gateway, a connection cut after the API did the work,
 * an API that never answers. `decide` sees each request with its number (0-based) among those
 * with the same method and path.
 */
export async function startFrontProxy(target: string, decide: (request: SeenRequest, n: number) => Decision): Promise<FrontProxy> {
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const request: SeenRequest = { method: req.method ?? "GET", path: req.url ?? "/", headers: req.headers, at: Date.now() };
    const n = seen.filter(
      (earlier) => earlier.method === request.method && earlier.path.split("?")[0] === request.path.split("?")[0],
    ).length;
    seen.push(request);
    const body = await readBody(req);
    const decision = decide(request, n);
    if (decision === "hang") return;
    if (typeof decision === "object") {
      res.writeHead(decision.status, { "content-type": "application/json", ...decision.headers }).end(JSON.stringify(decision.body));
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => !["host", "connection", "content-length"].includes(name)) as Array<[string, string]>,
    );
    const answer = await fetch(target + request.path, {
      method: request.method,
      headers,
      ...(body.length > 0 ? { body } : {}),
    });
    const text = await answer.text();
    request.status = answer.status;
    if (decision === "forward-then-drop") {
      req.socket.destroy();
      return;
    }
    const answerHeaders: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!["content-length", "transfer-encoding", "connection", "keep-alive"].includes(name)) answerHeaders[name] = value;
    });
    res.writeHead(answer.status, answerHeaders).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
