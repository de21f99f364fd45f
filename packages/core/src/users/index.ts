export * from "./tokens.ts";
export * from "./passwords.ts";
export * from "./roles.ts";
export * from "./emailAddress.ts";
export * from "./accounts.ts";
export * from "./members.ts";
export * from "./sessions.ts";
export * from "./invitations.ts";
