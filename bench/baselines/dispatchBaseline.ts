/**
 * The dispatch benchmark's baseline: the cheapest program doing a dispatcher's essential work,
 * a freshly signed POST per delivery with the same HTTP client and options (got, a new connection
 * per attempt as the dispatcher's agents have keep-alive off, no redirects, no retries, the same
 * deadline), at the same concurrency. No queue, no database. Prints one JSON line.
 */
import { randomBytes } from "node:crypto";
import { Agent as HttpAgent } from "node:http";
import { performance } from "node:perf_hooks";
import { webhookRequestHeaders } from "@svc/webhooks";
import got from "got";

const url = process.env.RECEIVER_URL ?? "";
const secret = process.env.SECRET ?? "";
const count = Number(process.env.COUNT ?? 1000);
const concurrency = Number(process.env.CONCURRENCY ?? 50);
const agent = { http: new HttpAgent({ keepAlive: false }) };

function deliveryBody(n: number): { id: string; body: string } {
  const id = `wd_base${randomBytes(9).toString("hex")}`;
  const at = new Date().toISOString();
  const body = JSON.stringify({
    id,
    type: "email.event",
    createdAt: at,
    data: { emailId: `email_base${n}`, event: { eventId: `evt_base${n}`, type: "delivered", eventTimestamp: at } },
  });
  return { id, body };
}

let failures = 0;
let next = 0;
async function worker(): Promise<void> {
  while (next < count) {
    const n = next++;
    const { id, body } = deliveryBody(n);
    const headers = webhookRequestHeaders({
      secret,
      rawBody: body,
      eventType: "delivered",
      deliveryId: id,
      timestamp: Math.floor(Date.now() / 1000),
    });
    const response = await got.post(url, {
      body,
      headers,
      followRedirect: false,
      retry: { limit: 0 },
      timeout: { request: 10_000 },
      throwHttpErrors: false,
      decompress: false,
      agent,
    });
    if (response.statusCode < 200 || response.statusCode >= 300) failures += 1;
  }
}

const cpuBefore = process.cpuUsage();
const started = performance.now();
await Promise.all(Array.from({ length: concurrency }, worker));
const elapsedMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  `${JSON.stringify({ count, concurrency, failures, elapsedMs, perSecond: (count / elapsedMs) * 1000, cpuMsPerItem: (cpu.user + cpu.system) / 1000 / count })}\n`,
);
agent.http.destroy();
