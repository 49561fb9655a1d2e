/**
 * Shared by the infra tests: build the app the way bin/app.ts does (cdk.json context, so the same
 * feature flags and defaults), with optional context overrides. Each test file synthesizes once.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { PROJECT_ROOT } from '../../lib/constructs/mailroom-function.ts';
import { MailroomStack, mailroomConfigFromContext } from '../../lib/mailroom-stack.ts';
import { stackName } from '../../lib/stack-outputs.ts';

export { PROJECT_ROOT };

export const CDK_JSON = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
  app: string;
  context: Record<string, unknown>;
};

/**
 * The mail domain every infra test deploys with: cdk.json has none (the synth refuses a missing or
 * placeholder one), and .test is reserved (RFC 2606), so it is nobody's real domain.
 */
export const TEST_MAIL_DOMAIN = 'mail.mailroom.test';

export interface Synthesized {
  app: App;
  stack: MailroomStack;
  template: Template;
}

export interface SynthOptions {
  context?: Record<string, unknown>;
  /** Skip esbuild bundling (assets become placeholders): for variants that only look at the template. */
  skipBundling?: boolean;
}

export function synthMailroom(options: SynthOptions = {}): Synthesized {
  const context: Record<string, unknown> = { ...CDK_JSON.context, mailDomain: TEST_MAIL_DOMAIN, ...options.context };
  if (options.skipBundling) context['aws:cdk:bundling-stacks'] = [];
  const app = new App({ context });
  const config = mailroomConfigFromContext(app.node);
  const stack = new MailroomStack(app, stackName(config.stage), { config });
  const template = Template.fromStack(stack);
  return { app, stack, template };
}

/** Logical id of an L2 construct's CloudFormation resource in its stack. */
export function logicalId(construct: { node: { defaultChild?: unknown } }, stack: MailroomStack): string {
  const child = construct.node.defaultChild;
  if (!child) throw new Error('construct has no default child');
  return stack.getLogicalId(child as Parameters<MailroomStack['getLogicalId']>[0]);
}
