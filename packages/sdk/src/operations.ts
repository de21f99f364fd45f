/**
 * The method of `Svc` that calls each operation of docs/openapi.json, by operationId. The coverage
 * test checks it against the document (read at run time) and that each method exists; a new
 * operation in the document without a method here fails it.
 */
export const OPERATION_METHODS: Readonly<Record<string, string>> = {
  sendEmail: "emails.send",
  sendEmailBatch: "emails.batch",
  getEmail: "emails.get",
  listEmails: "emails.listPage",
  listEmailEvents: "emails.eventsPage",
  rescheduleEmail: "emails.reschedule",
  cancelEmail: "emails.cancel",
  listApiKeys: "apiKeys.list",
  revokeApiKey: "apiKeys.revoke",
  listSuppressions: "suppressions.listPage",
  addSuppression: "suppressions.add",
  removeSuppression: "suppressions.remove",
  listTopicSuppressions: "suppressions.listTopicsPage",
  removeTopicSuppression: "suppressions.removeTopic",
  listWebhookSubscriptions: "webhooks.list",
  createWebhookSubscription: "webhooks.create",
  getWebhookSubscription: "webhooks.get",
  updateWebhookSubscription: "webhooks.update",
  deleteWebhookSubscription: "webhooks.delete",
  sendTestWebhookEvent: "webhooks.test",
  listWebhookDeliveries: "webhooks.deliveries",
  getWebhookDelivery: "webhooks.delivery",
  replayWebhookDeliveries: "webhooks.replay",
  listWebhookReplays: "webhooks.replays",
  getWebhookReplay: "webhooks.replayStatus",
  listTemplates: "templates.listPage",
  createTemplate: "templates.create",
  getTemplate: "templates.get",
  updateTemplate: "templates.update",
  deleteTemplate: "templates.delete",
  publishTemplate: "templates.publish",
  duplicateTemplate: "templates.duplicate",
  listTemplateVersions: "templates.versions",
  renderTemplate: "templates.render",
  listInbound: "inbound.listPage",
  getInbound: "inbound.get",
  getInboundRaw: "inbound.raw",
  getInboundAttachment: "inbound.attachment",
  listAuditLog: "auditLog.listPage",
  exportAuditLog: "auditLog.export",
  createErasure: "erasures.create",
  getErasure: "erasures.get",
  listErasures: "erasures.list",
  getErasureReceipt: "erasures.receipt",
  getDeliverability: "deliverability.get",
  listDmarcReports: "dmarc.listReportsPage",
  getDmarcReport: "dmarc.getReport",
  summarizeDmarc: "dmarc.summary",
  getHealth: "service.health",
  getReadiness: "service.readiness",
  getOpenApiDocument: "service.openApiDocument",
  getApiReference: "service.apiReference",
  getApiReferenceScript: "service.apiReferenceScript",
};

/**
 * The operations of an OpenAPI document that have no method on `client` (per OPERATION_METHODS),
 * sorted: what the coverage test requires to be empty.
 */
export function operationsWithoutMethod(
  document: { paths: Record<string, Record<string, { operationId?: string }>> },
  client: object,
): string[] {
  const missing: string[] = [];
  for (const item of Object.values(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!["get", "post", "put", "patch", "delete"].includes(method) || !operation.operationId) continue;
      const target = OPERATION_METHODS[operation.operationId];
      const [service, name] = target?.split(".") ?? [];
      const owner = service ? (client as Record<string, unknown>)[service] : undefined;
      const found = typeof owner === "object" && owner !== null && typeof (owner as Record<string, unknown>)[name ?? ""] === "function";
      if (!found) missing.push(operation.operationId);
    }
  }
  return missing.sort();
}
