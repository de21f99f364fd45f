/**
 * SES's event notifications as SES publishes them to SNS, by recipient scenario: built here once
 * for the simulator and for aws-local (the SES stand-in process), which imports this entry alone.
 * Nothing here loads more of core than address parsing, so a stand-in starts in a moment.
 */
export { EMAIL_ID_TAG } from "./emailIdTag.ts";
export { sesLikeId } from "./simulator/messageIds.ts";
export { type PlannedEvent, planEvents, type SimulatedEventKind, scenarioKey } from "./simulator/scenarios.ts";
export { buildSesEvent, eventTime, type MailFields, type SendingAccount, type SimulatedMail } from "./simulator/sesEvents.ts";
