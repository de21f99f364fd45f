import { bareAddress } from "@svc/core/addresses";

/**
 * What the simulator reports, chosen by each recipient's local part (before any `+label`), on
 * any domain. Anything not listed is delivered.
 */
export type SimulatedEventKind =
  | "Send"
  | "Delivery"
  | "Bounce"
  | "SuppressedBounce"
  | "Complaint"
  | "DeliveryDelay"
  | "Reject"
  | "RenderingFailure"
  | "Open"
  | "Click";

const SCENARIOS: Readonly<Record<string, readonly SimulatedEventKind[]>> = {
  bounce: ["Send", "Bounce"],
  suppressionlist: ["Send", "SuppressedBounce"],
  complaint: ["Send", "Delivery", "Complaint"],
  delay: ["Send", "DeliveryDelay"],
  reject: ["Reject"],
  renderfail: ["RenderingFailure"],
  open: ["Send", "Delivery", "Open"],
  click: ["Send", "Delivery", "Open", "Click"],
};
const DELIVERED: readonly SimulatedEventKind[] = ["Send", "Delivery"];

export interface PlannedEvent {
  kind: SimulatedEventKind;
  /** The recipients this event is about (SES lists them in the type's own object). */
  recipients: string[];
}

/** `Name <Bounce+x@Example.com>` → `bounce`. */
export function scenarioKey(address: string): string {
  const bare = bareAddress(address);
  const at = bare.lastIndexOf("@");
  const local = at === -1 ? bare : bare.slice(0, at);
  const plus = local.indexOf("+");
  return plus === -1 ? local : local.slice(0, plus);
}

function scenarioFor(address: string): readonly SimulatedEventKind[] {
  const key = scenarioKey(address);
  return Object.hasOwn(SCENARIOS, key) ? SCENARIOS[key]! : DELIVERED;
}

/**
 * The events for one email, in the order they are posted.
 *
 * Several recipients, as SES does it: rendering and rejection happen to the whole message
 * before any recipient is tried, so one `renderfail` (checked first, as rendering comes first)
 * or `reject` recipient makes that the only event of the message. Otherwise there is one Send
 * for the message, then each recipient's own events in recipient order, each event naming that
 * recipient alone (SES delivers to, and hears back from, each recipient separately).
 */
export function planEvents(to: readonly string[]): PlannedEvent[] {
  const recipients = [...to];
  const scenarios = recipients.map((address) => scenarioFor(address));
  if (scenarios.some((events) => events.includes("RenderingFailure"))) return [{ kind: "RenderingFailure", recipients }];
  if (scenarios.some((events) => events.includes("Reject"))) return [{ kind: "Reject", recipients }];
  const plan: PlannedEvent[] = [{ kind: "Send", recipients }];
  recipients.forEach((address, index) => {
    for (const kind of scenarios[index]!) {
      if (kind !== "Send") plan.push({ kind, recipients: [address] });
    }
  });
  return plan;
}
