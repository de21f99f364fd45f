/**
 * The API benchmark's baseline: the cheapest program doing the essential work of one accepted
 * email. node:http, JSON.parse of the body, one INSERT of the same row shape as POST /emails
 * (pg, autocommit, a pool of the API's default size), one BullMQ enqueue with the same queue,
 * job id and job options as the API's producer, then 202 with the id. No auth, no validation,
 * no domain check, no daily counter: those are what the ratio prices.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";

const env = process.env;
const port = Number(env.PORT);
const workspaceId = env.BASELINE_WORKSPACE_ID ?? "";
const apiKeyId = env.BASELINE_API_KEY_ID ?? "";
const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Number(env.DATABASE_POOL_SIZE ?? 10) });
const redis = new Redis(env.REDIS_URL ?? "", { maxRetriesPerRequest: 1, enableOfflineQueue: false });
const queue = new Queue("send-email", {
  connection: redis,
  prefix: env.QUEUE_PREFIX ?? "baseline",
  defaultJobOptions: { removeOnComplete: true, removeOnFail: 1000 },
});

interface SendBody {
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
}

async function accept(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as SendBody;
  const id = `email_${randomBytes(18).toString("base64url")}`;
  await pool.query(
    `INSERT INTO emails (id, "organizationId", "apiKeyId", environment, "from", "to", subject, html, text)
     VALUES ($1, $2, $3, 'live'::"KeyEnvironment", $4, $5::text[], $6, $7, $8)`,
    [id, workspaceId, apiKeyId, body.from, body.to, body.subject, body.html ?? null, body.text ?? null],
  );
  await queue.add("send-email", { emailId: id }, { jobId: id });
  res.writeHead(202, { "content-type": "application/json" }).end(JSON.stringify({ id, status: "queued" }));
}

const server = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/healthz") {
    res.writeHead(200).end("ok");
    return;
  }
  accept(req, res).catch((error: Error) => {
    res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: error.message }));
  });
});

server.listen(port, "127.0.0.1");

process.once("SIGTERM", () => {
  server.close(async () => {
    await queue.close();
    redis.disconnect();
    await pool.end();
    process.exit(0);
  });
  server.closeAllConnections();
});
