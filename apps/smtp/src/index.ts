export { createSmtp, type Smtp, type SmtpResources } from "./smtp.ts";
export { smtpEnvSchema, type SmtpEnv } from "./env.ts";
export { SMTP_USERNAME } from "./auth/authenticate.ts";
export { MAX_MESSAGE_BYTES } from "./relay.ts";
