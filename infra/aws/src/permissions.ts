/**
 * The AWS actions each process of the service calls, and nothing else: one IAM policy per
 * process. test/awsCdk.test.ts derives the same lists from the code (every SDK command each
 * process's bundle can reach) and fails when they differ, so this table is what a reviewer reads.
 */
export type ProcessName = "api" | "dashboard" | "ingest" | "sender" | "smtp" | "inbound" | "cli";

/** Attachment and message bytes in the file store (FILE_STORE=s3): the S3_BUCKET objects. */
const FILE_STORE = ["s3:DeleteObject", "s3:GetObject", "s3:ListBucket", "s3:PutObject"];

/** An SES tenant per workspace, made on first need by whoever meets a workspace without one. */
const TENANTS = [
  "ses:CreateTenant",
  "ses:CreateTenantResourceAssociation",
  "ses:GetReputationEntity",
  "ses:GetTenant",
  "ses:ListTenantResources",
  "ses:ListTenants",
];

export const PROCESS_ACTIONS: Record<ProcessName, readonly string[]> = {
  api: FILE_STORE,
  // Domains (identities, DKIM, MAIL FROM), the sending status page, the setup checks it shows.
  dashboard: [
    ...TENANTS,
    "ses:CreateEmailIdentity",
    "ses:DeleteEmailIdentity",
    "ses:GetAccount",
    "ses:GetConfigurationSet",
    "ses:GetConfigurationSetEventDestinations",
    "ses:GetEmailIdentity",
    "ses:PutEmailIdentityDkimSigningAttributes",
    "ses:PutEmailIdentityMailFromAttributes",
    "ses:TagResource",
    "sns:GetTopicAttributes",
    "sns:ListSubscriptionsByTopic",
  ],
  // Received messages SES stored (SES_INBOUND_BUCKET) are read, then kept in the file store.
  ingest: FILE_STORE,
  sender: [...FILE_STORE, ...TENANTS, "ses:GetAccount", "ses:GetEmailIdentity", "ses:SendEmail"],
  smtp: FILE_STORE,
  inbound: FILE_STORE,
  // The operator CLI: `svc ses setup` (the account side), `svc doctor`, domains.
  cli: [
    ...TENANTS,
    "s3:CreateBucket",
    "s3:DeleteObject",
    "s3:GetObject",
    "s3:ListBucket",
    "ses:CreateConfigurationSet",
    "ses:CreateConfigurationSetEventDestination",
    "ses:CreateEmailIdentity",
    "ses:CreateReceiptRule",
    "ses:CreateReceiptRuleSet",
    "ses:DeleteConfigurationSet",
    "ses:DeleteEmailIdentity",
    "ses:DeleteReceiptRule",
    "ses:DescribeActiveReceiptRuleSet",
    "ses:DescribeReceiptRuleSet",
    "ses:GetAccount",
    "ses:GetConfigurationSet",
    "ses:GetConfigurationSetEventDestinations",
    "ses:GetEmailIdentity",
    "ses:PutConfigurationSetReputationOptions",
    "ses:PutConfigurationSetSuppressionOptions",
    "ses:PutConfigurationSetTrackingOptions",
    "ses:PutEmailIdentityDkimSigningAttributes",
    "ses:PutEmailIdentityMailFromAttributes",
    "ses:SendEmail",
    "ses:SetActiveReceiptRuleSet",
    "ses:TagResource",
    "ses:UpdateConfigurationSetEventDestination",
    "ses:UpdateReceiptRule",
    "sns:CreateTopic",
    "sns:GetSubscriptionAttributes",
    "sns:GetTopicAttributes",
    "sns:ListSubscriptionsByTopic",
    "sns:SetTopicAttributes",
    "sns:Subscribe",
  ],
};
