import type { Logger } from "@svc/logger";
import type { WorkspaceRegions } from "../workspaces/regions.ts";
import { asProviderError, type EmailProvider, type OutboundEmail, ProviderError, type SendResult } from "./provider.ts";
import { chooseRegion, type RegionCircuit } from "./regionCircuit.ts";
import type { RegionQuotas } from "./regionQuotas.ts";

export interface RegionalProviderOptions {
  /** Each configured region's provider (configuration sets and tenants of that region included). */
  providers: ReadonlyMap<string, EmailProvider>;
  circuits: ReadonlyMap<string, RegionCircuit>;
  /** Each region's 24-hour quota as this sender counts it (fed by the regions' account reads). */
  quotas: RegionQuotas;
  /** The workspace's primary and failover order (cached: see workspaceRegionsLookup). */
  regionsOf(workspaceId: string): Promise<WorkspaceRegions>;
  unknownOutcomeWaitMs: number;
  probeIntervalMs: number;
  now?: () => number;
  /** A circuit opened: the app reports it (metric, log line). */
  onOpen?(region: string, reason: string): void;
  log: Logger;
}

/**
 * SES in several regions behind the one provider a handoff knows. Each email goes where
 * chooseRegion says (its workspace's primary, or its next region while the primary's circuit is
 * open and the workspace allows it), and the answer feeds that region's circuit. A region that
 * cannot take it now is not the email's failure: it waits (`region_wait`), holding nothing.
 *
 * Only an install with several regions uses this; with one, the handoff talks to that region's
 * provider directly and pays for none of it.
 */
export class RegionalProvider implements EmailProvider {
  readonly name: string;
  private readonly now: () => number;

  constructor(private readonly options: RegionalProviderOptions) {
    const first = options.providers.values().next().value;
    if (!first) throw new Error("RegionalProvider needs at least one region");
    this.name = first.name;
    this.now = options.now ?? Date.now;
  }

  async send(email: OutboundEmail): Promise<SendResult> {
    const regions = await this.options.regionsOf(email.workspaceId);
    const now = this.now();
    const recipients = Math.max(1, email.to.length + email.cc.length + email.bcc.length);
    const choice = chooseRegion({
      order: [regions.primary, ...regions.failover],
      isOpen: (region) => this.options.circuits.get(region)?.isOpen ?? true,
      quotaResumeAt: (region) => this.options.quotas.resumeAt(region, recipients, now),
      unknownHandoff: email.unknownHandoff,
      now,
      unknownOutcomeWaitMs: this.options.unknownOutcomeWaitMs,
      probeIntervalMs: this.options.probeIntervalMs,
    });
    if (choice.kind === "wait")
      throw new ProviderError("region_wait", choice.cause, `waiting for a region (${choice.cause})`, {}, { wait: choice });
    const { region } = choice;
    const provider = this.options.providers.get(region)!;
    const circuit = this.options.circuits.get(region)!;
    try {
      const sent = await provider.send(email);
      circuit.recordSuccess();
      this.options.quotas.take(region, recipients, this.now());
      return { ...sent, region };
    } catch (thrown) {
      const error = asProviderError(thrown);
      return this.failed(region, circuit, error);
    }
  }

  /**
   * What a region's failure means: its account paused opens its circuit at once, its quota spent
   * holds it until its next account read, and the email waits for a region (it moves at its next
   * try if it may); a failure of the region counts towards opening it and is retried as before;
   * a refusal of the message is the message's.
   */
  private failed(region: string, circuit: RegionCircuit, error: ProviderError): never {
    const now = this.now();
    if (error.kind === "quota") {
      this.options.quotas.spent(region);
      this.options.log.warn({ region }, "SES region's 24-hour quota is spent; its mail waits for room or its next region");
      throw new ProviderError("region_wait", error.code, error.message, error.details, {
        region,
        wait: { cause: "account_quota", retryAt: this.options.quotas.resumeAt(region, 1, now) ?? now },
      });
    }
    if (error.kind === "account_paused") {
      if (circuit.open("account_paused", now)) this.opened(region, circuit);
      throw new ProviderError("region_wait", error.code, error.message, error.details, {
        region,
        wait: { cause: "region_unavailable", retryAt: now },
      });
    }
    if (error.kind === "transient") {
      if (circuit.recordFailure(error.code, now)) this.opened(region, circuit);
      throw new ProviderError(error.kind, error.code, error.message, { ...error.details, region }, { ...error.regional, region });
    }
    throw new ProviderError(error.kind, error.code, error.message, { ...error.details, region }, { ...error.regional, region });
  }

  private opened(region: string, circuit: RegionCircuit): void {
    this.options.log.warn({ region, reason: circuit.openReason }, "SES region's circuit opened; its workspaces that allow it fail over");
    this.options.onOpen?.(region, circuit.openReason ?? "unknown");
  }

  async close(): Promise<void> {
    await Promise.all([...this.options.providers.values()].map((provider) => provider.close()));
  }
}
