import { randomUUID } from "node:crypto";
import type {
  ReputationEntity,
  ResourceType,
  SendingStatus,
  SuppressionListReason,
  SuppressionListScope,
  Tag,
  Tenant,
  TenantInfo,
  TenantSuppressionAttributes,
} from "@aws-sdk/client-sesv2";
import { AwsError, type AwsLocalRoutes, type SesRequest } from "../server.ts";
import type { AwsLocalState, TenantState } from "../state.ts";
import { notFound, optionalObject, optionalString, requireName, stringList } from "./validation.ts";

/**
 * SES v2 tenants: create, read, list, delete, resource associations, and each tenant's
 * reputation entity (its sending status, and the owner's pause and resume through
 * UpdateReputationEntityCustomerManagedStatus).
 *
 * SES itself disables a tenant on its own reputation findings, and no API does that: a test
 * plays it with `setTenantSesStatus` (also `AwsLocal.setTenantSesStatus`).
 */

const SENDING_STATUSES: readonly SendingStatus[] = ["ENABLED", "DISABLED", "REINSTATED"];
const SUPPRESSION_REASONS: readonly SuppressionListReason[] = ["BOUNCE", "COMPLAINT"];
const SUPPRESSION_SCOPES: readonly SuppressionListScope[] = ["ACCOUNT", "TENANT"];
/** SES's own policy, applied to every new tenant. */
const STANDARD_POLICY = "arn:aws:ses:::reputation-policy/standard";
const MAX_PAGE_SIZE = 1000;
/** `arn:aws:ses:<region>:<account>:identity/<name>`, `…:configuration-set/<name>`, `…:template/<name>`. */
const RESOURCE_ARN = /^arn:aws[a-z-]*:ses:([a-z0-9-]+):(\d{12}):(identity|configuration-set|template)\/(.+)$/;
const RESOURCE_TYPES: Record<string, ResourceType> = {
  identity: "EMAIL_IDENTITY",
  "configuration-set": "CONFIGURATION_SET",
  template: "EMAIL_TEMPLATE",
};

/** Seconds since the epoch: how the REST-JSON protocol carries timestamps. */
const wireTime = (date: Date) => date.getTime() / 1000;

/** What the tenant may do: disabled when either status is; reinstated when its owner said so. */
export function aggregateStatus(tenant: TenantState): SendingStatus {
  if (tenant.awsSesManagedStatus.Status === "DISABLED" || tenant.customerManagedStatus.Status === "DISABLED") return "DISABLED";
  return tenant.customerManagedStatus.Status === "REINSTATED" ? "REINSTATED" : "ENABLED";
}

/** Plays SES disabling (or enabling again) a tenant on its reputation findings. */
export function setTenantSesStatus(state: AwsLocalState, tenantName: string, status: SendingStatus, cause?: string): void {
  const tenant = state.ses.tenants.get(tenantName);
  if (!tenant) throw new Error(`aws-local: no tenant ${tenantName}`);
  tenant.awsSesManagedStatus = { Status: status, LastUpdatedTimestamp: new Date(), ...(cause ? { Cause: cause } : {}) };
}

function describeTenant(tenant: TenantState): Tenant {
  return {
    TenantName: tenant.name,
    TenantId: tenant.id,
    TenantArn: tenant.arn,
    CreatedTimestamp: wireTime(tenant.createdAt) as unknown as Date,
    Tags: tenant.tags,
    SendingStatus: aggregateStatus(tenant),
    SuppressionAttributes: tenant.suppressionAttributes,
  };
}

function wireStatus(record: TenantState["customerManagedStatus"]) {
  return { ...record, ...(record.LastUpdatedTimestamp ? { LastUpdatedTimestamp: wireTime(record.LastUpdatedTimestamp) } : {}) };
}

function reputationEntity(tenant: TenantState): ReputationEntity {
  return {
    ReputationEntityReference: tenant.arn,
    ReputationEntityType: "RESOURCE",
    ReputationManagementPolicy: STANDARD_POLICY,
    CustomerManagedStatus: wireStatus(tenant.customerManagedStatus) as ReputationEntity["CustomerManagedStatus"],
    AwsSesManagedStatus: wireStatus(tenant.awsSesManagedStatus) as ReputationEntity["AwsSesManagedStatus"],
    SendingStatusAggregate: aggregateStatus(tenant),
  };
}

function existingTenant(state: AwsLocalState, value: unknown): TenantState {
  const name = requireName(value, "TenantName");
  const tenant = state.ses.tenants.get(name);
  if (!tenant) throw notFound(`Tenant <${name}>`);
  return tenant;
}

