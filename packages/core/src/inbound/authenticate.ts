import mailauth, { type AuthenticateResult } from "mailauth";

/** Each verdict as stored on the record and shown over REST and in webhooks. */
export interface Verdict {
  result: string;
  /** The domain the verdict is about (SPF: the envelope's; DKIM: the signing domain; DMARC: From's). */
  domain?: string | null;
  /** DMARC: the policy the From domain publishes (`none`, `quarantine`, `reject`). */
  policy?: string | null;
}

export interface InboundVerdicts {
  spf: Verdict;
  dkim: Verdict;
  dmarc: Verdict;
  arc: Verdict;
  /** SES receiving only: its spam and virus scans. */
  spam?: Verdict;
  virus?: Verdict;
}

/** mailauth's DNS port: `resolve(name, rrtype)` as `node:dns` Resolver has it. */
export interface MailauthResolver {
  resolve(name: string, rrtype: string): Promise<unknown>;
}

const none = (): Verdict => ({ result: "none" });

/**
 * SPF, DKIM, DMARC and ARC for a message received by the built-in receiver, with mailauth, DNS
 * through `resolver` (the configured DNS_SERVERS). A DNS failure is a `temperror` verdict, never
 * a thrown error: the message is still received and the verdict says what happened.
 */
export async function authenticateInbound(
  raw: Buffer,
  envelope: { ip: string; helo: string; mailFrom: string; mta: string },
  resolver: MailauthResolver,
): Promise<InboundVerdicts> {
  let result: AuthenticateResult;
  try {
    result = await mailauth.authenticate(raw, {
      ip: envelope.ip,
      helo: envelope.helo,
      sender: envelope.mailFrom,
      mta: envelope.mta,
      disableBimi: true,
      resolver: (name: string, rrtype: string) => resolver.resolve(name, rrtype),
    });
  } catch {
    const failed: Verdict = { result: "temperror", domain: null, policy: null };
    return { spf: failed, dkim: failed, dmarc: failed, arc: failed };
  }
  const dkimResults = result.dkim?.results ?? [];
  const passing = dkimResults.find((entry) => entry.status?.result === "pass");
  const dkim: Verdict = passing
    ? { result: "pass", domain: passing.signingDomain ?? null }
    : dkimResults[0]
      ? { result: dkimResults[0].status?.result ?? "none", domain: dkimResults[0].signingDomain ?? null }
      : none();
  return {
    spf: result.spf ? { result: result.spf.status.result, domain: result.spf.domain ?? null } : none(),
    dkim,
    dmarc: result.dmarc
      ? { result: result.dmarc.status.result, domain: result.dmarc.domain ?? null, policy: result.dmarc.policy ?? null }
      : none(),
    arc: result.arc ? { result: result.arc.status.result } : none(),
  };
}

/**
 * The rule for mail whose From domain asks receivers to refuse what fails DMARC: refused at the
 * end of DATA (550 5.7.1), as the domain's owner asked. `quarantine` and `none` are kept with
 * their verdicts for the workspace to judge.
 */
export function refusedByDmarc(verdicts: InboundVerdicts): boolean {
  return verdicts.dmarc.result === "fail" && verdicts.dmarc.policy === "reject";
}

/** SES's virus verdict FAIL: the message is not stored (the record would hand malware to the workspace). */
export function refusedByVirusScan(verdicts: InboundVerdicts): boolean {
  return verdicts.virus?.result === "fail";
}
