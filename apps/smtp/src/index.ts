export { SMTP_USERNAME } from "./auth/authenticate.ts";
export { type SmtpEnv, smtpEnvSchema } from "./env.ts";
export { MAX_MESSAGE_BYTES } from "./relay.ts";
export { createSmtp, type Smtp, type SmtpResources } from "./smtp.ts";
