/**
 * Whether the stack runs in test mode (sandbox stacks, the local stack): its testMode routes and MCP
 * tools exist. Apart from config.ts so that what only lists routes and tools (the MCP tool table)
 * reads it without the functions' required settings.
 */
export const TEST_MODE = process.env.MAILROOM_TEST_MODE === 'true';
