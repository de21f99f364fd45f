import { allowOidcDomain, configureOidc, disallowOidcDomain, removeOidc, SecretBox, setOidcEnabled, showOidc } from "@svc/core";
import { type Command, optionalFlag, requireFlag } from "../command.ts";

/**
 * `svc oidc …`: the install's single sign-on provider and which verified email domains may sign
 * in through it, each joining one workspace with one role at its first sign-in. The client
 * secret comes on standard input (never argv) and is stored sealed with WEBHOOK_SECRET_KEY.
 */
export const oidcCommands: Command[] = [
  {
    path: ["oidc", "configure"],
    usage: "--issuer URL --client-id ID --client-secret-stdin [--name LABEL]",
    run: async (flags, { db, config, readStdin }) => {
      if (flags["client-secret-stdin"] !== true) requireFlag(flags, "client-secret-stdin");
      const clientSecret = (await readStdin()).replace(/\r?\n$/, "");
      return configureOidc(db.prisma, new SecretBox(config.WEBHOOK_SECRET_KEY), {
        issuerUrl: requireFlag(flags, "issuer"),
        clientId: requireFlag(flags, "client-id"),
        clientSecret,
        displayName: optionalFlag(flags, "name"),
      });
    },
  },
  { path: ["oidc", "show"], usage: "", run: (_flags, { db }) => showOidc(db.prisma) },
  { path: ["oidc", "remove"], usage: "", run: (_flags, { db }) => removeOidc(db.prisma) },
  // Off: nobody signs in through the provider; its settings and domains are kept for turning it on again.
  { path: ["oidc", "enable"], usage: "", run: (_flags, { db }) => setOidcEnabled(db.prisma, true) },
  { path: ["oidc", "disable"], usage: "", run: (_flags, { db }) => setOidcEnabled(db.prisma, false) },
  {
    path: ["oidc", "allow-domain"],
    usage: "--domain D --workspace ID --role owner|admin|viewer",
    run: (flags, { db }) =>
      allowOidcDomain(db.prisma, {
        domain: requireFlag(flags, "domain"),
        workspaceId: requireFlag(flags, "workspace"),
        role: requireFlag(flags, "role"),
      }),
  },
  {
    path: ["oidc", "disallow-domain"],
    usage: "--domain D",
    run: (flags, { db }) => disallowOidcDomain(db.prisma, requireFlag(flags, "domain")),
  },
];
