/**
 * Rows of the route table for the discovery documents: what describes the API to agents and tools.
 * lambdas/routes.ts assembles every slice's rows in the order the API is documented in;
 * lambdas/platform/http/route.ts says what a row is.
 */
import type { RouteDef } from '../platform/http/route.ts';

export const discoveryRoutes = [
  { method: 'GET', path: '/openapi.json', fn: 'discovery', operationId: 'getOpenApi', auth: 'none', tag: 'Discovery',
    summary: 'OpenAPI 3.0 description of this API', contentType: 'application/json' },
  { method: 'GET', path: '/llms.txt', fn: 'discovery', operationId: 'getLlmsTxt', auth: 'none', tag: 'Discovery',
    summary: 'Compact plain-text guide for agents', contentType: 'text/plain; charset=utf-8' },
  { method: 'GET', path: '/llms-full.txt', fn: 'discovery', operationId: 'getLlmsFullTxt', auth: 'none', tag: 'Discovery',
    summary: 'Full plain-text reference for agents', contentType: 'text/plain; charset=utf-8' },
  { method: 'GET', path: '/SKILL.md', fn: 'discovery', operationId: 'getSkillMd', auth: 'none', tag: 'Discovery',
    summary: 'Skill file for agents (skill_version, api_version, last_updated, changelog_url)', contentType: 'text/markdown; charset=utf-8' },
] as const satisfies readonly RouteDef[];
