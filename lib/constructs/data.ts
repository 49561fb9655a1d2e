/**
 * Data: the single DynamoDB table (shape from lambdas/platform/dynamo/table.ts) and the raw-mail bucket
 * (raw inbound mail, attachments, outbound MIME, large webhook payloads), plus the bucket that
 * receives the raw-mail bucket's server access logs.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { TABLE } from '../../lambdas/platform/dynamo/table.ts';
import { RESOURCE_SETTINGS } from '../../lambdas/platform/resource-settings.ts';

export interface MailroomDataProps {
  /** DynamoDB deletion protection on the table. */
  readonly tableDeletionProtection: boolean;
  /** S3 versioning on the raw-mail bucket. */
  readonly bucketVersioning: boolean;
  /** Days to keep server access logs of the raw-mail bucket. */
  readonly accessLogRetentionDays: number;
}

export class MailroomData extends Construct {
  readonly table: dynamodb.Table;
  readonly bucket: s3.Bucket;
  readonly accessLogsBucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: MailroomDataProps) {
    super(scope, id);

    this.table = new dynamodb.Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: dynamodb.AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: dynamodb.AttributeType.STRING },
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TABLE.ttlAttribute,
      deletionProtection: props.tableDeletionProtection,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const gsi of TABLE.globalIndexes) {
      this.table.addGlobalSecondaryIndex({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: gsi.sortKey, type: dynamodb.AttributeType.STRING },
        projectionType: dynamodb.ProjectionType.ALL,
      });
    }

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(props.accessLogRetentionDays) }],
    });

    const retentionDays = RESOURCE_SETTINGS.rawMailRetentionDays as number;
    this.bucket = new s3.Bucket(this, 'RawMail', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      // SSE-S3: SES receipt rules can write to it without a KMS key policy for SES.
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: props.bucketVersioning,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'raw-mail/',
      lifecycleRules: [
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(7) },
        ...(retentionDays > 0 ? [{ id: 'expire-raw-mail', expiration: Duration.days(retentionDays) }] : []),
        ...(props.bucketVersioning ? [{ id: 'expire-old-versions', noncurrentVersionExpiration: Duration.days(30) }] : []),
      ],
    });
  }
}
