import { keptPemPair } from "@svc/runtime";
import { createSigningIdentity, type SigningIdentity } from "@svc/sns";

const FILE_NAME = "sns-signing-identity.pem";

/**
 * The simulator's signing key and certificate, kept in one file in `dir`: created on first use,
 * read afterwards, so that every sender process on the machine signs with the same key as the
 * certificate that whichever of them holds the port serves (created race-free by keptPemPair).
 */
export async function loadOrCreateIdentity(dir: string): Promise<SigningIdentity> {
  const pair = await keptPemPair(
    dir,
    FILE_NAME,
    () => {
      const created = createSigningIdentity({ commonName: "sns.simulator.local" });
      return { keyPem: created.privateKeyPem, certPem: created.certificatePem };
    },
    "simulator signing identity",
  );
  return { privateKeyPem: pair.keyPem, certificatePem: pair.certPem };
}
