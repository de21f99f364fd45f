import { type ChildProcess, spawn } from "node:child_process";
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * SES for tests, two ways, both real HTTP peers of the real AWS SDK:
 * - `startSesLocal`: the aws-ses-v2-local emulator as a child process on a free port; what was
 *   sent is read back from its `GET /store`.
 * - `startScriptedSes`: a tiny server that answers each SendEmail request as a script says
 *   (SES-shaped JSON errors, or an accept with a MessageId) and records what it received; it
 *   serves no other operation.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const EMULATOR_CLI = path.join(root, "node_modules/aws-ses-v2-local/dist/cli.js");

/** The SDK's default credential chain needs something to sign with; the peers accept anything. */
export const FAKE_AWS_CREDENTIALS = { AWS_ACCESS_KEY_ID: "AKIDTEST", AWS_SECRET_ACCESS_KEY: "test-secret" };

export interface StoredEmail {
  messageId: string;
  from: string;
  replyTo?: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { html?: string; text?: string };
  /** Simple content's custom headers, as sent. */
  headers?: Array<{ name: string; value: string }>;
  /** `content` is the file's bytes in base64. */
  attachments?: Array<{
    filename: string;
    content: string;
    contentType: string;
    contentDisposition?: string;
    contentId?: string;
    size: number;
  }>;
  at: number;
}

export interface SesLocal {
  url: string;
  emails(): Promise<StoredEmail[]>;
  clear(): Promise<void>;
  stop(): Promise<void>;
}

export async function startSesLocal(): Promise<SesLocal> {
  const child = spawn(process.execPath, [EMULATOR_CLI, "--host", "127.0.0.1", "--port", "0"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /server running at http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) {
        child.stdout?.off("data", onData);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`aws-ses-v2-local exited (${code}): ${output}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url,
    async emails() {
      const response = await fetch(`${url}/store`);
      const store = (await response.json()) as { emails: StoredEmail[] };
      return store.emails;
    },
    async clear() {
      await fetch(`${url}/clear-store`, { method: "POST" });
    },
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

export interface ScriptedAnswer {
  status: number;
  /** Sent as `x-amzn-ErrorType`, as SES does. */
  errorTypeHeader?: string;
  body?: Record<string, unknown>;
  /** Never answer (the client must time out). */
  hang?: boolean;
}

export interface RecordedRequest {
  at: number;
  path: string;
  body: Record<string, unknown>;
}

export interface ScriptedSes {
  url: string;
  requests: RecordedRequest[];
  stop(): Promise<void>;
}

/** Answers request number n (0-based) with `script(n, body)`, which may take its time. */
export async function startScriptedSes(
  script: (n: number, body: Record<string, unknown>) => ScriptedAnswer | Promise<ScriptedAnswer>,
): Promise<ScriptedSes> {
  const requests: RecordedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      // Only SendEmail is scripted; other operations (a sender making its tenant) are not served.
      if (!req.url?.startsWith("/v2/email/outbound-emails")) {
        res.writeHead(404, { "content-type": "application/json", "x-amzn-errortype": "UnknownOperationException" }).end("{}");
        return;
      }
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const n = requests.length;
      requests.push({ at: Date.now(), path: req.url ?? "", body });
      const answer = await script(n, body);
      if (answer.hang) {
        hanging.push(res);
        return;
      }
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (answer.errorTypeHeader) headers["x-amzn-errortype"] = answer.errorTypeHeader;
      res.writeHead(answer.status, headers).end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An SES-shaped error answer. */
export function sesError(
  status: number,
  type: string,
  message = `${type} from the test`,
  via: "header" | "body" = "header",
): ScriptedAnswer {
  return via === "header" ? { status, errorTypeHeader: type, body: { message } } : { status, body: { __type: type, message } };
}

export function sesAccept(messageId: string): ScriptedAnswer {
  return { status: 200, body: { MessageId: messageId } };
}

export interface RecordingProxy {
  url: string;
  /** Arrival time (ms) of every SendEmail request, in order. */
  arrivals: number[];
  /** The JSON body of every SendEmail request, in order (what the SDK sent: ConfigurationSetName, …). */
  sendBodies: Array<Record<string, unknown>>;
  stop(): Promise<void>;
}

/**
 * Sits between the SDK and the emulator and notes when each request arrives: the moment of
 * handoff, as the provider sees it, whichever process sent it.
 */
export async function startRecordingProxy(targetUrl: string): Promise<RecordingProxy> {
  const target = new URL(targetUrl);
  const arrivals: number[] = [];
  const sendBodies: Array<Record<string, unknown>> = [];
  const server: Server = createServer((req, res) => {
    if (req.method === "POST" && req.url?.startsWith("/v2/email/outbound-emails")) {
      arrivals.push(Date.now());
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => sendBodies.push(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>));
    }
    const upstream = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    arrivals,
    sendBodies,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
