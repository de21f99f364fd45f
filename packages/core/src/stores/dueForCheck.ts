/** A page of the rows a periodic re-check is due for: checked before `checkedBefore` (or never), after `afterId`. */
export interface DueForCheckRange {
  checkedBefore: Date;
  afterId: string | null;
  limit: number;
  workspaceIds?: readonly string[];
}

/** The Prisma arguments of such a page, in id order: the same for every table the re-check walks. */
export function dueForCheckPage(range: DueForCheckRange) {
  return {
    where: {
      ...(range.afterId ? { id: { gt: range.afterId } } : {}),
      ...(range.workspaceIds ? { workspaceId: { in: [...range.workspaceIds] } } : {}),
      OR: [{ lastCheckedAt: null }, { lastCheckedAt: { lt: range.checkedBefore } }],
    },
    orderBy: { id: "asc" as const },
    take: range.limit,
  };
}
