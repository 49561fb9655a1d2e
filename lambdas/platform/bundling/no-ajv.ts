/**
 * Substituted for `ajv` and `ajv-formats` in the deployed bundles (esbuild alias,
 * lib/bundle-aliases.ts). The MCP SDK's Server imports its Ajv-based validator statically, but
 * constructs it (and calls ajv-formats' default export on it) only when no `jsonSchemaValidator`
 * is passed; the MCP server passes one (@cfworker/json-schema's). Should a future caller forget,
 * the first use says so plainly.
 */
export default class Ajv {
  constructor() {
    throw new Error('ajv is left out of the Lambda bundles: give the MCP Server a jsonSchemaValidator (see lambdas/mcp/server.ts)');
  }
}
