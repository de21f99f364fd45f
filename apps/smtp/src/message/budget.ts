/**
 * Memory held for each byte of a message while it is received, parsed and stored: the decoded
 * attachment parts mailparser collects, the one Buffer each becomes, and the statement that
 * carries them to Postgres (pg copies parameters into a write buffer that grows by halves), plus
 * room for the garbage collector to catch up. Measured with `apps/smtp/bench/budget.ts`.
 */
export const MEMORY_PER_MESSAGE_BYTE = 3;

/**
 * The relay's memory budget for messages in flight, in bytes: a message takes its share as its
 * bytes arrive (MEMORY_PER_MESSAGE_BYTE for each) and gives it all back once it is stored or
 * refused. A message that finds the budget full is answered 451 4.3.1, which every client
 * retries; the others keep going. Nothing waits, so a burst cannot pile up behind the budget.
 */
export class MessageBudget {
  private used = 0;

  constructor(readonly capacity: number) {}

  /** Takes `bytes` if they fit beside what is held now. */
  tryTake(bytes: number): boolean {
    if (this.used + bytes > this.capacity) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }

  get inUse(): number {
    return this.used;
  }
}
