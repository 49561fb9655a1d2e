/**
 * Secrets: the HMAC key that signs magic links (upgrade, notifications, inbox view). Generated
 * by Secrets Manager at deploy time; the value never appears in the template or in code.
 */
import { Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export class MailroomSecrets extends Construct {
  readonly linkSecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.linkSecret = new secretsmanager.Secret(this, 'LinkSigningKey', {
      description: 'Mailroom: HMAC key that signs magic links (generated, never exported)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
    });
    Validations.of(this.linkSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: 'HMAC signing key for magic links, not a credential for another system: automatic rotation would invalidate every outstanding link (valid 7 days). Rotate by hand when needed (see README).',
    });
  }
}
