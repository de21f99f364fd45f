import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { isS3Request } from "./s3/http.ts";
import type { AwsLocalState } from "./state.ts";
import { renderXml, type XmlValue } from "./xml.ts";

/**
 * One loopback HTTP server answering two AWS wire protocols, so that the real AWS SDK clients can
 * be pointed at it with their `endpoint` option:
 *
 * - SES v2, REST-JSON: the method and a path under /v2/email/ pick the operation; bodies are JSON;
 *   an error is an HTTP status, an `x-amzn-ErrorType` header naming the error shape and a JSON
 *   `{message}` body (the SDK reads the code from that header).
 * - SNS and classic SES (v1: receipt rules), the query protocol: `POST /` with a form-encoded
 *   `Action=…` body (or the same as a GET query, which is how a SubscribeURL is visited); the
 *   `Version` parameter tells the two services apart (SES's is 2010-12-01). Answers are
 *   `<ActionResponse><ActionResult>` XML, errors `<ErrorResponse><Error><Type/><Code/><Message/></Error>`.
 *
 * - S3, REST-XML, path-style (`/<bucket>/<key>`): told apart from the others by the `s3` service in
 *   the request's SigV4 credential scope; one handler (`src/s3/`) reads the raw request, since
 *   uploads are streams of any size and framing (`aws-chunked`).
 *
 * Operations live in modules (one per resource group) that register themselves here; the server
 * only routes, parses and renders.
 */

