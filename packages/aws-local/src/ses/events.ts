import type { EventType } from "@aws-sdk/client-sesv2";
import {
  buildSesEvent,
  eventTime,
  type MailFields,
  planEvents,
  type SimulatedEventKind,
  type SimulatedMail,
} from "@svc/providers/ses-events";
import { publish } from "../sns/delivery.ts";
import type { AwsLocalState } from "../state.ts";

/**
 * SES's sending events for a message sent through a configuration set: each enabled event
 * destination with an SNS topic gets, for each event of a type it matches, SES's event
 * notification JSON, published through this SNS (signed, to the topic's confirmed HTTP(S)
 * subscribers). What happens to the message follows the recipients' local parts as the provider
 * simulator's scenarios do (`bounce@…`: Send, Bounce; anything else: Send, Delivery), and the
 * JSON is the simulator's own, so the ingester sees the same events from either.
 */

const EVENT_TYPE: Record<SimulatedEventKind, EventType> = {
  Send: "SEND",
  Delivery: "DELIVERY",
  Bounce: "BOUNCE",
  SuppressedBounce: "BOUNCE",
  Complaint: "COMPLAINT",
  DeliveryDelay: "DELIVERY_DELAY",
  Reject: "REJECT",
  RenderingFailure: "RENDERING_FAILURE",
  Open: "OPEN",
  Click: "CLICK",
};

export interface SentMessage {
  messageId: string;
  acceptedAt: Date;
  configurationSetName: string;
  mail: MailFields;
}

/**
 * Publishes the message's events after SendEmail has answered, each at its own time (50 ms apart
 * after acceptance, as the simulator spaces them). The destinations are the set's as it was at
 * the send. `state.sns.pending` holds the work, so that `settled()` waits for it.
 */
export function publishSendingEvents(state: AwsLocalState, baseUrl: string, sent: SentMessage): void {
  const destinations = [...(state.ses.configurationSets.get(sent.configurationSetName)?.eventDestinations.values() ?? [])].filter(
    (destination) => destination.Enabled === true && destination.SnsDestination?.TopicArn !== undefined,
  );
  if (destinations.length === 0) return;
  const mail: SimulatedMail = {
    email: sent.mail,
    messageId: sent.messageId,
    acceptedAt: sent.acceptedAt,
    configurationSet: sent.configurationSetName,
    sender: { accountId: state.accountId, region: state.region, callerIdentity: "aws-local" },
  };
  const plan = planEvents([...sent.mail.to, ...sent.mail.cc, ...sent.mail.bcc]);
  const lateByMs = state.fault.mode === "timeouts" ? state.fault.eventDelayMs : 0;
  const work = (async () => {
    if (lateByMs > 0) await new Promise((resolve) => setTimeout(resolve, lateByMs));
    for (const [index, event] of plan.entries()) {
      const wait = eventTime(mail, index).getTime() - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const type = EVENT_TYPE[event.kind];
      let message: string | undefined;
      for (const destination of destinations) {
        if (!destination.MatchingEventTypes?.includes(type)) continue;
        const topic = state.sns.topics.get(destination.SnsDestination!.TopicArn!);
        if (!topic) continue;
        message ??= JSON.stringify(buildSesEvent(mail, event, index));
        publish(state, topic, { message }, baseUrl);
      }
    }
  })().finally(() => state.sns.pending.delete(work));
  state.sns.pending.add(work);
}
