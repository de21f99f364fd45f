import {
  CreateTenantCommand,
  CreateTenantResourceAssociationCommand,
  GetEmailIdentityCommand,
  GetReputationEntityCommand,
  GetTenantCommand,
  type GetTenantCommandOutput,
  ListTenantResourcesCommand,
  ListTenantsCommand,
  type SESv2Client,
} from "@aws-sdk/client-sesv2";

/**
 * Each workspace sends as its own SES tenant, so that its reputation (bounce and complaint
 * rates, SES's findings and pauses) is its own: a workspace with a bad list gets its tenant
 * paused, not the account. The tenant is named after the workspace id, created with its own
 * suppression list (SES's list then holds an address one workspace's mail bounced from only for
 * that workspace, as ours does), and associated with the identities and configuration sets the
 * workspace sends with.
 */

/** Tenant names are [A-Za-z0-9_-], up to 64: a workspace id (`org_…`) is one already. */
export function tenantNameOf(workspaceId: string): string {
  return workspaceId.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 64);
}

/** What the workspace's overview shows of its tenant. */
export interface TenantStatusView {
  tenant: string;
  /** Whether SES lets it send: ENABLED, REINSTATED (sending despite findings) or DISABLED. */
  sendingStatus: string;
  /** SES's own status and why (its reputation findings), when it has one. */
  sesStatus: { status: string; cause: string | null; since: string | null } | null;
  /** The status the account owner set (UpdateReputationEntityCustomerManagedStatus). */
  ownerStatus: { status: string; cause: string | null; since: string | null } | null;
}

export interface TenantResources {
  /** Email identities (domains, addresses) the workspace sends from. */
  identities: readonly string[];
  configurationSets: readonly string[];
}

/** What ensure did: the tenant's name, whether it was created now, the resources associated now and those SES does not hold. */
export interface EnsuredTenant {
  tenant: string;
  created: boolean;
  associated: string[];
  missing: string[];
}

const WORKSPACE_TAG = "svc:workspace";

function isNamed(error: unknown, name: string): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === name;
}

/** `arn:aws:ses:<region>:<account>:tenant/<name>/<id>` → the region and account its resources live in. */
function scopeOf(tenantArn: string): { partition: string; region: string; account: string } {
  const [, partition = "aws", , region = "", account = ""] = tenantArn.split(":");
  return { partition, region, account };
}

export class SesTenants {
  constructor(private readonly ses: SESv2Client) {}

  /**
   * Creates the workspace's tenant unless it exists, and associates `resources` with it unless
   * they are: safe to repeat, and to run from several processes at once. A resource SES does not
   * hold (a domain whose identity is gone) is left out and answered in `missing`.
   */
  async ensure(workspaceId: string, resources: TenantResources): Promise<EnsuredTenant> {
    const tenant = tenantNameOf(workspaceId);
    let tenantArn: string | undefined;
    let created = false;
    try {
      const answer = await this.ses.send(
        new CreateTenantCommand({
          TenantName: tenant,
          Tags: [{ Key: WORKSPACE_TAG, Value: workspaceId }],
          SuppressionAttributes: { SuppressedReasons: ["BOUNCE", "COMPLAINT"], SuppressionScope: "TENANT" },
        }),
      );
      tenantArn = answer.TenantArn;
      created = true;
    } catch (error) {
      if (!isNamed(error, "AlreadyExistsException")) throw error;
    }
    tenantArn ??= (await this.ses.send(new GetTenantCommand({ TenantName: tenant }))).Tenant?.TenantArn;
    if (!tenantArn) throw new Error(`SES answered no ARN for tenant ${tenant}`);
    const { partition, region, account } = scopeOf(tenantArn);
    const arns = [
      ...resources.identities.map((identity) => `arn:${partition}:ses:${region}:${account}:identity/${identity}`),
      ...resources.configurationSets.map((set) => `arn:${partition}:ses:${region}:${account}:configuration-set/${set}`),
    ];
    const associated: string[] = [];
    const missing: string[] = [];
    for (const arn of arns) {
      try {
        await this.ses.send(new CreateTenantResourceAssociationCommand({ TenantName: tenant, ResourceArn: arn }));
        associated.push(arn);
      } catch (error) {
        if (isNamed(error, "NotFoundException")) missing.push(arn);
        else if (!isNamed(error, "AlreadyExistsException")) throw error;
      }
    }
    return { tenant, created, associated, missing };
  }

