import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";

/** One person at the test identity provider; a disabled one cannot sign in (a leaver). */
export interface TestAccount {
  email: string;
  emailVerified: boolean;
  disabled: boolean;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** By account id (what the login form takes). */
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a loopback port, in the test process: one
 * confidential client for the dashboard, accounts from a Map the test changes, and interactions
 * of our own: a login form (a disabled or unknown account is refused with access_denied) and
 * consent granted at once.
 */
export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  const accounts = new Map<string, TestAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address !== "object") throw new Error("no address");
  const issuer = `http://127.0.0.1:${address.port}`;
  const clientId = "svc-dashboard";
  const clientSecret = "a-client-secret-for-the-test-provider-only";

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    scopes: ["openid", "email"],
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["test-provider-cookie-key"] },
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account || account.disabled) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: account.email, email_verified: account.emailVerified }) };
    },
  });
  const callback = provider.callback();

  /**
   * Disabling an account at a real provider ends its sessions there too: the next authorization
   * request of that browser asks it to log in again, and the login is refused.
   */
  async function endSessionOfDisabledAccount(cookieHeader: string | undefined): Promise<void> {
    const id = /(?:^|;\s*)_session=([^;]+)/.exec(cookieHeader ?? "")?.[1];
    const session = id ? await provider.Session.find(id) : undefined;
    if (session?.accountId && accounts.get(session.accountId)?.disabled) await session.destroy();
  }

  server.on("request", async (req, res) => {
    try {
      if (req.url?.startsWith("/auth")) await endSessionOfDisabledAccount(req.headers.cookie);
      const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url ?? "");
      if (!match) return callback(req, res);
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === "consent") {
        const grant = new provider.Grant({ accountId: details.session!.accountId, clientId });
        grant.addOIDCScope(String(details.params.scope));
        await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
        return;
      }
      if (req.method === "GET") {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(`<form method="post" action="/interaction/${match[1]}/login"><input name="login"><button>Sign in</button></form>`);
        return;
      }
      let body = "";
      for await (const chunk of req) body += chunk;
      const login = new URLSearchParams(body).get("login") ?? "";
      const account = accounts.get(login);
      const result =
        !account || account.disabled
          ? { error: "access_denied", error_description: "The account is disabled." }
          : { login: { accountId: login } };
      await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
