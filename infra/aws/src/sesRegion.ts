import { Duration, RemovalPolicy, Stack, type StackProps } from "aws-cdk-lib";
import { PolicyStatement, ServicePrincipal } from "aws-cdk-lib/aws-iam";
import { BlockPublicAccess, Bucket, BucketEncryption } from "aws-cdk-lib/aws-s3";
import { CfnConfigurationSet, CfnConfigurationSetEventDestination, ReceiptRuleSet } from "aws-cdk-lib/aws-ses";
import { SubscriptionProtocol, Topic } from "aws-cdk-lib/aws-sns";
import { UrlSubscription } from "aws-cdk-lib/aws-sns-subscriptions";
import type { Construct } from "constructs";

/** Every SES event the ingester records; OPEN and CLICK only where a set tracks them. */
const UNTRACKED_EVENTS = ["send", "delivery", "bounce", "complaint", "reject", "renderingFailure", "deliveryDelay"];

/** The four tracking combinations and their sets' names, as `svc ses setup` names them. */
export function trackingSets(prefix: string): Array<{ name: string; open: boolean; click: boolean }> {
  return [
    { name: prefix, open: false, click: false },
    { name: `${prefix}-open`, open: true, click: false },
    { name: `${prefix}-click`, open: false, click: true },
    { name: `${prefix}-open-click`, open: true, click: true },
  ];
}

export interface SesRegionProps extends StackProps {
  /** Names start with this (`svc ses setup --prefix`). */
  prefix: string;
  /** The ingester's public SNS endpoint: https://<ingest host>/sns/ses. */
  ingestUrl: string;
  /** Receive mail in this region: SES stores each message in this bucket and notifies the topic. */
  receiving?: { bucketName?: string; objectKeyPrefix: string; keepDays: number };
}

/**
 * What one SES region needs: the events topic (SignatureVersion 2) with the ingester's HTTPS
 * subscription, the four configuration sets with reputation metrics, SES-side suppression of
 * bounces and complaints and an event destination to the topic, and where asked, the receiving
 * bucket (private, encrypted, objects expire) and receipt rule set. Per-domain things
 * (identities, DKIM, rules per receiving domain, tenants, custom tracking domains' sets) change
 * as workspaces add domains: `svc ses setup` reconciles those, adopting what this stack made.
 */
export class SesRegionStack extends Stack {
  readonly topic: Topic;
  readonly inboundBucket?: Bucket;

  constructor(scope: Construct, id: string, props: SesRegionProps) {
    super(scope, id, props);
    if (!/^https:\/\//.test(props.ingestUrl)) throw new Error(`ingestUrl must be https:// (SNS posts to it): ${props.ingestUrl}`);

    this.topic = new Topic(this, "Events", { topicName: `${props.prefix}-ses-events`, signatureVersion: "2" });
    this.topic.addSubscription(new UrlSubscription(props.ingestUrl, { protocol: SubscriptionProtocol.HTTPS }));

    for (const set of trackingSets(props.prefix)) {
      const configurationSet = new CfnConfigurationSet(this, `Set-${set.name}`, {
        name: set.name,
        reputationOptions: { reputationMetricsEnabled: true },
        suppressionOptions: { suppressedReasons: ["BOUNCE", "COMPLAINT"] },
      });
      const destination = new CfnConfigurationSetEventDestination(this, `Destination-${set.name}`, {
        configurationSetName: set.name,
        eventDestination: {
          name: `${props.prefix}-sns`,
          enabled: true,
          matchingEventTypes: [...UNTRACKED_EVENTS, ...(set.open ? ["open"] : []), ...(set.click ? ["click"] : [])],
          snsDestination: { topicArn: this.topic.topicArn },
        },
      });
      destination.addResourceDependency(configurationSet);
    }

    if (props.receiving) {
      const { objectKeyPrefix, keepDays } = props.receiving;
      this.inboundBucket = new Bucket(this, "Inbound", {
        bucketName: props.receiving.bucketName,
        blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
        encryption: BucketEncryption.S3_MANAGED,
        enforceSSL: true,
        // The ingester copies each message into the file store; what is left here is a backlog
        // or a refused message, kept long enough to look into.
        lifecycleRules: [
          { prefix: objectKeyPrefix, expiration: Duration.days(keepDays), abortIncompleteMultipartUploadAfter: Duration.days(1) },
        ],
        removalPolicy: RemovalPolicy.RETAIN,
      });
      this.inboundBucket.addToResourcePolicy(
        new PolicyStatement({
          principals: [new ServicePrincipal("ses.amazonaws.com")],
          actions: ["s3:PutObject"],
          resources: [this.inboundBucket.arnForObjects(`${objectKeyPrefix}*`)],
          conditions: { StringEquals: { "aws:SourceAccount": this.account } },
        }),
      );
      // Its rules (one per verified receiving domain) and its activation are `svc ses setup
      // --inbound`'s: CloudFormation cannot list domains that workspaces add later.
      new ReceiptRuleSet(this, "InboundRules", { receiptRuleSetName: `${props.prefix}-inbound` });
    }
  }
}
