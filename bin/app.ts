/**
 * The CDK app: `npx cdk deploy -c mailDomain=<your mail domain>` (synth refuses a missing or
 * example.* mail domain, naming the value to set).
 * Deployment parameters come from CDK context (cdk.json defaults, `-c key=value` overrides);
 * see lib/mailroom-stack.ts (mailroomConfigFromContext) and the README.
 *
 * cdk-nag (AWS Solutions rules) runs on every synth: an unacknowledged finding fails the synth.
 * `-c nag=false` switches it off for a quick local experiment only.
 */
import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { MailroomStack, mailroomConfigFromContext } from '../lib/mailroom-stack.ts';
import { stackName } from '../lib/stack-outputs.ts';

const app = new App();
const config = mailroomConfigFromContext(app.node);

const stack = new MailroomStack(app, stackName(config.stage), {
  config,
  description: `Mailroom (${config.stage}): email inboxes for AI agents`,
  // Environment-agnostic on purpose: synth is offline and the same everywhere; deploy goes to
  // the account and region of the CLI credentials (AWS_PROFILE / AWS_REGION).
});
Tags.of(stack).add('project', 'mailroom');
Tags.of(stack).add('stage', config.stage);

if (app.node.tryGetContext('nag') !== false && app.node.tryGetContext('nag') !== 'false') {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
}
