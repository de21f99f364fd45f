export { signedPayload, computeSignature, HEADERS, USER_AGENT } from "./signature.ts";