/** An error the AWS API documents for the operation; rendered in the caller's protocol. */
export class AwsError extends Error {
  constructor(
    /** The error shape's name: `NotFoundException` for SES, `NotFound` for SNS. */
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface SesRequest {
  /** Path parameters by their name in the route template, decoded. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body; `{}` when there was none. */
  body: Record<string, unknown>;
  state: AwsLocalState;
  /** The server's own base URL (what SNS notifications published on SES's behalf link to). */
  baseUrl: string;
}
/** Returns the JSON answer (sent with status 200). */
export type SesHandler = (request: SesRequest) => unknown | Promise<unknown>;

/** A query-protocol request (SNS, or classic SES's receipt rules). */
export interface SnsRequest {
  /** Every form (or query) parameter, flattened as the query protocol sends them. */
  params: URLSearchParams;
  state: AwsLocalState;
  /** The server's own base URL (certificate and SubscribeURL links are built from it). */
  baseUrl: string;
}
/** Returns what goes inside `<ActionResult>`; `undefined` for actions with no result. */
export type SnsHandler = (request: SnsRequest) => XmlValue | undefined | Promise<XmlValue | undefined>;

/** Serves every S3 request itself: it reads uploads as streams and writes its own answers. */
export type S3Handler = (req: IncomingMessage, res: ServerResponse, state: AwsLocalState, url: URL) => Promise<void>;

/**
 * One of aws-local's own operations, outside AWS's APIs (`POST /_aws-local/…`, JSON in and out):
 * what a test does to `state` directly, for a client in another process.
 */
export type ControlHandler = (body: Record<string, unknown>, state: AwsLocalState) => unknown;

/** A plain GET served as-is (SNS's signing certificate). */
export type RawHandler = (state: AwsLocalState) => { contentType: string; body: string } | undefined;

interface SesRoute {
  method: string;
  /** Path segments; `{Name}` segments capture a parameter. */
  segments: string[];
  handler: SesHandler;
}

/** What a resource module gets to register its operations. */
export interface AwsLocalRoutes {
  ses(method: "GET" | "POST" | "PUT" | "DELETE", pathTemplate: string, handler: SesHandler): void;
  sns(action: string, handler: SnsHandler): void;
  /** A classic SES (v1, query protocol) action such as CreateReceiptRuleSet. */
  sesClassic(action: string, handler: SnsHandler): void;
  raw(path: string, handler: RawHandler): void;
  /** `POST <path>` under `/_aws-local/`. */
  control(path: string, handler: ControlHandler): void;
  s3(handler: S3Handler): void;
}

/** A resource group's operations (configuration sets, account, topics, …). */
export type AwsLocalModule = (routes: AwsLocalRoutes) => void;

const CONTROL_PREFIX = "/_aws-local/";
const SNS_XML_NAMESPACE = "http://sns.amazonaws.com/doc/2010-03-31/";
const SES_CLASSIC_VERSION = "2010-12-01";
const SES_CLASSIC_XML_NAMESPACE = "http://ses.amazonaws.com/doc/2010-12-01/";
/**
 * Room for SendEmail's largest request: SES takes messages up to 40 MB, and the JSON protocol
 * carries attachment bytes as base64.
 */
const MAX_BODY_BYTES = 60 * 1024 * 1024;

export class AwsLocalRouter implements AwsLocalRoutes {
  private readonly sesRoutes: SesRoute[] = [];
  private readonly snsActions = new Map<string, SnsHandler>();
  private readonly sesClassicActions = new Map<string, SnsHandler>();
  private readonly rawRoutes = new Map<string, RawHandler>();
  private readonly controlRoutes = new Map<string, ControlHandler>();
  private s3Handler: S3Handler | undefined;

  ses(method: string, pathTemplate: string, handler: SesHandler): void {
    this.sesRoutes.push({ method, segments: pathTemplate.split("/").filter(Boolean), handler });
  }

  sns(action: string, handler: SnsHandler): void {
    if (this.snsActions.has(action)) throw new Error(`SNS action ${action} registered twice`);
    this.snsActions.set(action, handler);
  }

  sesClassic(action: string, handler: SnsHandler): void {
    if (this.sesClassicActions.has(action)) throw new Error(`SES action ${action} registered twice`);
    this.sesClassicActions.set(action, handler);
  }

  raw(path: string, handler: RawHandler): void {
    this.rawRoutes.set(path, handler);
  }

  control(path: string, handler: ControlHandler): void {
    if (!path.startsWith(CONTROL_PREFIX)) throw new Error(`control paths start with ${CONTROL_PREFIX}`);
    this.controlRoutes.set(path, handler);
  }

  s3(handler: S3Handler): void {
    if (this.s3Handler) throw new Error("S3 handler registered twice");
    this.s3Handler = handler;
  }

  async handle(req: IncomingMessage, res: ServerResponse, state: AwsLocalState, baseUrl: string): Promise<void> {
    const url = new URL(req.url ?? "/", baseUrl);
    const method = req.method ?? "GET";
    const isControl = method === "POST" && this.controlRoutes.has(url.pathname);
    const isRaw = method === "GET" && this.rawRoutes.has(url.pathname);
    if (state.fault.mode === "blackhole" && !isControl && !isRaw) {
      // Taken and never answered: the caller's own timeout is all that ends it.
      req.resume();
      return;
    }
    if (this.s3Handler && isS3Request(req, url)) {
      await this.s3Handler(req, res, state, url);
      return;
    }
    if (url.pathname.startsWith("/v2/email/")) {
      await this.handleSes(method, url, req, res, state, baseUrl);
      return;
    }
    const control = method === "POST" ? this.controlRoutes.get(url.pathname) : undefined;
    if (control) {
      await handleControl(control, req, res, state);
      return;
    }
    const raw = method === "GET" ? this.rawRoutes.get(url.pathname) : undefined;
    const rawAnswer = raw?.(state);
    if (rawAnswer) {
      res.writeHead(200, { "content-type": rawAnswer.contentType }).end(rawAnswer.body);
      return;
    }
    if (url.pathname === "/") {
      await this.handleQuery(method, url, req, res, state, baseUrl);
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("aws-local: no such path\n");
  }

  private async handleSes(
    method: string,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse,
    state: AwsLocalState,
    baseUrl: string,
  ): Promise<void> {
    const requestId = randomUUID();
    try {
      if (state.fault.mode === "errors") throw new AwsError("ServiceUnavailableException", "aws-local: this region is failing.", 503);
      const match = this.matchSes(method, url.pathname);
      if (!match) throw new AwsError("UnknownOperationException", `aws-local does not serve ${method} ${url.pathname}`, 404);
      const text = await readBody(req);
      let body: Record<string, unknown> = {};
      if (text.length > 0) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new AwsError("BadRequestException", "The request body is not valid JSON.");
        }
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
          throw new AwsError("BadRequestException", "The request body must be a JSON object.");
        }
        body = parsed as Record<string, unknown>;
      }
      const answer = await match.route.handler({ params: match.params, query: url.searchParams, body, state, baseUrl });
      await answerLate(state);
      res.writeHead(200, { "content-type": "application/json", "x-amzn-requestid": requestId }).end(JSON.stringify(answer ?? {}));
    } catch (error) {
      const awsError = asAwsError(error, "InternalFailure");
      res
        .writeHead(awsError.status, {
          "content-type": "application/json",
          "x-amzn-requestid": requestId,
          "x-amzn-errortype": awsError.code,
        })
        .end(JSON.stringify({ message: awsError.message }));
    }
  }