  /**
   * `svc ses setup`'s part: every workspace with domains gets its tenant, its domains' identities
   * and the configuration sets associated. Reads first and changes only what is missing, so a
   * second run makes no change; a domain SES holds no identity for is answered in `missing`.
   */
  async reconcile(
    workspaces: AsyncIterable<{ workspaceId: string; names: string[] }>,
    configurationSets: readonly string[],
  ): Promise<{ tenants: number; changes: string[]; missing: string[] }> {
    const existing = new Map<string, string>();
    let nextToken: string | undefined;
    do {
      const page = await this.ses.send(new ListTenantsCommand({ PageSize: 1000, ...(nextToken ? { NextToken: nextToken } : {}) }));
      for (const tenant of page.Tenants ?? []) if (tenant.TenantName && tenant.TenantArn) existing.set(tenant.TenantName, tenant.TenantArn);
      nextToken = page.NextToken;
    } while (nextToken);

    const changes: string[] = [];
    const missing: string[] = [];
    let tenants = 0;
    for await (const { workspaceId, names } of workspaces) {
      tenants += 1;
      const tenant = tenantNameOf(workspaceId);
      let arn = existing.get(tenant);
      if (!arn) {
        arn = (
          await this.ses.send(
            new CreateTenantCommand({
              TenantName: tenant,
              Tags: [{ Key: WORKSPACE_TAG, Value: workspaceId }],
              SuppressionAttributes: { SuppressedReasons: ["BOUNCE", "COMPLAINT"], SuppressionScope: "TENANT" },
            }),
          )
        ).TenantArn;
        if (!arn) throw new Error(`SES answered no ARN for tenant ${tenant}`);
        changes.push(`tenant ${tenant} created for workspace ${workspaceId}`);
      }
      const associated = await this.associatedResources(tenant);

      const { partition, region, account } = scopeOf(arn);
      const wanted: Array<{ arn: string; label: string; identity?: string }> = [
        ...names.map((name) => ({
          arn: `arn:${partition}:ses:${region}:${account}:identity/${name}`,
          label: `identity ${name}`,
          identity: name,
        })),
        ...configurationSets.map((set) => ({
          arn: `arn:${partition}:ses:${region}:${account}:configuration-set/${set}`,
          label: `configuration set ${set}`,
        })),
      ];
      for (const resource of wanted.filter((candidate) => !associated.has(candidate.arn))) {
        if (resource.identity && !(await this.identityExists(resource.identity))) {
          missing.push(resource.identity);
          continue;
        }
        await this.ses.send(new CreateTenantResourceAssociationCommand({ TenantName: tenant, ResourceArn: resource.arn }));
        changes.push(`tenant ${tenant}: ${resource.label} associated`);
      }
    }
    return { tenants, changes, missing };
  }

  /** The ARNs of every resource associated with `tenant`, read page by page. */
  private async associatedResources(tenant: string): Promise<Set<string>> {
    const associated = new Set<string>();
    let resourcesToken: string | undefined;
    do {
      const page = await this.ses.send(
        new ListTenantResourcesCommand({ TenantName: tenant, PageSize: 1000, ...(resourcesToken ? { NextToken: resourcesToken } : {}) }),
      );
      for (const resource of page.TenantResources ?? []) if (resource.ResourceArn) associated.add(resource.ResourceArn);
      resourcesToken = page.NextToken;
    } while (resourcesToken);
    return associated;
  }

  private async identityExists(name: string): Promise<boolean> {
    try {
      await this.ses.send(new GetEmailIdentityCommand({ EmailIdentity: name }));
      return true;
    } catch (error) {
      if (isNamed(error, "NotFoundException")) return false;
      throw error;
    }
  }

  /**
   * Read only, for `svc doctor`: each workspace's tenant, whether SES lets it send, and the
   * identities and configuration sets it should be associated with but is not.
   */
  async audit(
    workspaces: AsyncIterable<{ workspaceId: string; names: string[] }>,
    configurationSets: readonly string[],
  ): Promise<Array<{ workspaceId: string; tenant: string; exists: boolean; sendingStatus: string | null; unassociated: string[] }>> {
    const existing = new Map<string, { arn: string; status: string | null }>();
    let nextToken: string | undefined;
    do {
      const page = await this.ses.send(new ListTenantsCommand({ PageSize: 1000, ...(nextToken ? { NextToken: nextToken } : {}) }));
      for (const tenant of page.Tenants ?? [])
        if (tenant.TenantName && tenant.TenantArn) existing.set(tenant.TenantName, { arn: tenant.TenantArn, status: null });
      nextToken = page.NextToken;
    } while (nextToken);
    const results = [];
    for await (const { workspaceId, names } of workspaces) {
      const tenant = tenantNameOf(workspaceId);
      const found = existing.get(tenant);
      if (!found) {
        results.push({ workspaceId, tenant, exists: false, sendingStatus: null, unassociated: [...names, ...configurationSets] });
        continue;
      }
      const associated = await this.associatedResources(tenant);
      const { partition, region, account } = scopeOf(found.arn);
      const unassociated = [
        ...names.filter((name) => !associated.has(`arn:${partition}:ses:${region}:${account}:identity/${name}`)),
        ...configurationSets.filter((set) => !associated.has(`arn:${partition}:ses:${region}:${account}:configuration-set/${set}`)),
      ];
      const status = (await this.ses.send(new GetTenantCommand({ TenantName: tenant }))).Tenant?.SendingStatus ?? null;
      results.push({ workspaceId, tenant, exists: true, sendingStatus: status, unassociated });
    }
    return results;
  }

  /** The tenant's sending status and SES's reason; null when the workspace has no tenant yet. */
  async status(workspaceId: string): Promise<TenantStatusView | null> {
    const tenant = tenantNameOf(workspaceId);
    let found: GetTenantCommandOutput;
    try {
      found = await this.ses.send(new GetTenantCommand({ TenantName: tenant }));
    } catch (error) {
      if (isNamed(error, "NotFoundException")) return null;
      throw error;
    }
    const arn = found.Tenant?.TenantArn;
    const view: TenantStatusView = { tenant, sendingStatus: found.Tenant?.SendingStatus ?? "ENABLED", sesStatus: null, ownerStatus: null };
    if (!arn) return view;
    const { ReputationEntity: entity } = await this.ses.send(
      new GetReputationEntityCommand({ ReputationEntityType: "RESOURCE", ReputationEntityReference: arn }),
    );
    const record = (value: { Status?: string; Cause?: string; LastUpdatedTimestamp?: Date } | undefined) =>
      value?.Status ? { status: value.Status, cause: value.Cause ?? null, since: value.LastUpdatedTimestamp?.toISOString() ?? null } : null;
    return {
      tenant,
      sendingStatus: entity?.SendingStatusAggregate ?? view.sendingStatus,
      sesStatus: record(entity?.AwsSesManagedStatus),
      ownerStatus: record(entity?.CustomerManagedStatus),
    };
  }
}
