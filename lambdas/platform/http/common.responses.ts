/**
 * What the API answers, as zod schemas: the `res(…)` of the route table (lambdas/routes.ts). They
 * describe the API (openapi.json and its named components, the SDK's types, the tests that check
 * answers); no function builds them to answer, so nothing here is on a cold start. A request
 * schema (lambdas/schemas/<module>.ts) never imports one of these.
 */
import * as z from 'zod/mini';
import { components } from './common.schemas.ts';

export const Timestamp = z.string().check(z.describe('ISO 8601, UTC'));
export const ErrorEnvelope = z.object({
  error: z.string().check(z.describe('Error code, e.g. INVALID_API_KEY')),
  message: z.string(),
  next_steps: z.array(z.string()),
  code: z.optional(z.string()).check(z.describe('Sub-code, e.g. INBOX_CREATE_RATE_LIMIT')),
  field: z.optional(z.string()).check(z.describe('The request field that failed validation')),
  retry_after: z.optional(z.number().check(z.int())).check(z.describe('Seconds to wait before retrying')),
  upgrade_context: z.optional(z.unknown()),
  current_usage: z.optional(z.unknown()),
  rate_limit: z.optional(z.unknown()),
  details: z.optional(z.unknown()).check(z.describe('More about the failure, e.g. every invalid field')),
  request_id: z.optional(z.string()).check(z.describe('Quote it when reporting a 500')),
}).register(components, { id: 'Error' });

export const successEnvelope = <T extends z.ZodMiniType>(result: T) =>
  z.object({ result, next_steps: z.array(z.string()) });
export const NextCursor = z.nullable(z.string()).check(z.describe('Pass as cursor to get the next page; null on the last page'));
/** The paging fields of every list result. */
export const PageFields = { total: z.number().check(z.int()), limit: z.number().check(z.int()), offset: z.number().check(z.int()), has_more: z.boolean(), next_cursor: NextCursor };
export const UpgradeContext = z.object({
  operator_action_url: z.string(),
  operator_action_label: z.string(),
  agent_script: z.string(),
  target_tier: z.optional(z.string()),
  expires_at: z.optional(z.string()).check(z.describe('When the operator link expires (7 days)')),
  api_call: z.optional(z.string()),
}).register(components, { id: 'UpgradeContext' });