  private matchSes(method: string, pathname: string): { route: SesRoute; params: Record<string, string> } | undefined {
    const segments = pathname.split("/").filter(Boolean);
    for (const route of this.sesRoutes) {
      if (route.method !== method || route.segments.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let matched = true;
      for (const [index, template] of route.segments.entries()) {
        const actual = segments[index]!;
        if (template.startsWith("{") && template.endsWith("}")) {
          try {
            params[template.slice(1, -1)] = decodeURIComponent(actual);
          } catch {
            matched = false;
            break;
          }
        } else if (template !== actual) {
          matched = false;
          break;
        }
      }
      if (matched) return { route, params };
    }
    return undefined;
  }

  private async handleQuery(
    method: string,
    url: URL,
    req: IncomingMessage,
    res: ServerResponse,
    state: AwsLocalState,
    baseUrl: string,
  ): Promise<void> {
    const requestId = randomUUID();
    let action = "";
    let namespace = SNS_XML_NAMESPACE;
    try {
      const params = method === "POST" ? new URLSearchParams(await readBody(req)) : url.searchParams;
      action = params.get("Action") ?? "";
      const classicSes = params.get("Version") === SES_CLASSIC_VERSION;
      if (classicSes) namespace = SES_CLASSIC_XML_NAMESPACE;
      if (state.fault.mode === "errors") throw new AwsError("ServiceUnavailable", "aws-local: this region is failing.", 503);
      const handler = (classicSes ? this.sesClassicActions : this.snsActions).get(action);
      if (!handler) throw new AwsError("InvalidAction", `aws-local does not serve the ${classicSes ? "SES" : "SNS"} action "${action}"`);
      const result = await handler({ params, state, baseUrl });
      await answerLate(state);
      const inner = result === undefined ? "" : `<${action}Result>${renderXml(result)}</${action}Result>`;
      res
        .writeHead(200, { "content-type": "text/xml", "x-amzn-requestid": requestId })
        .end(
          `<?xml version="1.0"?>\n<${action}Response xmlns="${namespace}">${inner}` +
            `<ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></${action}Response>\n`,
        );
    } catch (error) {
      const awsError = asAwsError(error, "InternalError");
      const type = awsError.status >= 500 ? "Receiver" : "Sender";
      res
        .writeHead(awsError.status, { "content-type": "text/xml", "x-amzn-requestid": requestId })
        .end(
          `<?xml version="1.0"?>\n<ErrorResponse xmlns="${namespace}"><Error>` +
            renderXml({ Type: type, Code: awsError.code, Message: awsError.message }) +
            `</Error><RequestId>${requestId}</RequestId></ErrorResponse>\n`,
        );
    }
  }
}

async function handleControl(handler: ControlHandler, req: IncomingMessage, res: ServerResponse, state: AwsLocalState): Promise<void> {
  let body: unknown;
  try {
    const text = await readBody(req);
    body = text.length > 0 ? JSON.parse(text) : {};
  } catch {
    body = undefined;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    res.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ message: "The body must be a JSON object." }));
    return;
  }
  try {
    const answer = JSON.stringify(handler(body as Record<string, unknown>, state) ?? {});
    res.writeHead(200, { "content-type": "application/json" }).end(answer);
  } catch (error) {
    const awsError = asAwsError(error, "InternalFailure");
    res.writeHead(awsError.status, { "content-type": "application/json" }).end(JSON.stringify({ message: awsError.message }));
  }
}

/** With the `timeouts` fault, the work is done and its answer held back (a caller with a shorter timeout never sees it). */
async function answerLate(state: AwsLocalState): Promise<void> {
  if (state.fault.mode === "timeouts") await new Promise((resolve) => setTimeout(resolve, state.fault.delayMs));
}

function asAwsError(error: unknown, internalCode: string): AwsError {
  if (error instanceof AwsError) return error;
  return new AwsError(internalCode, `aws-local failed: ${error instanceof Error ? error.message : String(error)}`, 500);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new AwsError("RequestEntityTooLarge", "The request body is too large.", 413);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/** Serves `router` on a free loopback port. */
export async function listenLoopback(router: AwsLocalRouter, state: AwsLocalState, port = 0): Promise<{ server: Server; url: string }> {
  let baseUrl = "";
  const server = createServer((req, res) => {
    router.handle(req, res, state, baseUrl).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`aws-local failed: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, url: baseUrl };
}
