/**
 * Example: sending an email with the SDK and following it until the provider reports on it.
 *
 *   SVC_API_KEY=svc_live_… SVC_BASE_URL=http://localhost:3000 FROM="Acme <hello@acme.com>" TO=you@example.org \
 *     npx tsx examples/send-email.ts
 */
import { Svc, SvcApiError } from "@svc/sdk";

const svc = new Svc({ apiKey: process.env.SVC_API_KEY ?? "", baseUrl: process.env.SVC_BASE_URL ?? "http://localhost:3000" });

try {
  // Retried on network errors, 429 and 5xx with one Idempotency-Key, so it is queued at most once.
  // Pass { idempotencyKey: "order-8812-welcome" } to make your own retries safe too.
  const { id } = await svc.emails.send({
    from: process.env.FROM ?? "Acme <hello@acme.com>",
    to: [process.env.TO ?? "delivered@example.org"],
    subject: "Welcome",
    text: "Hi there",
    html: "<p>Hi there</p>",
  });
  console.log("queued", id);

  for (let i = 0; i < 20; i++) {
    const email = await svc.emails.get(id);
    console.log(email.status, email.events.map((event) => event.type).join(" → "));
    if (email.status !== "queued" && email.status !== "sending") break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }

  // Every email of the workspace, newest first, fetched a page at a time.
  let count = 0;
  for await (const _email of svc.emails.list({ pageSize: 100 })) count++;
  console.log(`${count} emails in the workspace`);
} catch (error) {
  if (error instanceof SvcApiError) {
    // `code` is stable (see the Error schema at /docs); `message` is for people.
    console.error(`refused: ${error.status} ${error.code}: ${error.message}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
}
