/** Display helpers: one format for dates and numbers everywhere in the dashboard. */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** "Mar 4, 2026 14:03:05 UTC": unambiguous for a team spread over time zones. */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value) : value;
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

/** "14:03:05.123": for event timelines, where the order within a second matters. */
export function formatTimeWithMs(value: Date | string): string {
  const d = typeof value === "string" ? new Date(value) : value;
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${pad(d.getUTCMilliseconds(), 3)}`;
}

export function formatDay(value: Date): string {
  return `${MONTHS[value.getUTCMonth()]} ${value.getUTCDate()}`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString("en-US");
}

/** "3 minutes ago" for recent things, the date otherwise. */
export function formatRelative(value: Date | string | null | undefined, now: Date = new Date()): string {
  if (!value) return "Never";
  const d = typeof value === "string" ? new Date(value) : value;
  const seconds = Math.round((now.getTime() - d.getTime()) / 1000);
  if (seconds < 0) return formatDateTime(d);
  if (seconds < 60) return "Just now";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} day${days === 1 ? "" : "s"} ago`;
  return formatDateTime(d);
}

/** Pretty-prints JSON for display; anything that is not JSON is shown as it is. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
