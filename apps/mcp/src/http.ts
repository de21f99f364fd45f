import { randomUUID, timingSafeEqual } from "node:crypto";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { Svc, SvcApiError } from "@svc/sdk";
import express, { type Request, type Response } from "express";
import type { Confirmations } from "./confirmations.ts";
import { createMcpServer, fingerprintOf } from "./server.ts";

export interface McpHttpOptions {
  baseUrl: string;
  readOnly: boolean;
  confirm: boolean;
  confirmations: Confirmations;
  /** Sessions open at once, for all keys together… */
  maxSessions: number;
  /** …and for one key. */
  maxSessionsPerKey: number;
  /** A session unused this long is closed. */
  idleMs: number;
  fetch?: typeof fetch;
}

export const MCP_HTTP_DEFAULTS = { maxSessions: 100, maxSessionsPerKey: 10, idleMs: 15 * 60_000 };

/** Each request's body at most this (a send's HTML is at most 1 MB, and JSON escapes it). */
const MAX_BODY = "3mb";

interface Session {
  transport: StreamableHTTPServerTransport;
  server: McpServer;
  keyFingerprint: string;
  lastUsed: number;
}

/**
 * MCP over Streamable HTTP. Every request carries its own API key as a bearer token, and the
 * tools act with that key: the server holds no key of its own, so reaching it grants nothing.
 * A session (needed for elicitation, whose answer arrives on a later request) is bound to the key
 * that opened it; a request with another key is answered as if the session did not exist.
 * Sessions are bounded in number, per key and in idle time, and a key is checked with the API
 * before a session is opened for it, so strangers cannot fill the table.
 */
export function createMcpHttpApp(options: McpHttpOptions): { app: express.Express; close(): Promise<void> } {
  const sessions = new Map<string, Session>();
  const app = express();
  app.disable("x-powered-by");
  app.use(express.json({ limit: MAX_BODY }));

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [id, session] of sessions) if (now - session.lastUsed > options.idleMs) void closeSession(id);
  }, 60_000);
  sweep.unref();

  async function closeSession(id: string): Promise<void> {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.server.close().catch(() => undefined);
  }

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok", sessions: sessions.size });
  });

  app.all("/mcp", async (req: Request, res: Response) => {
    const apiKey = bearerOf(req);
    if (!apiKey) return jsonRpcError(res, 401, "Authorization: Bearer <API key> is required.");
    const keyFingerprint = fingerprintOf(apiKey);
    const sessionId = req.header("mcp-session-id");
    if (sessionId) {
      const session = sessions.get(sessionId);
      if (!session || !sameFingerprint(session.keyFingerprint, keyFingerprint)) return jsonRpcError(res, 404, "No such session.");
      session.lastUsed = Date.now();
      await session.transport.handleRequest(req, res, req.body);
      if (req.method === "DELETE") await closeSession(sessionId);
      return;
    }
    if (req.method !== "POST" || !isInitializeRequest(req.body)) {
      return jsonRpcError(res, 400, "Open a session first: POST an initialize request without Mcp-Session-Id.");
    }
    const refusal = await checkKey(options, apiKey);
    if (refusal) return jsonRpcError(res, refusal.status, refusal.message);
    const ofKey = [...sessions.values()].filter((session) => session.keyFingerprint === keyFingerprint).length;
    if (sessions.size >= options.maxSessions || ofKey >= options.maxSessionsPerKey) {
      res.setHeader("retry-after", "60");
      return jsonRpcError(res, 429, "Too many open sessions; close one or retry later.");
    }
    const server = createMcpServer({ ...options, apiKey });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server, keyFingerprint, lastUsed: Date.now() });
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });

  // express.json's refusals (a malformed or oversized body) as JSON-RPC errors, never a stack.
  app.use((error: { status?: number; type?: string }, _req: Request, res: Response, _next: express.NextFunction) => {
    const status = error.status === 413 ? 413 : 400;
    jsonRpcError(res, status, status === 413 ? `The request body is over ${MAX_BODY}.` : "The request body is not valid JSON.");
  });

  return {
    app,
    async close() {
      clearInterval(sweep);
      await Promise.all([...sessions.keys()].map(closeSession));
    },
  };
}

function bearerOf(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.header("authorization") ?? "");
  return match ? match[1]! : null;
}

function sameFingerprint(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** A key the API does not know is refused here; one whose scope cannot list emails (send-only) is still a key. */
async function checkKey(options: McpHttpOptions, apiKey: string): Promise<{ status: number; message: string } | null> {
  const svc = new Svc({ apiKey, baseUrl: options.baseUrl, retry: { maxRetries: 0 }, ...(options.fetch ? { fetch: options.fetch } : {}) });
  try {
    await svc.emails.listPage({ limit: 1 });
    return null;
  } catch (error) {
    if (error instanceof SvcApiError && error.status === 403) return null;
    if (error instanceof SvcApiError && error.status === 401) return { status: 401, message: "The API key was refused." };
    return { status: 503, message: "The API could not be reached to check the key; retry later." };
  }
}

function jsonRpcError(res: Response, status: number, message: string): void {
  res.status(status).json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null });
}
