import { createHash } from "node:crypto";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { Svc, SvcApiError, SvcError } from "@svc/sdk";
import { z } from "zod";
import type { Confirmations } from "./confirmations.ts";
import { TOOLS, type Tool } from "./tools.ts";

export interface McpServerOptions {
  apiKey: string;
  /** Where the REST API is, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** Offer only the tools that change nothing. */
  readOnly: boolean;
  /** Ask a person before a tool mails more than one recipient or replays deliveries. */
  confirm: boolean;
  confirmations: Confirmations;
  fetch?: typeof fetch;
}

/** The most text one tool answer carries: a long HTML body would otherwise fill an agent's context. */
export const MAX_ANSWER_CHARACTERS = 100_000;

/** The key's fingerprint: what binds a confirmation token or an HTTP session to a key without keeping the key. */
export function fingerprintOf(apiKey: string): string {
  return createHash("sha256").update(apiKey).digest("hex").slice(0, 32);
}

/** One MCP server for one API key: the REST API's operations as tools, within that key's scope. */
export function createMcpServer(options: McpServerOptions): McpServer {
  const svc = new Svc({ apiKey: options.apiKey, baseUrl: options.baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const keyFingerprint = fingerprintOf(options.apiKey);
  const server = new McpServer(
    { name: "svc", version: "0.1.0" },
    {
      instructions:
        "Tools of a transactional email service, acting with one API key: they can do what its scope allows (send-only, read-only or full-access) and no more.",
    },
  );
  for (const tool of TOOLS) {
    if (options.readOnly && tool.writes) continue;
    const confirmable = options.confirm && tool.needsConfirmation !== undefined;
    const input = confirmable
      ? {
          ...tool.input,
          confirmationToken: z
            .string()
            .max(200)
            .optional()
            .describe("Given by this tool's first answer when it needs a confirmation the client cannot ask for."),
        }
      : tool.input;
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: input,
        annotations: { readOnlyHint: !tool.writes, openWorldHint: true },
      },
      async (given: Record<string, unknown>): Promise<CallToolResult> => {
        const { confirmationToken, ...args } = given;
        if (confirmable) {
          const reason = tool.needsConfirmation!(args as never);
          if (reason) {
            const refusal = await confirmOrRefuse(server, options.confirmations, keyFingerprint, tool, args, reason, confirmationToken);
            if (refusal) return refusal;
          }
        }
        return answerOf(() => tool.run(svc, args as never));
      },
    );
  }
  return server;
}

/**
 * Null when the call may go ahead: the person said yes (MCP elicitation), or the call carries the
 * token an earlier answer gave for exactly these arguments. Otherwise the answer to return.
 */
async function confirmOrRefuse(
  server: McpServer,
  confirmations: Confirmations,
  keyFingerprint: string,
  tool: Tool,
  args: Record<string, unknown>,
  reason: string,
  token: unknown,
): Promise<CallToolResult | null> {
  if (server.server.getClientCapabilities()?.elicitation) {
    const answer = await server.server
      .elicitInput({
        message: `${reason} Go ahead with ${tool.name}?`,
        requestedSchema: {
          type: "object",
          properties: { confirm: { type: "boolean", title: "Go ahead", description: reason } },
          required: ["confirm"],
        },
      })
      .catch(() => null);
    if (answer?.action === "accept" && answer.content?.confirm === true) return null;
    return { isError: true, content: [{ type: "text", text: `Not confirmed: ${tool.name} did nothing.` }] };
  }
  if (typeof token === "string" && confirmations.verify(token, keyFingerprint, tool.name, args)) return null;
  const fresh = confirmations.token(keyFingerprint, tool.name, args);
  return {
    content: [
      {
        type: "text",
        text: `${reason} Nothing was done yet. Ask the person you act for; if they agree, call ${tool.name} again with the same arguments and confirmationToken "${fresh}" (valid 5 minutes).`,
      },
    ],
    structuredContent: { confirmationRequired: true, reason, confirmationToken: fresh },
  };
}

async function answerOf(run: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    const result = await run();
    const text = JSON.stringify(result ?? null, null, 2);
    return {
      content: [
        {
          type: "text",
          text:
            text.length > MAX_ANSWER_CHARACTERS
              ? `${text.slice(0, MAX_ANSWER_CHARACTERS)}\n… (cut at ${MAX_ANSWER_CHARACTERS} characters)`
              : text,
        },
      ],
    };
  } catch (error) {
    return { isError: true, content: [{ type: "text", text: errorText(error) }] };
  }
}

/** The API's own message (it names a missing scope, a bad field), never the key. */
function errorText(error: unknown): string {
  if (error instanceof SvcApiError) return `${error.message} (HTTP ${error.status}, ${error.code})`;
  if (error instanceof SvcError) return `The API could not be reached: ${error.message}`;
  return "The tool failed unexpectedly; nothing more is known.";
}
