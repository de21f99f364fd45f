/** HTML text: the topic is the tenant's, and must never become markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The page a GET of an unsubscribe link shows: what it is about and one button that POSTs the
 * RFC 8058 body to the same URL. Showing it changes nothing (link scanners and mail previews
 * follow GETs); only the POST unsubscribes. The recipient's address is not shown: the link may
 * have been forwarded.
 */
export function confirmationPage(topic: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Unsubscribe</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#222}button{font-size:1rem;padding:.6rem 1.2rem}</style>
</head><body>
<h1>Unsubscribe</h1>
<p>Stop receiving <strong>${escapeHtml(topic)}</strong> emails from this sender?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
</body></html>
`;
}

/**
 * The page is a form that changes state: no framing (clickjacking), no scripts, posts only to
 * itself, and no Referer that would carry the token elsewhere.
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};
