import {
  AlreadyExistsException,
  CreateConfigurationSetCommand,
  CreateEmailIdentityCommand,
  CreateTenantCommand,
  CreateTenantResourceAssociationCommand,
  DeleteTenantCommand,
  DeleteTenantResourceAssociationCommand,
  GetReputationEntityCommand,
  GetTenantCommand,
  ListReputationEntitiesCommand,
  ListResourceTenantsCommand,
  ListTenantResourcesCommand,
  ListTenantsCommand,
  NotFoundException,
  SESv2Client,
  SendEmailCommand,
  type SendEmailCommandInput,
  SendingPausedException,
  UpdateReputationEntityCustomerManagedStatusCommand,
} from "@aws-sdk/client-sesv2";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { type AwsLocal, startAwsLocal } from "../src/index.ts";

/** The SES v2 tenant operations and SendEmail's tenant rules, driven by the real SDK. */

const credentials = { accessKeyId: "AKIDLOCAL", secretAccessKey: "local-secret" };
const REGION = "eu-west-1";
const ACCOUNT = "210987654321";
let aws: AwsLocal;
let ses: SESv2Client;

beforeAll(async () => {
  aws = await startAwsLocal({ region: REGION, accountId: ACCOUNT });
  ses = new SESv2Client({ endpoint: aws.url, region: REGION, credentials, maxAttempts: 1 });
  await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: "acme.example" }));
  await ses.send(new CreateConfigurationSetCommand({ ConfigurationSetName: "svc" }));
});

afterAll(async () => {
  ses.destroy();
  await aws.close();
});

const identityArn = `arn:aws:ses:${REGION}:${ACCOUNT}:identity/acme.example`;
const setArn = `arn:aws:ses:${REGION}:${ACCOUNT}:configuration-set/svc`;

function message(tenant?: string): SendEmailCommandInput {
  return {
    FromEmailAddress: "hello@acme.example",
    Destination: { ToAddresses: ["a@example.com"], CcAddresses: ["b@example.com"] },
    Content: { Simple: { Subject: { Data: "Hi" }, Body: { Text: { Data: "Hello" } } } },
    ...(tenant ? { TenantName: tenant } : {}),
  };
}

