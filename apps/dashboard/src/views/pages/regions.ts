import type { WorkspaceRegions } from "@svc/core";
import { alert, card, csrfField, pageHeader, selectField } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

export interface RegionsInput {
  csrf: string;
  workspaceId: string;
  workspaceName: string;
  /** SES_REGIONS, in order: the only regions offered. */
  configured: readonly string[];
  regions: WorkspaceRegions;
  error?: string;
}

/**
 * A workspace's SES regions, as `svc workspace regions` sets them: its primary (or the install's
 * first) and the regions it may fail over to, in order; none is pinned to its primary.
 */
export function regionsBody(input: RegionsInput): SafeHtml {
  const { configured, regions } = input;
  const none = { value: "", label: "—" };
  const choices = configured.map((region) => ({ value: region, label: region }));
  const slots = Math.max(configured.length - 1, 0);
  return html`${pageHeader("SES regions", {
    description: html`Where the mail of <strong>${input.workspaceName}</strong> (<code>${input.workspaceId}</code>) goes out, and where it may move when that region is down. As <code>svc workspace regions</code>.`,
  })}
  ${input.error && alert("error", input.error)}
  ${card(
    html`<dl class="facts" data-regions-current>
      <dt>Primary</dt><dd class="mono">${regions.primary}${regions.primaryChosen ? "" : " (the install's first)"}</dd>
      <dt>Failover</dt><dd class="mono">${regions.failover.length > 0 ? regions.failover.join(", ") : "none (pinned to its primary)"}</dd>
    </dl>`,
    { title: "Now" },
  )}
  ${card(
    html`<form method="post" action="/settings/regions" class="stack" novalidate data-regions-form>
      ${csrfField(input.csrf)}
      <input type="hidden" name="workspaceId" value="${input.workspaceId}">
      ${selectField({
        label: "Primary region",
        name: "primary",
        value: regions.primaryChosen ? regions.primary : "default",
        choices: [{ value: "default", label: `default (the install's first: ${configured[0] ?? "—"})` }, ...choices],
      })}
      ${Array.from({ length: slots }, (_, slot) =>
        selectField({
          label: `Failover ${slot + 1}`,
          name: `failover${slot + 1}`,
          value: regions.failover[slot] ?? "",
          choices: [none, ...choices],
          help: slot === 0 ? "Leave every failover empty to pin the workspace to its primary region." : undefined,
        }),
      )}
      <div class="form-actions"><button type="submit" class="btn btn-primary">Save regions</button></div>
    </form>`,
    { title: "Change" },
  )}`;
}