function suppressionAttributes(value: unknown): TenantSuppressionAttributes {
  const given = optionalObject<{ SuppressedReasons?: unknown; SuppressionScope?: unknown }>(value, "SuppressionAttributes") ?? {};
  const scope = optionalString(given.SuppressionScope, "SuppressionScope") ?? "ACCOUNT";
  if (!SUPPRESSION_SCOPES.includes(scope as SuppressionListScope))
    throw new AwsError("BadRequestException", `SuppressionScope must be one of ${SUPPRESSION_SCOPES.join(", ")}.`);
  return {
    SuppressedReasons:
      given.SuppressedReasons === undefined ? [] : stringList(given.SuppressedReasons, "SuppressedReasons", SUPPRESSION_REASONS),
    SuppressionScope: scope as SuppressionListScope,
  };
}

function tagList(value: unknown): Tag[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((tag) => typeof tag?.Key !== "string" || typeof tag?.Value !== "string")) {
    throw new AwsError("BadRequestException", "Tags must be a list of {Key, Value}.");
  }
  return value as Tag[];
}

/** A resource this server holds, by ARN: its type, or NotFoundException. */
function resourceOf(state: AwsLocalState, value: unknown): { arn: string; type: ResourceType } {
  const arn = optionalString(value, "ResourceArn");
  const match = arn ? RESOURCE_ARN.exec(arn) : null;
  if (!arn || !match)
    throw new AwsError("BadRequestException", "ResourceArn must be the ARN of an email identity, configuration set or template.");
  const [, region, account, kind, name] = match as unknown as [string, string, string, string, string];
  if (region !== state.region || account !== state.accountId) throw notFound(`Resource <${arn}>`);
  const exists =
    kind === "identity"
      ? state.ses.identities.has(name.toLowerCase())
      : kind === "configuration-set"
        ? state.ses.configurationSets.has(name)
        : false;
  if (!exists) throw notFound(`Resource <${arn}>`);
  return { arn, type: RESOURCE_TYPES[kind]! };
}

/** Pages of a list: `NextToken` is the offset of the next page. */
function page<T>(items: T[], body: Record<string, unknown>): { items: T[]; nextToken?: string } {
  const size = body.PageSize === undefined ? 100 : Number(body.PageSize);
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE)
    throw new AwsError("BadRequestException", `PageSize must be 1-${MAX_PAGE_SIZE}.`);
  const start = body.NextToken === undefined ? 0 : Number(body.NextToken);
  if (!Number.isInteger(start) || start < 0) throw new AwsError("BadRequestException", "NextToken is not valid.");
  const slice = items.slice(start, start + size);
  return { items: slice, ...(start + size < items.length ? { nextToken: String(start + size) } : {}) };
}

function filterOf(body: Record<string, unknown>): Record<string, string> {
  return optionalObject<Record<string, string>>(body.Filter, "Filter") ?? {};
}

function tenantOfEntity(state: AwsLocalState, params: Record<string, string>): TenantState {
  if (params.ReputationEntityType !== "RESOURCE") throw new AwsError("BadRequestException", "ReputationEntityType must be RESOURCE.");
  const tenant = [...state.ses.tenants.values()].find((candidate) => candidate.arn === params.ReputationEntityReference);
  if (!tenant) throw notFound(`Reputation entity <${params.ReputationEntityReference}>`);
  return tenant;
}

