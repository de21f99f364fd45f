/** Only same-site paths: `next` must never send a person to another site after signing in. */
export function safeNext(value: unknown): string {
  return typeof value === "string" && /^\/(?![/\\])[\x20-\x7e]*$/.test(value) && value.length <= 500 ? value : "/";
}
