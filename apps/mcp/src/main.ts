import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { Confirmations } from "./confirmations.ts";
import { loadMcpEnv } from "./env.ts";
import { createMcpHttpApp, MCP_HTTP_DEFAULTS } from "./http.ts";
import { createMcpServer } from "./server.ts";

// stdout is the protocol's under stdio: everything said to a person goes to stderr.
const env = loadMcpEnv(process.env);
if (typeof env === "string") {
  process.stderr.write(`svc-mcp: ${env}\n`);
  process.exit(1);
}
const common = { baseUrl: env.SVC_BASE_URL, readOnly: env.MCP_READ_ONLY, confirm: env.MCP_CONFIRM, confirmations: new Confirmations() };

if (env.MCP_TRANSPORT === "stdio") {
  const server = createMcpServer({ ...common, apiKey: env.SVC_API_KEY! });
  await server.connect(new StdioServerTransport());
} else {
  const { app, close } = createMcpHttpApp({
    ...common,
    ...MCP_HTTP_DEFAULTS,
    maxSessions: env.MCP_MAX_SESSIONS,
    maxSessionsPerKey: env.MCP_MAX_SESSIONS_PER_KEY,
  });
  const listener = app.listen(env.MCP_PORT, env.MCP_HOST, () => {
    const address = listener.address();
    const port = typeof address === "object" && address ? address.port : env.MCP_PORT;
    process.stderr.write(`svc-mcp: Streamable HTTP on http://${env.MCP_HOST}:${port}/mcp\n`);
  });
  const stop = () => {
    void close().finally(() => listener.close(() => process.exit(0)));
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}
