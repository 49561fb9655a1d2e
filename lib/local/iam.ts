/**
 * IAM in the emulator: one IAM user per function of the catalogue, whose policy allows exactly the
 * actions its `needs` grant in AWS (NEED_ACTIONS, the table the infra test holds equal to the CDK
 * grants), and one admin user for the stack's own stand-ins (SES receiving → S3, the SQS event
 * source, EventBridge Scheduler, resource creation). Then moto's enforcement is switched on, so a
 * function that calls what its deployed role may not call is refused locally too.
 *
 * What moto 5.2.1 checks (moto/core/authorization.py, moto/iam/access_control.py): every request's
 * SigV4 signature against the user's secret (an unknown key is refused), and the action as
 * `<signing service>:<API operation>` against the user's inline policies, with the resource only
 * for S3 (bucket and object ARNs) and SQS (the queue's ARN) — for DynamoDB, Secrets Manager,
 * Scheduler and SESv2 it matches statements against the resource "*", so their statements here
 * say "*". It does not evaluate conditions on identity policies (a conditional Allow would deny),
 * and not the actions AWS checks implicitly (iam:PassRole when a schedule is created).
 */
import {
  CreateAccessKeyCommand, CreateUserCommand, DeleteAccessKeyCommand, IAMClient, ListAccessKeysCommand, PutUserPolicyCommand,
} from '@aws-sdk/client-iam';
import { functionActions, FUNCTIONS, functionsOf, type FunctionName } from '../../lambdas/functions.ts';

export interface LocalCredentials { accessKeyId: string; secretAccessKey: string }

export interface LocalIdentities {
  /** The stack's own stand-ins: everything allowed (in AWS these are services, not the functions). */
  admin: LocalCredentials;
  /** Per function the stack has (test-mode-only ones only in test mode). */
  functions: Partial<Record<FunctionName, LocalCredentials>>;
}

/**
 * API operations moto authorizes under their own name where AWS authorizes the IAM actions they
 * stand for: a function may call the operation when its grant has all of those actions.
 */
export const MOTO_OPERATION_ACTIONS: Record<string, readonly string[]> = {
  'dynamodb:TransactWriteItems': ['dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
  'dynamodb:TransactGetItems': ['dynamodb:GetItem'],
  'sqs:SendMessageBatch': ['sqs:SendMessage'],
};

/** webhookSlowQueueArn: the slow lane, granted only to the functions whose needs name it (webhookSlowLane). */
export interface PolicyResources { bucketName: string; webhookQueueArn: string; webhookSlowQueueArn?: string }

type Statement = { Effect: 'Allow'; Action: string[]; Resource: string };

/** The emulator policy for a set of granted IAM actions, with resources as specific as moto checks. */
export function emulatorPolicy(granted: readonly string[], r: PolicyResources): { Version: string; Statement: Statement[] } {
  const actions = [...granted];
  for (const [operation, needs] of Object.entries(MOTO_OPERATION_ACTIONS)) {
    if (needs.every((a) => granted.includes(a))) actions.push(operation);
  }
  const byResource = new Map<string, string[]>();
  for (const action of actions) {
    const resources = action === 's3:ListBucket' ? [`arn:aws:s3:::${r.bucketName}`]
      : action.startsWith('s3:') ? [`arn:aws:s3:::${r.bucketName}/*`]
        : action.startsWith('sqs:') ? [r.webhookQueueArn, ...(r.webhookSlowQueueArn ? [r.webhookSlowQueueArn] : [])]
          : ['*'];
    for (const resource of resources) byResource.set(resource, [...(byResource.get(resource) ?? []), action]);
  }
  return {
    Version: '2012-10-17',
    Statement: [...byResource].map(([Resource, Action]) => ({ Effect: 'Allow', Action: Action.sort(), Resource })),
  };
}

const ADMIN_POLICY = { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: '*', Resource: '*' }] };

/**
 * Creates (or updates: safe on a restored emulator) the users, gives each fresh access keys (the
 * old ones are deleted, so a key from an earlier run no longer works), and switches enforcement on.
 * Must run while the emulator does not enforce yet (moto starts that way).
 */
export async function enforceFunctionIdentities(o: {
  endpoint: string; region: string; namePrefix: string; resources: PolicyResources; paymentSecret: boolean;
  /** Test-mode-only functions get identities, and the test-mode needs their grants, only in test mode. */
  testMode: boolean;
}): Promise<LocalIdentities> {
  // Before enforcement moto accepts any signature: these keys only have to be well-formed.
  const iam = new IAMClient({ endpoint: o.endpoint, region: o.region, credentials: { accessKeyId: 'setup', secretAccessKey: 'setup' } });
  const identity = async (userName: string, policy: object): Promise<LocalCredentials> => {
    await iam.send(new CreateUserCommand({ UserName: userName })).catch((e: Error) => {
      if (e.name !== 'EntityAlreadyExistsException') throw e;
    });
    await iam.send(new PutUserPolicyCommand({ UserName: userName, PolicyName: 'needs', PolicyDocument: JSON.stringify(policy) }));
    const old = await iam.send(new ListAccessKeysCommand({ UserName: userName }));
    for (const k of old.AccessKeyMetadata ?? []) await iam.send(new DeleteAccessKeyCommand({ UserName: userName, AccessKeyId: k.AccessKeyId! }));
    const key = (await iam.send(new CreateAccessKeyCommand({ UserName: userName }))).AccessKey!;
    return { accessKeyId: key.AccessKeyId!, secretAccessKey: key.SecretAccessKey! };
  };
  const names = functionsOf({ testMode: o.testMode });
  const [admin, ...perFunction] = await Promise.all([
    identity(`${o.namePrefix}-admin`, ADMIN_POLICY),
    ...names.map((name) => identity(`${o.namePrefix}-fn-${name}`, emulatorPolicy(functionActions(name, { paymentSecret: o.paymentSecret, testMode: o.testMode }), {
      ...o.resources, webhookSlowQueueArn: (FUNCTIONS[name].needs as readonly string[]).includes('webhookSlowLane') ? o.resources.webhookSlowQueueArn : undefined,
    }))),
  ]);
  // moto's switch: after this many unauthenticated requests (here: none more), every request is checked.
  const res = await fetch(`${o.endpoint}/moto-api/reset-auth`, { method: 'POST', body: '0' });
  if (!res.ok) throw new Error(`could not switch on IAM enforcement in the emulator: ${res.status} ${await res.text()}`);
  return { admin: admin!, functions: Object.fromEntries(names.map((n, i) => [n, perFunction[i]!])) as Partial<Record<FunctionName, LocalCredentials>> };
}