describe("tenants", () => {
  it("creates, reads and lists tenants with the SDK's shapes; a second create is AlreadyExists", async () => {
    const created = await ses.send(
      new CreateTenantCommand({
        TenantName: "org_first",
        Tags: [{ Key: "svc:workspace", Value: "org_first" }],
        SuppressionAttributes: { SuppressedReasons: ["BOUNCE", "COMPLAINT"], SuppressionScope: "TENANT" },
      }),
    );
    expect(created).toMatchObject({
      TenantName: "org_first",
      SendingStatus: "ENABLED",
      SuppressionAttributes: { SuppressionScope: "TENANT" },
    });
    expect(created.TenantArn).toBe(`arn:aws:ses:${REGION}:${ACCOUNT}:tenant/org_first/${created.TenantId}`);
    expect(created.CreatedTimestamp).toBeInstanceOf(Date);
    await expect(ses.send(new CreateTenantCommand({ TenantName: "org_first" }))).rejects.toBeInstanceOf(AlreadyExistsException);
    await ses.send(new CreateTenantCommand({ TenantName: "org_second" }));

    const { Tenant } = await ses.send(new GetTenantCommand({ TenantName: "org_first" }));
    expect(Tenant).toMatchObject({
      TenantName: "org_first",
      TenantId: created.TenantId,
      Tags: [{ Key: "svc:workspace", Value: "org_first" }],
      SendingStatus: "ENABLED",
    });
    await expect(ses.send(new GetTenantCommand({ TenantName: "org_none" }))).rejects.toBeInstanceOf(NotFoundException);

    const listed = await ses.send(new ListTenantsCommand({ PageSize: 1 }));
    expect(listed.Tenants?.map((tenant) => tenant.TenantName)).toEqual(["org_first"]);
    const next = await ses.send(new ListTenantsCommand({ PageSize: 1, NextToken: listed.NextToken }));
    expect(next.Tenants?.map((tenant) => tenant.TenantName)).toEqual(["org_second"]);
    expect(next.NextToken).toBeUndefined();
    const filtered = await ses.send(new ListTenantsCommand({ Filter: { TENANT_NAME_CONTAINS: "sec" } }));
    expect(filtered.Tenants?.map((tenant) => tenant.TenantName)).toEqual(["org_second"]);
  });

  it("associates identities and configuration sets, lists them both ways, and refuses unknown resources", async () => {
    await ses.send(new CreateTenantResourceAssociationCommand({ TenantName: "org_first", ResourceArn: identityArn }));
    await ses.send(new CreateTenantResourceAssociationCommand({ TenantName: "org_first", ResourceArn: setArn }));
    await ses.send(new CreateTenantResourceAssociationCommand({ TenantName: "org_second", ResourceArn: setArn }));
    await expect(
      ses.send(new CreateTenantResourceAssociationCommand({ TenantName: "org_first", ResourceArn: setArn })),
    ).rejects.toBeInstanceOf(AlreadyExistsException);
    const unknown = `arn:aws:ses:${REGION}:${ACCOUNT}:identity/other.example`;
    await expect(
      ses.send(new CreateTenantResourceAssociationCommand({ TenantName: "org_first", ResourceArn: unknown })),
    ).rejects.toBeInstanceOf(NotFoundException);

    const resources = await ses.send(new ListTenantResourcesCommand({ TenantName: "org_first" }));
    expect(resources.TenantResources).toEqual([
      { ResourceType: "EMAIL_IDENTITY", ResourceArn: identityArn },
      { ResourceType: "CONFIGURATION_SET", ResourceArn: setArn },
    ]);
    const sets = await ses.send(
      new ListTenantResourcesCommand({ TenantName: "org_first", Filter: { RESOURCE_TYPE: "CONFIGURATION_SET" } }),
    );
    expect(sets.TenantResources?.map((resource) => resource.ResourceArn)).toEqual([setArn]);
    const holders = await ses.send(new ListResourceTenantsCommand({ ResourceArn: setArn }));
    expect(holders.ResourceTenants?.map((holder) => holder.TenantName)).toEqual(["org_first", "org_second"]);

    await ses.send(new DeleteTenantResourceAssociationCommand({ TenantName: "org_second", ResourceArn: setArn }));
    expect((await ses.send(new ListTenantResourcesCommand({ TenantName: "org_second" }))).TenantResources).toEqual([]);
  });

  it("sends with TenantName while the tenant may send, and records the tenant on the message", async () => {
    const { MessageId } = await ses.send(new SendEmailCommand(message("org_first")));
    expect(aws.state.ses.sentEmails.at(-1)).toMatchObject({
      messageId: MessageId,
      tenantName: "org_first",
      to: ["a@example.com"],
      cc: ["b@example.com"],
      subject: "Hi",
    });
    await expect(ses.send(new SendEmailCommand(message("org_none")))).rejects.toBeInstanceOf(NotFoundException);
  });

  it("a tenant SES disables refuses sends (SendingPausedException) while other tenants send; it sends again once enabled", async () => {
    const { Tenant } = await ses.send(new GetTenantCommand({ TenantName: "org_first" }));
    aws.setTenantSesStatus("org_first", "DISABLED", "High bounce rate");

    const refused = await ses.send(new SendEmailCommand(message("org_first"))).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SendingPausedException);
    expect(refused).toMatchObject({ message: "Sending is paused for tenant <org_first>.", $metadata: { httpStatusCode: 400 } });
    await ses.send(new SendEmailCommand(message("org_second")));
    expect((await ses.send(new GetTenantCommand({ TenantName: "org_first" }))).Tenant?.SendingStatus).toBe("DISABLED");

    const { ReputationEntity } = await ses.send(
      new GetReputationEntityCommand({ ReputationEntityType: "RESOURCE", ReputationEntityReference: Tenant!.TenantArn }),
    );
    expect(ReputationEntity).toMatchObject({
      ReputationEntityReference: Tenant!.TenantArn,
      ReputationEntityType: "RESOURCE",
      AwsSesManagedStatus: { Status: "DISABLED", Cause: "High bounce rate" },
      CustomerManagedStatus: { Status: "ENABLED" },
      SendingStatusAggregate: "DISABLED",
    });
    expect(ReputationEntity?.AwsSesManagedStatus?.LastUpdatedTimestamp).toBeInstanceOf(Date);
    const disabled = await ses.send(new ListReputationEntitiesCommand({ Filter: { SENDING_STATUS: "DISABLED" } }));
    expect(disabled.ReputationEntities?.map((entity) => entity.ReputationEntityReference)).toEqual([Tenant!.TenantArn]);

    aws.setTenantSesStatus("org_first", "ENABLED");
    await ses.send(new SendEmailCommand(message("org_first")));
  });

  it("the owner pauses and resumes a tenant with UpdateReputationEntityCustomerManagedStatus", async () => {
    const { Tenant } = await ses.send(new GetTenantCommand({ TenantName: "org_second" }));
    const entity = { ReputationEntityType: "RESOURCE" as const, ReputationEntityReference: Tenant!.TenantArn };
    await ses.send(new UpdateReputationEntityCustomerManagedStatusCommand({ ...entity, SendingStatus: "DISABLED" }));
    await expect(ses.send(new SendEmailCommand(message("org_second")))).rejects.toBeInstanceOf(SendingPausedException);
    await ses.send(new UpdateReputationEntityCustomerManagedStatusCommand({ ...entity, SendingStatus: "REINSTATED" }));
    expect((await ses.send(new GetReputationEntityCommand(entity))).ReputationEntity?.SendingStatusAggregate).toBe("REINSTATED");
    await ses.send(new SendEmailCommand(message("org_second")));
    await expect(
      ses.send(new UpdateReputationEntityCustomerManagedStatusCommand({ ...entity, SendingStatus: "PAUSED" as "DISABLED" })),
    ).rejects.toMatchObject({ name: "BadRequestException" });
  });

  it("deletes tenants", async () => {
    await ses.send(new DeleteTenantCommand({ TenantName: "org_second" }));
    await expect(ses.send(new GetTenantCommand({ TenantName: "org_second" }))).rejects.toBeInstanceOf(NotFoundException);
    expect(aws.state.calls).toContain("ses:DeleteTenant");
  });
});
