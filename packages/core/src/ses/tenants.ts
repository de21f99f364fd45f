import type { Db } from "@svc/db";
import { findDomainNamesByWorkspace } from "../stores/domains.ts";

const PAGE = 500;

/**
 * Every workspace that has domains, with their names, a page at a time: what `svc ses setup`
 * makes an SES tenant of (its domains are the identities associated with it).
 */
export async function* workspacesWithDomains(prisma: Db): AsyncGenerator<{ workspaceId: string; names: string[] }> {
  let after: string | null = null;
  for (;;) {
    const page = await findDomainNamesByWorkspace(prisma, after, PAGE);
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.workspaceId;
  }
}
