import * as oidc from "openid-client";
import type { OidcProviderSettings } from "./settings.ts";

/** How long a discovered provider (its metadata and keys' location) is reused before asking again. */
const DISCOVERY_TTL_MS = 10 * 60_000;
/** Seconds any call to the provider may take. */
const REQUEST_TIMEOUT_SECONDS = 5;

/** What one sign-in must carry from the redirect to the callback (kept in a sealed cookie). */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A refusal of the callback: a short reason for the audit log and a message for the person. */
export class OidcRefusal extends Error {
  constructor(
    readonly reason: string,
    message: string,
    readonly email: string | null = null,
  ) {
    super(message);
    this.name = "OidcRefusal";
  }
}

/**
 * The authorization code flow with PKCE, `state` and `nonce` (openid-client), against the one
 * provider the operator configured. Discovery is cached per settings version; any failure to
 * reach or understand the provider is an OidcRefusal, never an unexpected error.
 */
export class OidcClient {
  private cached: { version: string; config: oidc.Configuration; at: number } | null = null;

  private async config(settings: OidcProviderSettings): Promise<oidc.Configuration> {
    if (this.cached && this.cached.version === settings.version && Date.now() - this.cached.at < DISCOVERY_TTL_MS)
      return this.cached.config;
    const insecure = settings.issuerUrl.protocol === "http:"; // loopback only: checked when configured
    let config: oidc.Configuration;
    try {
      config = await oidc.discovery(settings.issuerUrl, settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
        timeout: REQUEST_TIMEOUT_SECONDS,
        ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
      });
    } catch {
      throw new OidcRefusal("provider_unreachable", "The sign-in provider could not be reached. Try again in a moment.");
    }
    this.cached = { version: settings.version, config, at: Date.now() };
    return config;
  }

  /** Where to send the browser, and what the callback must find again. */
  async start(settings: OidcProviderSettings, redirectUri: string): Promise<{ url: URL; flow: OidcFlow }> {
    const config = await this.config(settings);
    const flow: OidcFlow = { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: "openid email",
      response_type: "code",
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: "S256",
    });
    return { url, flow };
  }

  /**
   * Checks the callback (issuer, state, then the code exchanged with the verifier and the ID
   * token's signature, audience, issuer and nonce) and answers the ID token's claims.
   */
  async finish(settings: OidcProviderSettings, callbackUrl: URL, flow: OidcFlow): Promise<Record<string, unknown>> {
    const config = await this.config(settings);
    const providerError = callbackUrl.searchParams.get("error");
    if (providerError && callbackUrl.searchParams.get("state") === flow.state) {
      throw new OidcRefusal(`provider_error:${providerError.slice(0, 40)}`, "The sign-in provider did not sign you in.");
    }
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new OidcRefusal("no_id_token", "The sign-in provider sent no identity.");
      // Many providers put the email only in userinfo; its subject must be the ID token's.
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
      return { ...userinfo, ...claims };
    } catch (error) {
      if (error instanceof OidcRefusal) throw error;
      throw new OidcRefusal(reasonOf(error), "The sign-in could not be verified. Start again from the sign-in page.");
    }
  }
}

/** A short reason for the audit log from what openid-client found wrong. */
function reasonOf(error: unknown): string {
  // openid-client wraps what went wrong in a generic message; the detail is its cause's.
  const cause = (error as { cause?: unknown } | null)?.cause;
  const message = `${error instanceof Error ? error.message : ""} ${cause instanceof Error ? cause.message : ""}`;
  if (/"state"/.test(message)) return "state_mismatch";
  if (/"nonce"/.test(message)) return "nonce_mismatch";
  if (/"iss"|issuer/i.test(message)) return "issuer_mismatch";
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError)
    return `provider_error:${String(error.error).slice(0, 40)}`;
  return "invalid_response";
}
