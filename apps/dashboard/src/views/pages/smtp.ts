import { card, keyValueList, pageHeader } from "../components.ts";
import { html, type SafeHtml } from "../html.ts";

export interface SmtpSettings {
  host: string;
  /** STARTTLS submission port. */
  port: number;
  /** Implicit-TLS port, or null when the install turned it off. */
  tlsPort: number | null;
  username: string;
}

/**
 * How to point an app that can only send over SMTP (a CMS, an auth service, a legacy app) at the
 * relay. Its mail then goes through the same pipeline as the API's: the same records, events,
 * webhooks, limits and suppression list.
 */
export function smtpBody(settings: SmtpSettings): SafeHtml {
  const { host, port, tlsPort, username } = settings;
  return html`${pageHeader("SMTP", {
    description:
      "Send from anything that speaks SMTP. Each message becomes one email, with the same events, webhooks, limits and suppressions as the API.",
  })}
  ${card(
    keyValueList([
      ["Host", html`<code>${host}</code>`],
      ["Port (STARTTLS)", html`<code>${String(port)}</code>`],
      ["Port (TLS)", tlsPort === null ? "Off on this install" : html`<code>${String(tlsPort)}</code>`],
      ["Encryption", "Required: STARTTLS on the first port, or TLS from the start on the second. Logging in before TLS is refused."],
      ["Authentication", "PLAIN or LOGIN"],
      ["Username", html`<code>${username}</code>`],
      [
        "Password",
        html`An API key with the send permission (<em>send-only</em> or <em>full-access</em>). <a href="/api-keys">Create one</a> for each app.`,
      ],
    ]),
    { title: "Connection settings" },
  )}
  ${card(
    html`<ul class="help-list">
      <li>The recipients are the ones your app gives the server (RCPT TO): To, Cc and Bcc all work. The <code>From</code> domain must be verified on the <a href="/domains">Domains</a> page.</li>
      <li>The server answers each message with <code>250 2.0.0 Ok: queued as email_…</code>: that id is the email on the <a href="/emails">Emails</a> page.</li>
      <li>A <em>test</em> key delivers only to your <a href="/test-recipients">test recipients</a>, as over the API.</li>
      <li>A message sent again with the same <code>Message-ID</code> within 24 hours (a retry after a lost connection) is not sent twice.</li>
      <li>Messages up to 40 MB. Refusals carry the API's message: 550 5.7.1 unverified domain, 452 4.5.3 daily limit reached (your app retries later), 535 5.7.8 wrong key.</li>
    </ul>`,
    { title: "How messages are handled" },
  )}
  ${card(
    html`<pre class="code-block">swaks --server ${host} --port ${String(port)} --tls \\
  --auth PLAIN --auth-user ${username} --auth-password "$SVC_API_KEY" \\
  --from hello@your-domain.com --to someone@example.com \\
  --header "Subject: Hello over SMTP" --body "It works."</pre>
    <pre class="code-block">// nodemailer
nodemailer.createTransport({
  host: "${host}", port: ${String(port)}, secure: false, requireTLS: true,
  auth: { user: "${username}", pass: process.env.SVC_API_KEY },
});</pre>`,
    { title: "Try it" },
  )}`;
}
