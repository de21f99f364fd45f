import { Stack, type StackProps } from "aws-cdk-lib";
import { FederatedPrincipal, ManagedPolicy, PolicyStatement, Role } from "aws-cdk-lib/aws-iam";
import type { Construct } from "constructs";
import { PROCESS_ACTIONS, type ProcessName } from "./permissions.ts";

export interface AccessProps extends StackProps {
  prefix: string;
  /** The file store (S3_BUCKET), when FILE_STORE=s3. */
  fileBucketName?: string;
  /** SES_INBOUND_BUCKET, when mail is received through SES. */
  inboundBucketName?: string;
  /** Roles for Kubernetes service accounts (IRSA): the cluster's OIDC provider and where the pods run. */
  eks?: { oidcProviderArn: string; oidcIssuer: string; namespace: string; serviceAccountPrefix: string };
}

/** Processes that read messages SES received (the ingester) or set the bucket up (the CLI). */
const READS_INBOUND_BUCKET = new Set<ProcessName>(["ingest", "cli"]);
/** S3 actions on a bucket rather than on its objects. */
const BUCKET_ACTIONS = new Set(["s3:ListBucket", "s3:CreateBucket"]);
/** Topic actions are scoped to the service's topics; this one names no topic. */
const SNS_WITHOUT_RESOURCE = new Set(["sns:GetSubscriptionAttributes"]);

/**
 * One managed policy per process (`<prefix>-<process>`) holding only the actions that process
 * calls (permissions.ts), and with `eks` one role per process that its service account assumes.
 * SES actions apply to identities, configuration sets and tenants that workspaces create at run
 * time, and several (GetAccount, ListTenants) take no resource: they are granted on `*`. S3
 * actions are scoped to the buckets, SNS actions to the service's topics.
 */
export class AccessStack extends Stack {
  readonly policies = new Map<ProcessName, ManagedPolicy>();

  constructor(scope: Construct, id: string, props: AccessProps) {
    super(scope, id, props);
    const topics = `arn:${this.partition}:sns:*:${this.account}:${props.prefix}-*`;
    for (const [process, actions] of Object.entries(PROCESS_ACTIONS) as Array<[ProcessName, readonly string[]]>) {
      const statements: PolicyStatement[] = [];
      const ses = actions.filter((action) => action.startsWith("ses:"));
      if (ses.length > 0) statements.push(new PolicyStatement({ sid: "Ses", actions: ses, resources: ["*"] }));
      const snsScoped = actions.filter((action) => action.startsWith("sns:") && !SNS_WITHOUT_RESOURCE.has(action));
      if (snsScoped.length > 0) statements.push(new PolicyStatement({ sid: "SnsTopics", actions: snsScoped, resources: [topics] }));
      const snsOther = actions.filter((action) => SNS_WITHOUT_RESOURCE.has(action));
      if (snsOther.length > 0) statements.push(new PolicyStatement({ sid: "SnsSubscriptions", actions: snsOther, resources: ["*"] }));
      const buckets = [props.fileBucketName, READS_INBOUND_BUCKET.has(process) ? props.inboundBucketName : undefined].filter(
        (name): name is string => name !== undefined,
      );
      const s3 = actions.filter((action) => action.startsWith("s3:"));
      if (s3.length > 0 && buckets.length > 0) {
        const bucketLevel = s3.filter((action) => BUCKET_ACTIONS.has(action));
        const objectLevel = s3.filter((action) => !bucketLevel.includes(action));
        if (bucketLevel.length > 0)
          statements.push(
            new PolicyStatement({
              sid: "Buckets",
              actions: bucketLevel,
              resources: buckets.map((name) => `arn:${this.partition}:s3:::${name}`),
            }),
          );
        if (objectLevel.length > 0)
          statements.push(
            new PolicyStatement({
              sid: "Objects",
              actions: objectLevel,
              resources: buckets.map((name) => `arn:${this.partition}:s3:::${name}/*`),
            }),
          );
      }
      if (statements.length === 0) continue;
      const policy = new ManagedPolicy(this, `Policy-${process}`, { managedPolicyName: `${props.prefix}-${process}`, statements });
      this.policies.set(process, policy);

      if (props.eks) {
        const { oidcProviderArn, oidcIssuer, namespace, serviceAccountPrefix } = props.eks;
        const issuer = oidcIssuer.replace(/^https:\/\//, "");
        new Role(this, `Role-${process}`, {
          roleName: `${props.prefix}-${process}`,
          managedPolicies: [policy],
          assumedBy: new FederatedPrincipal(
            oidcProviderArn,
            {
              StringEquals: {
                [`${issuer}:sub`]: `system:serviceaccount:${namespace}:${serviceAccountPrefix}-${process}`,
                [`${issuer}:aud`]: "sts.amazonaws.com",
              },
            },
            "sts:AssumeRoleWithWebIdentity",
          ),
        });
      }
    }
  }
}
