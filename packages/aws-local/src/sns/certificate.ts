import type { AwsLocalRoutes } from "../server.ts";

/** Serves the certificate whose key signs every message this SNS posts (its SigningCertURL). */
export function signingCertificate(routes: AwsLocalRoutes, certificatePath: string): void {
  routes.raw(certificatePath, (state) => ({ contentType: "application/x-pem-file", body: state.sns.signing.certificatePem }));
}