export function tenants(routes: AwsLocalRoutes): void {
  routes.ses("POST", "/v2/email/tenants", ({ body, state }) => {
    state.calls.push("ses:CreateTenant");
    const name = requireName(body.TenantName, "TenantName");
    if (state.ses.tenants.has(name)) throw new AwsError("AlreadyExistsException", `Tenant <${name}> already exists.`);
    const id = randomUUID().replace(/-/g, "").slice(0, 20);
    const now = new Date();
    const tenant: TenantState = {
      name,
      id,
      arn: `arn:aws:ses:${state.region}:${state.accountId}:tenant/${name}/${id}`,
      createdAt: now,
      tags: tagList(body.Tags),
      suppressionAttributes: suppressionAttributes(body.SuppressionAttributes),
      resources: new Map(),
      customerManagedStatus: { Status: "ENABLED", LastUpdatedTimestamp: now },
      awsSesManagedStatus: { Status: "ENABLED", LastUpdatedTimestamp: now },
    };
    state.ses.tenants.set(name, tenant);
    return describeTenant(tenant);
  });

  routes.ses("POST", "/v2/email/tenants/get", ({ body, state }) => {
    state.calls.push("ses:GetTenant");
    return { Tenant: describeTenant(existingTenant(state, body.TenantName)) };
  });

  routes.ses("POST", "/v2/email/tenants/list", ({ body, state }) => {
    state.calls.push("ses:ListTenants");
    const filter = filterOf(body);
    const matching = [...state.ses.tenants.values()]
      .filter((tenant) => !filter.SENDING_STATUS || aggregateStatus(tenant) === filter.SENDING_STATUS)
      .filter((tenant) => !filter.TENANT_NAME_CONTAINS || tenant.name.includes(filter.TENANT_NAME_CONTAINS))
      .sort((a, b) => a.name.localeCompare(b.name));
    const { items, nextToken } = page(matching, body);
    const infos: TenantInfo[] = items.map((tenant) => {
      const { Tags: _tags, SuppressionAttributes: _suppression, ...info } = describeTenant(tenant);
      return info;
    });
    return { Tenants: infos, ...(nextToken ? { NextToken: nextToken } : {}) };
  });

  routes.ses("POST", "/v2/email/tenants/delete", ({ body, state }) => {
    state.calls.push("ses:DeleteTenant");
    state.ses.tenants.delete(existingTenant(state, body.TenantName).name);
    return {};
  });

  routes.ses("POST", "/v2/email/tenants/resources", ({ body, state }) => {
    state.calls.push("ses:CreateTenantResourceAssociation");
    const tenant = existingTenant(state, body.TenantName);
    const { arn, type } = resourceOf(state, body.ResourceArn);
    if (tenant.resources.has(arn))
      throw new AwsError("AlreadyExistsException", `Resource <${arn}> is already associated with tenant <${tenant.name}>.`);
    tenant.resources.set(arn, { type, associatedAt: new Date() });
    return {};
  });

  routes.ses("POST", "/v2/email/tenants/resources/delete", ({ body, state }) => {
    state.calls.push("ses:DeleteTenantResourceAssociation");
    const tenant = existingTenant(state, body.TenantName);
    const arn = optionalString(body.ResourceArn, "ResourceArn");
    if (!arn || !tenant.resources.delete(arn)) throw notFound(`Association of <${arn}> with tenant <${tenant.name}>`);
    return {};
  });

  routes.ses("POST", "/v2/email/tenants/resources/list", ({ body, state }) => {
    state.calls.push("ses:ListTenantResources");
    const tenant = existingTenant(state, body.TenantName);
    const wanted = filterOf(body).RESOURCE_TYPE;
    const resources = [...tenant.resources.entries()]
      .filter(([, { type }]) => !wanted || type === wanted)
      .map(([arn, { type }]) => ({ ResourceType: type, ResourceArn: arn }));
    const { items, nextToken } = page(resources, body);
    return { TenantResources: items, ...(nextToken ? { NextToken: nextToken } : {}) };
  });

  routes.ses("POST", "/v2/email/resources/tenants/list", ({ body, state }) => {
    state.calls.push("ses:ListResourceTenants");
    const arn = optionalString(body.ResourceArn, "ResourceArn");
    const holders = [...state.ses.tenants.values()].flatMap((tenant) => {
      const association = arn ? tenant.resources.get(arn) : undefined;
      return association
        ? [{ TenantName: tenant.name, TenantId: tenant.id, ResourceArn: arn, AssociatedTimestamp: wireTime(association.associatedAt) }]
        : [];
    });
    const { items, nextToken } = page(holders, body);
    return { ResourceTenants: items, ...(nextToken ? { NextToken: nextToken } : {}) };
  });

  routes.ses("POST", "/v2/email/reputation/entities", ({ body, state }) => {
    state.calls.push("ses:ListReputationEntities");
    const filter = filterOf(body);
    const entities = [...state.ses.tenants.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map(reputationEntity)
      .filter((entity) => !filter.ENTITY_TYPE || entity.ReputationEntityType === filter.ENTITY_TYPE)
      .filter((entity) => !filter.ENTITY_REFERENCE_PREFIX || entity.ReputationEntityReference!.startsWith(filter.ENTITY_REFERENCE_PREFIX))
      .filter((entity) => !filter.SENDING_STATUS || entity.SendingStatusAggregate === filter.SENDING_STATUS);
    const { items, nextToken } = page(entities, body);
    return { ReputationEntities: items, ...(nextToken ? { NextToken: nextToken } : {}) };
  });

  routes.ses("GET", "/v2/email/reputation/entities/{ReputationEntityType}/{ReputationEntityReference}", ({ params, state }: SesRequest) => {
    state.calls.push("ses:GetReputationEntity");
    return { ReputationEntity: reputationEntity(tenantOfEntity(state, params)) };
  });

  routes.ses(
    "PUT",
    "/v2/email/reputation/entities/{ReputationEntityType}/{ReputationEntityReference}/customer-managed-status",
    ({ params, body, state }: SesRequest) => {
      state.calls.push("ses:UpdateReputationEntityCustomerManagedStatus");
      const tenant = tenantOfEntity(state, params);
      const status = optionalString(body.SendingStatus, "SendingStatus");
      if (!status || !SENDING_STATUSES.includes(status as SendingStatus))
        throw new AwsError("BadRequestException", `SendingStatus must be one of ${SENDING_STATUSES.join(", ")}.`);
      tenant.customerManagedStatus = { Status: status as SendingStatus, LastUpdatedTimestamp: new Date() };
      return {};
    },
  );
}
