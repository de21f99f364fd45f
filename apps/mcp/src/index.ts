export { Confirmations } from "./confirmations.ts";
export { loadMcpEnv, type McpEnv } from "./env.ts";
export { createMcpHttpApp, MCP_HTTP_DEFAULTS, type McpHttpOptions } from "./http.ts";
export { createMcpServer, fingerprintOf, MAX_ANSWER_CHARACTERS, type McpServerOptions } from "./server.ts";
export { TOOLS, type Tool } from "./tools.ts";
