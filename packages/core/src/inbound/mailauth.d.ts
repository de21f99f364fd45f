// mailauth 4.x ships no type declarations (5.x and later do, but need Node 22): the part used here.
declare module "mailauth" {
  interface Status {
    result: string;
  }
  export interface AuthenticateResult {
    dkim?: { results?: Array<{ signingDomain?: string; status?: Status }> };
    spf?: { domain?: string; status: Status } | false;
    dmarc?: { domain?: string; policy?: string; status: Status } | false;
    arc?: { status: Status } | false;
  }
  function authenticate(
    input: Buffer | string,
    options: {
      ip?: string;
      helo?: string;
      sender?: string;
      mta?: string;
      disableBimi?: boolean;
      resolver?: (name: string, rrtype: string) => Promise<unknown>;
    },
  ): Promise<AuthenticateResult>;
  // CommonJS: named imports are not seen by Node's ESM loader, so it is imported whole.
  const mailauth: { authenticate: typeof authenticate };
  export default mailauth;
}

/** The signer (tests sign messages with a key they publish). */
declare module "mailauth/lib/dkim/sign.js" {
  function dkimSign(
    input: Buffer | string,
    options: { signatureData: Array<{ signingDomain: string; selector: string; privateKey: string | Buffer }> },
  ): Promise<{ signatures: string; errors?: unknown[] }>;
  const sign: { dkimSign: typeof dkimSign };
  export default sign;
}
