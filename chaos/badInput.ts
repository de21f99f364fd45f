import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import type { Stack } from "./stack.ts";

export interface BadInputReport {
  ok: boolean;
  summary: Record<string, unknown>;
  examples: string[];
}

interface RawAnswer {
  status: number | null;
  ms: number;
}

/**
 * One request written byte for byte on its own connection (fetch refuses NUL, CR and LF in
 * headers, which is exactly what is being sent), answered by its status line, or null when the
 * server closed without answering.
 */
function rawRequest(port: number, head: Buffer | string, body: Buffer | string = "", timeoutMs = 15_000): Promise<RawAnswer> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      resolve({ status: match ? Number(match[1]) : null, ms: Date.now() - started });
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (/^HTTP\/1\.[01] \d{3}/.test(received)) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("connect", () => {
      socket.write(head);
      if (body.length > 0) socket.write(body, () => undefined);
    });
  });
}

function request(method: string, target: string, headers: Record<string, string>, body: Buffer | string = ""): [string, Buffer | string] {
  const lines = [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1", "Connection: close"];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (!Object.keys(headers).some((h) => h.toLowerCase() === "content-length" || h.toLowerCase() === "transfer-encoding")) {
    lines.push(`Content-Length: ${Buffer.byteLength(body)}`);
  }
  return [`${lines.join("\r\n")}\r\n\r\n`, body];
}

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;

/** JSON bodies that are broken, of the wrong types, huge, deep, or full of control characters. */
function badJsonBodies(domain: string): string[] {
  const from = `x@${domain}`;
  const bodies = [
    "",
    "{",
    "}",
    "null",
    "[]",
    "true",
    '"string"',
    "123",
    "{'from': 1}",
    '{"from": "a@b.c",}',
    "\u0000",
    '{"from": "\u0000"}',
    JSON.stringify({ from: 1, to: 2, subject: 3 }),
    JSON.stringify({ from, to: "not-a-list", subject: "s", text: "t" }),
    JSON.stringify({ from, to: [1, 2], subject: "s", text: "t" }),
    JSON.stringify({ from, to: [], subject: "s", text: "t" }),
    JSON.stringify({ from, to: ["a@example.com"], subject: null, text: "t" }),
    JSON.stringify({ from, to: ["a@example.com"], subject: "s" }),
    JSON.stringify({ from, to: ["a@example.com"], subject: "s", text: { nested: true } }),
    JSON.stringify({ from: "no-at-sign", to: ["a@example.com"], subject: "s", text: "t" }),
    JSON.stringify({ from: "x@unverified.example", to: ["a@example.com"], subject: "s", text: "t" }),
    JSON.stringify({ from, to: ["a\u0000@example.com"], subject: "s", text: "t" }),
    JSON.stringify({ from: `x\u0000@${domain}`, to: ["a@example.com"], subject: "s", text: "t" }),
    JSON.stringify({ from, to: ["a@example.com"], subject: "s\r\nBcc: victim@example.com", text: "t" }),
    JSON.stringify({ from: `x@${domain}\r\nBcc: v@example.com`, to: ["a@example.com"], subject: "s", text: "t" }),
    JSON.stringify({ from, to: ["a@example.com\nb@example.com"], subject: "s", text: "t" }),
    JSON.stringify({ from, to: Array.from({ length: 10_000 }, (_, i) => `r${i}@example.com`), subject: "s", text: "t" }),
    JSON.stringify({ from, to: ["a@example.com"], subject: "s".repeat(100_000), text: "t" }),
    JSON.stringify({ from, to: ["a@example.com"], subject: "s", text: "t".repeat(3_000_000) }),
    '{"__proto__": {"admin": true}, "constructor": {"prototype": 1}, "from": 1, "to": ["a@example.com"], "subject": "s"}',
    deep(100_000),
    deepObject(50_000),
    `{"from": ${JSON.stringify(from)}, "to": ${deep(5000)}, "subject": "s", "text": "t"}`,
    randomBytes(2048).toString("latin1"),
  ];
  return bodies;
}

const BAD_PATHS = [
  "/emails/%ff",
  "/emails/%",
  "/emails/%00",
  "/emails/%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  `/emails/${"a".repeat(5000)}`,
  "/emails/email_%ff%fe",
  "/emails?limit=abc",
  "/emails?limit=-1",
  "/emails?limit=99999999999999999999",
  "/emails?limit=1&limit=2",
  "/emails?cursor=%ff",
  `/emails?cursor=${"z".repeat(4000)}`,
  "/emails?after=%00&before=%0d%0a",
  "/emails?status[]=x&status[y]=z",
  "/emails?%ff=%ff",
  "/%ff",
  "//emails",
  "/emails/../../etc/passwd",
  "/api-keys/%ff",
  "/webhooks/%ff",
  "/domains/%ff",
  "/domains/%ff/verify",
  "/emails/%ff",
  "/login?next=%ff",
  "/invitations/%ff",
  "/sns/ses?%ff",
  "/unsubscribe/%ff",
  "/unsubscribe/u1.%00AAAA",
  "/unsubscribe/u1.AAAA?%ff",
  "/healthz?%ff",
  "*",
];

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "TRACE", "PROPFIND"];

