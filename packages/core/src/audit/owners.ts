import type { Queryable } from "../sql.ts";
import { selectDomainWorkspaceId } from "../stores/domains.ts";
import { selectInboundRouteWorkspaceId } from "../stores/inboundRoutes.ts";
import { selectReceivingDomainWorkspaceId } from "../stores/receivingDomains.ts";
import { selectWebhookDeliveryWorkspaceId } from "../stores/webhookDeliveries.ts";
import { selectWebhookSubscriptionWorkspaceId } from "../stores/webhookSubscriptions.ts";

/** The kinds of target an operator may name by id alone, whose entry still belongs in the owner's workspace. */
export type OwnedTarget = "domain" | "receiving_domain" | "inbound_route" | "webhook" | "webhook_delivery";

const OWNER_OF: Record<OwnedTarget, (db: Queryable, id: string) => Promise<string | null>> = {
  domain: selectDomainWorkspaceId,
  receiving_domain: selectReceivingDomainWorkspaceId,
  inbound_route: selectInboundRouteWorkspaceId,
  webhook: selectWebhookSubscriptionWorkspaceId,
  webhook_delivery: selectWebhookDeliveryWorkspaceId,
};

/**
 * The workspace that owns a target, or null when there is none. Read before the change, since a
 * removal takes the row (and with it the answer).
 */
export function workspaceOwning(db: Queryable, type: OwnedTarget, id: string): Promise<string | null> {
  return OWNER_OF[type](db, id);
}
