/**
 * `mailroom mcp`: the hosted MCP server (POST {api}/mcp) over stdio, for desktop MCP clients
 * that start a command. A bridge, not a second server: each JSON-RPC message from stdin is
 * POSTed with the configured key by the MCP SDK's Streamable HTTP client transport, and every
 * message back is written to stdout. The tools, their schemas and their behaviour are therefore
 * exactly the hosted server's. stdout carries only the protocol; diagnostics go to stderr.
 */
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { isInitializeRequest, isJSONRPCRequest, isJSONRPCResultResponse, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC "server error" range: the hosted server could not be reached or refused the call. */
const BRIDGE_ERROR = -32000;

export interface BridgeOptions {
  apiUrl: string;
  apiKey?: string;
  /** Called with diagnostics (stderr by default). */
  log?: (line: string) => void;
}

/** Runs until stdin closes; resolves then. */
export async function runMcpBridge(o: BridgeOptions): Promise<void> {
  const log = o.log ?? ((line: string) => process.stderr.write(`mailroom mcp: ${line}\n`));
  const endpoint = new URL(`${o.apiUrl.replace(/\/+$/, '')}/mcp`);
  const remote = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: o.apiKey ? { authorization: `Bearer ${o.apiKey}` } : {} },
  });
  const local = new StdioServerTransport();
  /** Ids of initialize requests in flight: their answer sets the protocol version header. */
  const initializing = new Set<RequestId>();

  let closing = false;
  const closed = new Promise<void>((resolve) => {
    const close = () => {
      if (closing) return;
      closing = true;
      void Promise.allSettled([remote.close(), local.close()]).then(() => resolve());
    };
    local.onclose = close;
    remote.onclose = close;
    // stdin ending (the desktop client quit) closes the bridge even if the transport did not notice.
    process.stdin.once('end', close);
  });

  remote.onmessage = (message: JSONRPCMessage) => {
    if (isJSONRPCResultResponse(message) && initializing.delete(message.id)) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') remote.setProtocolVersion(version);
    }
    void local.send(message).catch((err: unknown) => log(`could not write to stdout: ${String(err)}`));
  };
  remote.onerror = (err) => log(String(err.message ?? err));
  local.onerror = (err) => log(String(err.message ?? err));

  local.onmessage = (message: JSONRPCMessage) => {
    if (isInitializeRequest(message) && isJSONRPCRequest(message)) initializing.add(message.id);
    remote.send(message).catch((err: unknown) => {
      const text = err instanceof Error ? err.message : String(err);
      log(`${endpoint.href}: ${text}`);
      // A request must get an answer, or the client waits forever.
      if (isJSONRPCRequest(message)) {
        initializing.delete(message.id);
        void local.send({ jsonrpc: '2.0', id: message.id, error: { code: BRIDGE_ERROR, message: `Mailroom MCP endpoint ${endpoint.href} failed: ${text}` } });
      }
    });
  };

  await remote.start();
  await local.start();
  await closed;
}
