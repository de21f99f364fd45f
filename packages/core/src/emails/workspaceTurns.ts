/**
 * Transactions that take a workspace's daily counter run one at a time in this process, per
 * workspace. They would queue on the counter's row lock anyway; queued here, a waiting one holds
 * no pooled connection, so a burst of one workspace's sends cannot take every connection and time
 * out the requests of other workspaces waiting for one. Across processes the row lock still
 * orders them, each process holding one connection per workspace at most.
 */
const lastTurns = new Map<string, Promise<void>>();

/** Runs `work` once the workspace's earlier turns in this process have ended, however they ended. */
export function inWorkspaceTurn<T>(workspaceId: string, work: () => Promise<T>): Promise<T> {
  const previous = lastTurns.get(workspaceId) ?? Promise.resolve();
  const turn = previous.then(() => work());
  const ended = turn.then(
    () => undefined,
    () => undefined,
  );
  lastTurns.set(workspaceId, ended);
  void ended.then(() => {
    if (lastTurns.get(workspaceId) === ended) lastTurns.delete(workspaceId);
  });
  return turn;
}

/** Workspaces with a turn under way or waiting (for tests). */
export function workspacesInTurn(): number {
  return lastTurns.size;
}
