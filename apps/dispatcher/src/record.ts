import type { Db, DeliveryStatus } from "@svc/db";
import { newId } from "@svc/db";
import { decideAfterAttempt, type Decision, type RetryPolicy } from "./policy.ts";
import type { PostOutcome } from "./poster.ts";

/**
 * Stores one attempt and moves its delivery, in one transaction with the delivery row locked,
 * so that concurrent attempts (a manual one beside an automatic one) number themselves in turn
 * and never overwrite each other's outcome. Returns null when the delivery no longer exists.
 */
export async function recordAttempt(
  db: Db,
  policy: RetryPolicy,
  input: { deliveryId: string; manual: boolean; startedAt: Date; outcome: PostOutcome },
): Promise<Decision | null> {
  const { deliveryId, manual, startedAt, outcome } = input;
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      Array<{ status: DeliveryStatus; firstAttemptAt: Date | null; nextAttemptAt: Date | null; completedAt: Date | null }>
    >`SELECT status, "firstAttemptAt", "nextAttemptAt", "completedAt" FROM webhook_deliveries WHERE id = ${deliveryId} FOR UPDATE`;
    const state = rows[0];
    if (!state) return null;
    const automaticBefore = manual ? 0 : await tx.webhookAttempt.count({ where: { deliveryId, manual: false } });
    const decision = decideAfterAttempt(policy, state, {
      succeeded: outcome.succeeded,
      manual,
      startedAt,
      finishedAt: new Date(startedAt.getTime() + outcome.durationMs),
      automaticAttempts: automaticBefore + 1,
    });
    const updated = await tx.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attemptCount: { increment: 1 },
        status: decision.status,
        firstAttemptAt: decision.firstAttemptAt,
        nextAttemptAt: decision.nextAttemptAt,
        completedAt: decision.completedAt,
        lastStatusCode: outcome.statusCode,
        lastError: outcome.error,
      },
      select: { attemptCount: true },
    });
    await tx.webhookAttempt.create({
      data: {
        id: newId("attempt"),
        deliveryId,
        number: updated.attemptCount,
        manual,
        startedAt,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        responseExcerpt: outcome.responseExcerpt,
        error: outcome.error,
      },
    });
    return decision;
  });
}
