import { Counter, Gauge } from "prom-client";
import { PREFIX, registry } from "./registry.ts";

/** What the relay's message budget says of its memory right now. */
export interface MessageBudgetSource {
  /** Bytes held for messages being received, parsed or stored. */
  readonly inUse: number;
  readonly capacity: number;
}

const budgets = new Set<MessageBudgetSource>();

new Gauge({
  name: `${PREFIX}smtp_message_budget_bytes`,
  help: "The SMTP relay's memory budget for messages in flight: bytes held now (state=in_use) and the configured total (state=capacity).",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    this.reset();
    let inUse = 0;
    let capacity = 0;
    for (const budget of budgets) {
      inUse += budget.inUse;
      capacity += budget.capacity;
    }
    this.set({ state: "in_use" }, inUse);
    this.set({ state: "capacity" }, capacity);
  },
});

const overBudget = new Counter({
  name: `${PREFIX}smtp_messages_over_budget_total`,
  help: "Messages the SMTP relay answered 451 4.3.1 because its memory budget was full (the client retries).",
  registers: [registry],
});

/** Reports this budget on every scrape until the returned function is called. */
export function watchMessageBudget(budget: MessageBudgetSource): () => void {
  budgets.add(budget);
  return () => {
    budgets.delete(budget);
  };
}

export function recordMessageOverBudget(): void {
  overBudget.inc();
}
