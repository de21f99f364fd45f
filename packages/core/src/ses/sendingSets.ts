import type { DbHandle } from "@svc/db";
import { sqlPool } from "../sql.ts";
import { type DomainTracking, selectDomainTracking } from "../stores/domains.ts";
import { findSesSetups, type RecordedConfigurationSet } from "../stores/sesSetups.ts";
import { chooseConfigurationSet } from "./configurationSets.ts";

/**
 * Which configuration set an email goes through: SES_CONFIGURATION_SET when set, else the
 * recorded set matching its sending domain's tracking switches, else none (no setup recorded).
 *
 * Both the recorded setup and the domains' switches are cached for a short while: the sender
 * asks for every email, and a switch flipped in the dashboard reaches sends within `ttlMs`.
 */
export class ConfigurationSetChooser {
  private sets: { at: number; value: RecordedConfigurationSet[] } | null = null;
  private readonly tracking = new Map<string, { at: number; value: DomainTracking | null }>();

  constructor(
    private readonly db: DbHandle,
    private readonly options: { region: string; override?: string | undefined; ttlMs?: number; now?: () => number },
  ) {}

  async choose(email: { workspaceId: string; fromDomain: string }): Promise<string | undefined> {
    if (this.options.override) return this.options.override;
    const sets = await this.recordedSets();
    if (sets.length === 0) return undefined;
    const tracking = await this.domainTracking(email.workspaceId, email.fromDomain);
    return chooseConfigurationSet(sets, tracking ?? { openTracking: false, clickTracking: false, trackingDomain: null });
  }

  private get ttlMs(): number {
    return this.options.ttlMs ?? 60_000;
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async recordedSets(): Promise<RecordedConfigurationSet[]> {
    if (this.sets && this.now() - this.sets.at < this.ttlMs) return this.sets.value;
    const setup = (await findSesSetups(this.db.prisma)).find((candidate) => candidate.region === this.options.region);
    this.sets = { at: this.now(), value: setup?.configurationSets ?? [] };
    return this.sets.value;
  }

  private async domainTracking(workspaceId: string, name: string): Promise<DomainTracking | null> {
    const key = `${workspaceId} ${name}`;
    const cached = this.tracking.get(key);
    if (cached && this.now() - cached.at < this.ttlMs) return cached.value;
    const [row] = await selectDomainTracking(sqlPool(this.db), [{ workspaceId, name }]);
    const value = row ? { openTracking: row.openTracking, clickTracking: row.clickTracking, trackingDomain: row.trackingDomain } : null;
    // Bounded: a workspace has at most 100 domains, but the cache must not grow without end.
    if (this.tracking.size >= 10_000) this.tracking.clear();
    this.tracking.set(key, { at: this.now(), value });
    return value;
  }
}
