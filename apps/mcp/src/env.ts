import { z } from "zod";

const flag = z.enum(["true", "false", "on", "off", "1", "0"]).transform((value) => value === "true" || value === "on" || value === "1");

export const mcpEnvSchema = z.object({
  /** stdio: one client, one key (SVC_API_KEY); http: each request brings its own key as a bearer token. */
  MCP_TRANSPORT: z.enum(["stdio", "http"]).default("stdio"),
  SVC_API_KEY: z.string().optional(),
  SVC_BASE_URL: z.string().url().default("http://127.0.0.1:3000"),
  MCP_READ_ONLY: flag.default(false),
  /** Ask before a tool mails more than one recipient or replays deliveries. */
  MCP_CONFIRM: flag.default(true),
  MCP_HOST: z.string().default("127.0.0.1"),
  MCP_PORT: z.coerce.number().int().min(0).max(65_535).default(3008),
  MCP_MAX_SESSIONS: z.coerce.number().int().positive().default(100),
  MCP_MAX_SESSIONS_PER_KEY: z.coerce.number().int().positive().default(10),
});

export type McpEnv = z.infer<typeof mcpEnvSchema>;

/** The environment, or one line naming what is wrong (never a value: a key may be among them). */
export function loadMcpEnv(source: NodeJS.ProcessEnv): McpEnv | string {
  const parsed = mcpEnvSchema.safeParse(source);
  if (!parsed.success)
    return `invalid configuration: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`;
  if (parsed.data.MCP_TRANSPORT === "stdio" && !parsed.data.SVC_API_KEY) return "SVC_API_KEY is required with MCP_TRANSPORT=stdio.";
  return parsed.data;
}
