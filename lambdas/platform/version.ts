/** The API's version, as openapi.json and the MCP server announce it (a module of its own: the MCP server needs it at init, not the OpenAPI builder). */
export const API_VERSION = '1.0.0';
