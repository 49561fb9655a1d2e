/**
 * The emulator's SES v2 identities as SES answers them (lib/local/moto_server.py): creating an
 * identity that exists is refused with AlreadyExistsException and leaves it as it was (moto alone
 * answers 200 and re-keys it, which would let a custom domain take over an identity someone else
 * made), and tags given at creation come back from GetEmailIdentity (the custom-domain code only
 * touches identities tagged for its claim).
 */
import { CreateEmailIdentityCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMoto, type Emulator } from '../../lib/local/moto.ts';

let moto: Emulator;
let ses: SESv2Client;

beforeAll(async () => {
  moto = await startMoto({});
  ses = new SESv2Client({ endpoint: moto.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}, 60_000);

afterAll(async () => {
  ses?.destroy();
  await moto?.stop();
});

describe('SES v2 identities in the emulator', () => {
  it('creating an identity that exists is refused with AlreadyExistsException, and its DKIM tokens and tags stay', async () => {
    const Tags = [{ Key: 'owner', Value: 'someone-else' }];
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: 'taken.example', Tags }));
    const before = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: 'taken.example' }));
    expect(before.DkimAttributes?.Tokens).toHaveLength(3);
    expect(before.Tags).toEqual(Tags);

    const again = await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: 'taken.example', Tags: [{ Key: 'owner', Value: 'attacker' }] }))
      .catch((e: Error) => e);
    expect(again).toBeInstanceOf(Error);
    expect((again as Error).name).toBe('AlreadyExistsException');
    expect((again as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(400);

    const after = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: 'taken.example' }));
    expect(after.DkimAttributes?.Tokens).toEqual(before.DkimAttributes?.Tokens);
    expect(after.Tags).toEqual(Tags);
  });

  it('an identity created without tags has none, and a new name is still created', async () => {
    await ses.send(new CreateEmailIdentityCommand({ EmailIdentity: 'plain.example' }));
    const got = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: 'plain.example' }));
    expect(got.Tags ?? []).toEqual([]);
    expect(got.DkimAttributes?.Tokens).toHaveLength(3);
  });
});
