import { afterAll, describe, expect, it } from "@jest/globals";
import { AppError, removePasskey, removeTotp } from "@svc/core";
import { newId } from "@svc/db";
import { openTestDb } from "../../../test/support/fixtures.ts";
import { insertPasskey } from "../src/stores/passkeys.ts";
import { insertUser } from "../src/stores/users.ts";

/**
 * Removing a way to sign in checks what remains and then removes, under a lock on the user: two
 * removals at once must not each see the other's factor and leave the account with none.
 */
const handle = openTestDb();
const db = handle.prisma;
afterAll(() => handle.close());

/** An account made by single sign-on (no password), with the install's sign-on closed to it. */
async function passwordlessUser(passkeys: number): Promise<{ userId: string; passkeyIds: string[] }> {
  const userId = newId("user");
  await insertUser(db, { id: userId, email: `${userId}@closed-sso.test`, passwordHash: "!sso" });
  const passkeyIds: string[] = [];
  for (let n = 0; n < passkeys; n++) {
    const id = newId("passkey");
    await insertPasskey(db, {
      id,
      userId,
      credentialId: `${id}-credential`,
      publicKey: new Uint8Array(new ArrayBuffer(32)),
      counter: 0n,
      transports: [],
      name: `key ${n}`,
    });
    passkeyIds.push(id);
  }
  return { userId, passkeyIds };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => "removed",
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe("removing ways to sign in at once", () => {
  it("of an account's two passkeys removed at the same moment, one goes and the last stays", async () => {
    for (let round = 0; round < 5; round++) {
      const { userId, passkeyIds } = await passwordlessUser(2);
      const outcomes = await Promise.all(passkeyIds.map((id) => outcome(removePasskey(db, userId, id))));
      expect(outcomes.sort()).toEqual(["conflict", "removed"]);
      expect(await db.passkey.count({ where: { userId } })).toBe(1);
    }
  });

  it("a passkey removed while the authenticator app is removed leaves one of them where a workspace requires a second factor", async () => {
    const { userId, passkeyIds } = await passwordlessUser(2);
    // A second passkey is the way in; the one under test and the app are the two second factors.
    const workspace = await db.workspace.create({ data: { id: newId("workspace"), name: "Requires", requireSecondFactor: true } });
    await db.member.create({ data: { id: newId("member"), workspaceId: workspace.id, userId, role: "owner" } });
    await db.passkey.delete({ where: { id: passkeyIds[1]! } });
    await db.userTotp.create({ data: { userId, secretSealed: "unused", confirmedAt: new Date() } });
    const outcomes = await Promise.all([outcome(removePasskey(db, userId, passkeyIds[0]!)), outcome(removeTotp(db, userId))]);
    expect(outcomes.filter((o) => o === "removed")).toHaveLength(1);
    expect((await db.passkey.count({ where: { userId } })) + (await db.userTotp.count({ where: { userId } }))).toBe(1);
  });
});
