/**
 * Optional custom domain of the API and pages (-c apiDomain= -c certificateArn=): a regional API
 * Gateway domain name mapped to the HTTP API's $default stage, ApiUrl and SiteUrl on it, the
 * target to point DNS at as an output, and the alias A record when the hosted zone holds the
 * domain. Without the keys nothing of it is made. Both keys go together; the ARN must be ACM's.
 * The WebSocket stream has its own (-c streamDomain=, same certificate): API Gateway cannot map a
 * WebSocket API and an HTTP API to one domain name. Clients are told wss://<streamDomain>; the
 * functions keep posting to connections at the stage's execute-api callback URL.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENV } from '../../lambdas/functions.ts';
import { MailroomStack, mailroomConfigFromContext } from '../../lib/mailroom-stack.ts';
import { CDK_JSON, logicalId, synthMailroom, TEST_MAIL_DOMAIN, type Synthesized } from './synth.ts';

const CERT = 'arn:aws:acm:eu-west-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const DOMAIN = { apiDomain: 'api.mailroom.test', certificateArn: CERT };
const STREAM = { streamDomain: 'stream.mailroom.test' };
const ZONE = { hostedZoneId: 'Z0123456789ABCDEFGHIJ', hostedZoneName: 'mailroom.test' };

const outputs = (v: Synthesized) => v.template.toJSON().Outputs as Record<string, { Value: unknown }>;

function configOf(context: Record<string, unknown>) {
  const app = new App({ context: { ...CDK_JSON.context, mailDomain: TEST_MAIL_DOMAIN, ...context } });
  return mailroomConfigFromContext(app.node);
}

describe('API custom domain', () => {
  let plain: Synthesized;
  let custom: Synthesized;
  let zoned: Synthesized;
  let withSite: Synthesized;
  beforeAll(() => {
    plain = synthMailroom({ skipBundling: true });
    custom = synthMailroom({ skipBundling: true, context: DOMAIN });
    zoned = synthMailroom({ skipBundling: true, context: { ...DOMAIN, ...ZONE } });
    withSite = synthMailroom({ skipBundling: true, context: { ...DOMAIN, siteUrl: 'https://agents.mailroom.test/' } });
  });

  it('with apiDomain and certificateArn: a regional TLS 1.2 domain name with the certificate, mapped to the HTTP API $default stage', () => {
    custom.template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'api.mailroom.test',
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: CERT, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' })],
    });
    custom.template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 1);
    custom.template.hasResourceProperties('AWS::ApiGatewayV2::ApiMapping', {
      ApiId: { Ref: logicalId(custom.stack.api.httpApi, custom.stack) },
      DomainName: { Ref: logicalId(custom.stack.api.domainName!, custom.stack) },
      Stage: '$default',
    });
    // The mapping is at the domain's root: <ApiUrl>/v1/… reaches the routes unchanged.
    expect(Object.values(custom.template.findResources('AWS::ApiGatewayV2::ApiMapping'))[0]!.Properties.ApiMappingKey).toBeUndefined();
  });

  it('ApiUrl is https://<apiDomain> without a trailing slash, and ApiDomainTarget is the regional domain name to point DNS at', () => {
    expect(outputs(custom).ApiUrl!.Value).toBe('https://api.mailroom.test');
    expect(outputs(custom).ApiDomainTarget!.Value).toEqual({
      'Fn::GetAtt': [logicalId(custom.stack.api.domainName!, custom.stack), 'RegionalDomainName'],
    });
  });

  it('siteUrl defaults to https://<apiDomain> (magic links and pages on the custom domain), in the functions too', () => {
    expect(outputs(custom).SiteUrl!.Value).toBe('https://api.mailroom.test');
    custom.template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ SITE_URL: 'https://api.mailroom.test' }) },
    });
  });

  it('an explicit siteUrl wins over the custom domain; ApiUrl stays on the domain', () => {
    expect(outputs(withSite).SiteUrl!.Value).toBe('https://agents.mailroom.test');
    expect(outputs(withSite).ApiUrl!.Value).toBe('https://api.mailroom.test');
  });

  it('without the keys: no domain name, no mapping, no ApiDomainTarget; ApiUrl is the execute-api endpoint without a trailing slash', () => {
    plain.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 0);
    plain.template.resourceCountIs('AWS::ApiGatewayV2::ApiMapping', 0);
    expect(outputs(plain).ApiDomainTarget).toBeUndefined();
    // The API's endpoint attribute (https://{id}.execute-api.{region}.amazonaws.com), not the stage URL ending in '/'.
    expect(outputs(plain).ApiUrl!.Value).toEqual({ 'Fn::GetAtt': [logicalId(plain.stack.api.httpApi, plain.stack), 'ApiEndpoint'] });
    expect(outputs(plain).SiteUrl!.Value).toEqual(outputs(plain).ApiUrl!.Value);
  });

  it('with a hosted zone holding apiDomain: an alias A record to the regional domain name', () => {
    const domainId = logicalId(zoned.stack.api.domainName!, zoned.stack);
    zoned.template.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'api.mailroom.test.',
      Type: 'A',
      HostedZoneId: ZONE.hostedZoneId,
      AliasTarget: {
        DNSName: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] },
        HostedZoneId: { 'Fn::GetAtt': [domainId, 'RegionalHostedZoneId'] },
      },
    });
  });

  it('the custom domain, its mapping and alias record pass cdk-nag (AWS Solutions) with no finding', () => {
    expect(new AwsSolutionsChecks().validateScope(zoned.stack).violations).toEqual([]);
  });

  it('no alias record without a zone, nor when the zone does not hold apiDomain', () => {
    expect(custom.stack.api.aliasRecord).toBeUndefined();
    custom.template.resourcePropertiesCountIs('AWS::Route53::RecordSet', { Type: 'A' }, 0);
    const elsewhere = synthMailroom({ skipBundling: true, context: { ...ZONE, apiDomain: 'api.other.test', certificateArn: CERT } });
    elsewhere.template.resourcePropertiesCountIs('AWS::Route53::RecordSet', { Type: 'A' }, 0);
    elsewhere.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 1);
  });
});

describe('API custom domain configuration is refused when it cannot work', () => {
  it('apiDomain without certificateArn, and certificateArn without apiDomain, are refused naming both', () => {
    expect(() => configOf({ apiDomain: 'api.mailroom.test' })).toThrow(/'apiDomain' and 'certificateArn' go together/);
    expect(() => configOf({ certificateArn: CERT })).toThrow(/'apiDomain' and 'certificateArn' go together/);
  });

  it.each([
    ['not an ARN', 'my-certificate'],
    ['another service', 'arn:aws:iam::123456789012:server-certificate/api'],
    ['no region', 'arn:aws:acm::123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'],
    ['a short account', 'arn:aws:acm:eu-west-1:1234:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789'],
  ])('a malformed certificateArn (%s) is refused, naming it', (_, arn) => {
    expect(() => configOf({ apiDomain: 'api.mailroom.test', certificateArn: arn })).toThrow(/'certificateArn' must be an ACM certificate ARN in the stack's region/);
  });

  it('a good pair is taken, the domain lower-cased without its final dot', () => {
    expect(configOf({ apiDomain: 'API.Mailroom.test.', certificateArn: CERT })).toMatchObject({ apiDomain: 'api.mailroom.test', certificateArn: CERT });
  });

  it('a certificate in another region than the stack\'s is refused at synth, when the region is known', () => {
    const app = new App({ context: { ...CDK_JSON.context, mailDomain: TEST_MAIL_DOMAIN, ...DOMAIN, 'aws:cdk:bundling-stacks': [] } });
    const config = mailroomConfigFromContext(app.node);
    expect(() => new MailroomStack(app, 'Mailroom-us', { config, env: { region: 'us-east-1', account: '123456789012' } }))
      .toThrow(/'certificateArn' is in eu-west-1, but the stack deploys to us-east-1/);
    const same = new App({ context: { ...CDK_JSON.context, mailDomain: TEST_MAIL_DOMAIN, ...DOMAIN, 'aws:cdk:bundling-stacks': [] } });
    expect(Stack.of(new MailroomStack(same, 'Mailroom-eu', { config, env: { region: 'eu-west-1', account: '123456789012' } })).region).toBe('eu-west-1');
  });
});

describe('WebSocket stream custom domain', () => {
  let plain: Synthesized;
  let both: Synthesized;
  let zoned: Synthesized;
  beforeAll(() => {
    plain = synthMailroom({ skipBundling: true, context: DOMAIN });
    both = synthMailroom({ skipBundling: true, context: { ...DOMAIN, ...STREAM } });
    zoned = synthMailroom({ skipBundling: true, context: { ...DOMAIN, ...STREAM, ...ZONE } });
  });
  const wsApiId = (v: Synthesized) => logicalId(v.stack.stream.webSocketApi, v.stack);
  const fnEnv = (v: Synthesized, name: 'stream' | 'webhook-deliver') =>
    v.template.toJSON().Resources[logicalId(v.stack.functionOf(name).fn, v.stack)].Properties.Environment.Variables as Record<string, unknown>;

  it('with streamDomain: a second regional TLS 1.2 domain name with the same certificate, its root mapped to the WebSocket stage', () => {
    both.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 2);
    both.template.hasResourceProperties('AWS::ApiGatewayV2::DomainName', {
      DomainName: 'stream.mailroom.test',
      DomainNameConfigurations: [Match.objectLike({ CertificateArn: CERT, EndpointType: 'REGIONAL', SecurityPolicy: 'TLS_1_2' })],
    });
    const mappings = Object.values(both.template.findResources('AWS::ApiGatewayV2::ApiMapping')).map((r) => r.Properties);
    const ws = mappings.filter((m) => m.DomainName.Ref === logicalId(both.stack.stream.domainName!, both.stack));
    expect(ws).toHaveLength(1);
    // Root mapping: wss://<streamDomain> is the stage, no path to add.
    expect(ws[0]).toMatchObject({ ApiId: { Ref: wsApiId(both) }, Stage: 'live' });
    expect(ws[0]!.ApiMappingKey).toBeUndefined();
    // The HTTP API keeps its own domain: one WebSocket and one HTTP mapping, never on one name.
    expect(mappings).toHaveLength(2);
  });

  it('StreamUrl is wss://<streamDomain>, and StreamDomainTarget the regional domain name to point DNS at', () => {
    expect(outputs(both).StreamUrl!.Value).toBe('wss://stream.mailroom.test');
    expect(outputs(both).StreamDomainTarget!.Value).toEqual({
      'Fn::GetAtt': [logicalId(both.stack.stream.domainName!, both.stack), 'RegionalDomainName'],
    });
  });

  it('the functions tell clients wss://<streamDomain> (STREAM_URL, what GET /v1/stream answers) and post to connections on execute-api', () => {
    for (const name of ['stream', 'webhook-deliver'] as const) {
      const env = fnEnv(both, name);
      expect(env[ENV.streamUrl], name).toBe('wss://stream.mailroom.test');
      // The Management API endpoint AWS documents: https://<api id>.execute-api.<region>.amazonaws.com/live.
      const callback = JSON.stringify(env[ENV.streamCallbackUrl]);
      expect(callback, name).toContain(wsApiId(both));
      expect(callback, name).toMatch(/^"?\{"Fn::Join":\["",\["https:\/\/"/);
      expect(callback, name).toContain('/live');
      expect(callback, name).not.toContain('stream.mailroom.test');
    }
  });

  it('with a hosted zone holding streamDomain: an alias A record to its regional domain name', () => {
    const domainId = logicalId(zoned.stack.stream.domainName!, zoned.stack);
    zoned.template.hasResourceProperties('AWS::Route53::RecordSet', {
      Name: 'stream.mailroom.test.',
      Type: 'A',
      HostedZoneId: ZONE.hostedZoneId,
      AliasTarget: {
        DNSName: { 'Fn::GetAtt': [domainId, 'RegionalDomainName'] },
        HostedZoneId: { 'Fn::GetAtt': [domainId, 'RegionalHostedZoneId'] },
      },
    });
    expect(both.stack.stream.aliasRecord).toBeUndefined();
    both.template.resourcePropertiesCountIs('AWS::Route53::RecordSet', { Type: 'A' }, 0);
  });

  it('the stream domain, its mapping and alias record pass cdk-nag (AWS Solutions) with no finding', () => {
    expect(new AwsSolutionsChecks().validateScope(zoned.stack).violations).toEqual([]);
  });

  it('without streamDomain: no stream domain name, no StreamDomainTarget; StreamUrl and STREAM_URL are the stage\'s execute-api wss:// URL', () => {
    expect(plain.stack.stream.domainName).toBeUndefined();
    plain.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 1);
    expect(outputs(plain).StreamDomainTarget).toBeUndefined();
    const url = JSON.stringify(outputs(plain).StreamUrl!.Value);
    expect(url).toContain('wss://');
    expect(url).toContain(wsApiId(plain));
    expect(fnEnv(plain, 'stream')[ENV.streamUrl]).toEqual(outputs(plain).StreamUrl!.Value);
  });

  it('streamDomain with certificateArn but no apiDomain: the stream alone gets a custom domain', () => {
    const alone = synthMailroom({ skipBundling: true, context: { ...STREAM, certificateArn: CERT } });
    alone.template.resourceCountIs('AWS::ApiGatewayV2::DomainName', 1);
    expect(outputs(alone).StreamUrl!.Value).toBe('wss://stream.mailroom.test');
    expect(outputs(alone).ApiDomainTarget).toBeUndefined();
  });
});

describe('the stream function posts to the callback URL it is given, not to the URL clients are told', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  async function postedTo(env: Record<string, string>): Promise<string> {
    // What every function has (lambdas/platform/config.ts reads it at import), then the stream's variables.
    const common = { TABLE_NAME: 't', MAIL_DOMAIN: 'mail.mailroom.test', SITE_URL: 'https://api.mailroom.test', AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' };
    for (const [k, v] of Object.entries({ ...common, ...env })) vi.stubEnv(k, v);
    const seen: string[] = [];
    vi.stubGlobal('fetch', async (req: Request | string) => {
      seen.push(typeof req === 'string' ? req : req.url);
      return new Response(null, { status: 200 });
    });
    vi.resetModules();
    const { postToConnection } = await import('../../lambdas/platform/aws/stream.ts');
    expect(await postToConnection('abc=', '{}')).toBe(true);
    return seen[0]!;
  }

  it('STREAM_CALLBACK_URL (execute-api) even when STREAM_URL is the custom domain', async () => {
    expect(await postedTo({ STREAM_URL: 'wss://stream.mailroom.test', STREAM_CALLBACK_URL: 'https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com/live' }))
      .toBe('https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com/live/@connections/abc%3D');
  });

  it('without it (the local stand-in), the http(s) twin of STREAM_URL', async () => {
    expect(await postedTo({ STREAM_URL: 'ws://localhost:3000/v1/stream/socket' }))
      .toBe('http://localhost:3000/v1/stream/socket/@connections/abc%3D');
  });
});

describe('stream custom domain configuration is refused when it cannot work', () => {
  it('streamDomain without certificateArn is refused, naming both', () => {
    expect(() => configOf({ streamDomain: 'stream.mailroom.test' })).toThrow(/'streamDomain' needs 'certificateArn'/);
    expect(() => configOf({ streamDomain: 'stream.mailroom.test', apiDomain: 'api.mailroom.test' })).toThrow(/'streamDomain' needs 'certificateArn'/);
  });

  it.each(['not a domain', 'stream_mailroom.test', 'https://stream.mailroom.test'])('a streamDomain that is not a domain name (%s) is refused, naming it', (name) => {
    expect(() => configOf({ ...DOMAIN, streamDomain: name })).toThrow(/'streamDomain' is not a domain name/);
  });

  it('streamDomain equal to apiDomain is refused: a WebSocket API cannot share an HTTP API\'s custom domain', () => {
    expect(() => configOf({ ...DOMAIN, streamDomain: 'API.mailroom.test.' })).toThrow(/'streamDomain' must be another name than 'apiDomain'/);
  });

  it('a good streamDomain is taken, lower-cased without its final dot', () => {
    expect(configOf({ ...DOMAIN, streamDomain: 'Stream.Mailroom.test.' })).toMatchObject({ streamDomain: 'stream.mailroom.test', apiDomain: 'api.mailroom.test' });
  });
});
