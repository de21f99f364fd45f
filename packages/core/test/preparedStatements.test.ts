import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { newId } from "@svc/db";
import type { PoolClient } from "pg";
import { createWorkspaceFixture, openTestDb, type WorkspaceFixture } from "../../../test/support/fixtures.ts";
import { parseSendEmailInput, sqlPool } from "../src/index.ts";
import { lookUpApiKeys } from "../src/stores/apiKeys.ts";
import { claimEmails, insertEmailsIfDomainVerified, markEmailsSent, type NewEmailRow } from "../src/stores/emails.ts";

/**
 * The statements every email runs once each (the API's key look-up and insert, the sender's claim
 * and record) are prepared once per connection: at moderate load each runs alone, and parsing and
 * planning it again for every email would cost PostgreSQL more than running it.
 */
const handle = openTestDb();
let fx: WorkspaceFixture;
let client: PoolClient;

beforeAll(async () => {
  fx = await createWorkspaceFixture(handle);
  client = await sqlPool(handle).connect();
});
afterAll(async () => {
  client.release();
  await handle.close();
});

function row(): NewEmailRow {
  return {
    emailId: newId("email"),
    context: { workspaceId: fx.workspaceId, apiKeyId: fx.keyIds["full-access"], environment: "live", plan: "free" },
    input: parseSendEmailInput({ from: `hello@${fx.domain}`, to: ["someone@example.com"], subject: "Prepared", text: "Hello" }),
  };
}

/** The statements prepared on this connection so far, by name. */
async function preparedHere(): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>("SELECT name FROM pg_prepared_statements ORDER BY name");
  return rows.map((prepared) => prepared.name);
}

describe("the statements each email runs are prepared once per connection", () => {
  it("the key look-up, the lone insert, the claim and the record of a handoff", async () => {
    const before = await preparedHere();
    await lookUpApiKeys(client, ["no-such-hash"]);
    const lone = row();
    expect(await insertEmailsIfDomainVerified(client, [lone])).toEqual(["inserted"]);
    const [claimed] = await claimEmails(client, [lone.emailId], 60_000);
    expect(claimed?.id).toBe(lone.emailId);
    await markEmailsSent(client, [{ emailId: lone.emailId, provider: "simulator", providerMessageId: `msg-${lone.emailId}` }]);
    const added = (await preparedHere()).filter((name) => !before.includes(name));
    expect(added).toEqual(["svc_claim_emails", "svc_insert_email", "svc_look_up_api_keys", "svc_mark_emails_sent"]);
  });

  it("runs a prepared statement again with other values, each getting its own answer", async () => {
    const [first, second] = [row(), row()];
    expect(await insertEmailsIfDomainVerified(client, [first])).toEqual(["inserted"]);
    expect(await insertEmailsIfDomainVerified(client, [second])).toEqual(["inserted"]);
    const unverified: NewEmailRow = { ...row(), input: { ...row().input, fromDomain: "not-ours.example.net" } };
    expect(await insertEmailsIfDomainVerified(client, [unverified])).toEqual(["domain_not_verified"]);
    const { rows } = await client.query<{ id: string }>(`SELECT id FROM emails WHERE id = ANY($1::text[]) ORDER BY id`, [
      [first.emailId, second.emailId, unverified.emailId],
    ]);
    expect(rows.map((stored) => stored.id)).toEqual([first.emailId, second.emailId].sort());
  });

  it("a batch, whose text varies with its size, is not prepared", async () => {
    const before = await preparedHere();
    expect(await insertEmailsIfDomainVerified(client, [row(), row(), row()])).toEqual(["inserted", "inserted", "inserted"]);
    expect(await preparedHere()).toEqual(before);
  });
});