/** Thousands of malformed requests to every HTTP endpoint; no 5xx, no crash, nothing stored, normal latency after. */
export async function runBadInput(stack: Stack, log: (message: string) => void): Promise<BadInputReport> {
  const { apps, fx, db } = stack;
  const examples: string[] = [];
  const statuses = new Map<string, number>();
  let serverErrors = 0;
  const serverErrorTargets = new Map<string, number>();
  let noAnswer = 0;
  let sent = 0;
  const counts = async () =>
    (
      await db.pool.query(
        `SELECT (SELECT count(*) FROM emails)::int AS emails, (SELECT count(*) FROM email_events)::int AS events,
                (SELECT count(*) FROM workspaces)::int AS workspaces, (SELECT count(*) FROM api_keys)::int AS keys,
                (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM domains)::int AS domains`,
      )
    ).rows[0] as Record<string, number>;
  const latency = async () => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const start = Date.now();
      const response = await fetch(`${apps.api.url}/emails?limit=10`, { headers: { authorization: `Bearer ${fx.keys["full-access"]}` } });
      await response.body?.cancel();
      times.push(Date.now() - start);
    }
    times.sort((a, b) => a - b);
    return times[Math.floor(times.length / 2)]!;
  };
  const before = await counts();
  const latencyBefore = await latency();
  const auth = `Bearer ${fx.keys["full-access"]}`;
  const cases: Array<{ app: "api" | "ingest" | "dashboard"; label: string; head: string | Buffer; body: string | Buffer }> = [];
  const add = (app: "api" | "ingest" | "dashboard", label: string, [head, body]: [string | Buffer, string | Buffer]) =>
    cases.push({ app, label, head, body });

  const bodies = badJsonBodies(fx.domain);
  for (const body of bodies) {
    const label =
      body.length > 60 ? `${body.slice(0, 40).replace(/[^\x20-\x7e]/g, "?")}… (${body.length} chars)` : body.replace(/[^\x20-\x7e]/g, "?");
    for (const type of ["application/json", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=utf-16"]) {
      add("api", `POST /emails ${type} ${label}`, request("POST", "/emails", { authorization: auth, "content-type": type }, body));
      add(
        "ingest",
        `POST /sns/ses ${type} ${label}`,
        request("POST", "/sns/ses", { "content-type": type, "x-amz-sns-message-type": "Notification" }, body),
      );
      add("ingest", `POST /unsubscribe ${type} ${label}`, request("POST", "/unsubscribe/u1.AAAA", { "content-type": type }, body));
      add("dashboard", `POST /login ${type} ${label}`, request("POST", "/login", { "content-type": type }, body));
      add("dashboard", `POST /signup ${type} ${label}`, request("POST", "/signup", { "content-type": type }, body));
    }
  }
  // SNS-shaped messages that are wrong in every field.
  for (const fields of [
    { Type: "Notification" },
    {
      Type: "Notification",
      Message: "{",
      Signature: "AAAA",
      SignatureVersion: "2",
      SigningCertURL: "http://127.0.0.1:1/x.pem",
      TopicArn: "x",
      MessageId: "m",
      Timestamp: "now",
    },
    {
      Type: "SubscriptionConfirmation",
      SubscribeURL: "http://169.254.169.254/latest",
      Token: "t",
      TopicArn: "x",
      Signature: "x",
      SignatureVersion: "1",
      SigningCertURL: "https://sns.us-east-1.amazonaws.com/x.pem",
    },
    { Type: "UnsubscribeConfirmation", SignatureVersion: "99" },
    { Type: ["Notification"], Message: { a: 1 }, Signature: 1 },
    {
      Type: "Notification",
      Message: "\u0000".repeat(1000),
      Signature: "\u0000",
      SignatureVersion: "2",
      SigningCertURL: "https://sns.us-east-1.amazonaws.com/\u0000.pem",
    },
  ]) {
    add(
      "ingest",
      `POST /sns/ses SNS ${JSON.stringify(fields).slice(0, 50)}`,
      request("POST", "/sns/ses", { "content-type": "text/plain" }, JSON.stringify(fields)),
    );
  }
  for (let i = 0; i < 200; i++)
    add(
      "ingest",
      "POST /sns/ses random bytes",
      request("POST", "/sns/ses", { "content-type": "text/plain" }, randomBytes(64 + Math.floor(Math.random() * 4000))),
    );
  // Paths, query values and methods.
  for (const target of BAD_PATHS) {
    for (const method of METHODS) {
      add("api", `${method} ${target.slice(0, 60)}`, request(method, target, { authorization: auth }));
      add("dashboard", `${method} ${target.slice(0, 60)}`, request(method, target, {}));
      add("ingest", `${method} ${target.slice(0, 60)}`, request(method, target, {}));
    }
  }
  // Headers: control characters, overlong, wrong authorization, duplicate lengths.
  const headerCases: Array<[string, Record<string, string>]> = [
    ["NUL in authorization", { authorization: "Bearer svc_live_\u0000abc" }],
    ["CR in header value", { authorization: "Bearer x\rInjected: 1" }],
    ["overlong authorization", { authorization: `Bearer ${"a".repeat(15_000)}` }],
    ["overlong header (64 KB)", { "x-long": "a".repeat(65_536) }],
    ["many headers", Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`x-h${i}`, "v"]))],
    ["non-ASCII authorization", { authorization: "Bearer svc_live_ÿÿÿÿ" }],
    ["bearer with no key", { authorization: "Bearer" }],
    ["basic auth", { authorization: "Basic Zm9vOmJhcg==" }],
    ["two content-lengths", { authorization: auth, "content-type": "application/json", "content-length": "2\r\nContent-Length: 5" }],
    ["chunked garbage", { authorization: auth, "content-type": "application/json", "transfer-encoding": "chunked" }],
    ["bad cookie", { cookie: `svc_session=%ff%00; svc_session=${"a".repeat(5000)}` }],
  ];
  for (const [label, headers] of headerCases) {
    for (const target of ["/emails", "/emails/email_x", "/sns/ses", "/", "/login", "/api-keys"]) {
      for (const method of ["GET", "POST"]) {
        const body = method === "POST" ? (headers["transfer-encoding"] ? "zz\r\nnot-hex\r\n" : '{"a":1}') : "";
        add("api", `${method} ${target} ${label}`, request(method, target, headers, body));
        add("dashboard", `${method} ${target} ${label}`, request(method, target, headers, body));
        add("ingest", `${method} ${target} ${label}`, request(method, target, headers, body));
      }
    }
  }
  // Raw garbage instead of HTTP.
  for (let i = 0; i < 30; i++)
    for (const app of ["api", "ingest", "dashboard"] as const) add(app, "random bytes instead of a request", [randomBytes(512), ""]);

  log(`bad input: ${cases.length} malformed requests to api, ingest and dashboard`);
  const deadline = Date.now() + 240_000;
  let next = 0;
  const worker = async () => {
    while (next < cases.length && Date.now() < deadline) {
      const one = cases[next++]!;
      const answer = await rawRequest(apps[one.app].port, one.head, one.body);
      sent += 1;
      const key = `${one.app} ${answer.status ?? "closed"}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
      if (
        answer.status !== null &&
        answer.status >= 200 &&
        answer.status < 300 &&
        one.app === "api" &&
        one.label.startsWith("POST /emails")
      ) {
        if (examples.length < 40) examples.push(`${one.app}: ${one.label} → ${answer.status} (accepted)`);
      }
      if (answer.status !== null && answer.status >= 500) {
        serverErrors += 1;
        const target = `${one.app} ${/^\S+ (\S+)/.exec(one.head.toString("latin1"))?.[1]?.slice(0, 60) ?? "?"}`;
        serverErrorTargets.set(target, (serverErrorTargets.get(target) ?? 0) + 1);
        if (examples.length < 40) examples.push(`${one.app}: ${one.label} → ${answer.status}`);
      }
      if (answer.status === null && !one.label.startsWith("random bytes") && answer.ms >= 15_000) {
        noAnswer += 1;
        if (examples.length < 40) examples.push(`${one.app}: ${one.label} → no answer in 15 s`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const crashed = Object.entries(apps)
    .filter(([, app]) => !app.running)
    .map(([name]) => name);
  const after = await counts();
  const changed = Object.keys(before).filter((key) => before[key] !== after[key]);
  const latencyAfter = await latency();
  const slow = latencyAfter > Math.max(50, latencyBefore * 3);
  const summary = {
    requests: sent,
    of: cases.length,
    serverErrors,
    serverErrorsByTarget: Object.fromEntries([...serverErrorTargets.entries()].sort()),
    noAnswer,
    crashedApps: crashed,
    tablesChanged: changed.map((key) => `${key}: ${before[key]} → ${after[key]}`),
    medianLatencyMs: { before: latencyBefore, after: latencyAfter },
    statuses: Object.fromEntries([...statuses.entries()].sort()),
  };
  return {
    ok: serverErrors === 0 && noAnswer === 0 && crashed.length === 0 && changed.length === 0 && !slow && sent === cases.length,
    summary,
    examples,
  };
}
