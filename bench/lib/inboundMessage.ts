import { generateKeyPairSync, randomBytes } from "node:crypto";
import nodemailer from "nodemailer";
import DKIM from "nodemailer/lib/dkim";

/** Digits of the number written into each copy's Message-ID. */
const NUMBER_WIDTH = 12;
const PLACEHOLDER = "0".repeat(NUMBER_WIDTH);

const PARAGRAPH =
  "Thanks for the receipt. The second line of the order shows a different amount from the quote we agreed on, " +
  "and the delivery address is the old one. Could you send a corrected invoice and confirm the new address? ";

export interface SignedReply {
  /** Copy number n: the same signed message with n in its Message-ID. */
  copy(n: number): Buffer;
  /** Size of each copy in bytes. */
  bytes: number;
  /** The records a DNS server publishes for the sender's domain: SPF, DKIM key, DMARC. */
  txtRecords: Array<{ name: string; value: string }>;
  /** The number a copy's stored Message-ID carries, or null. */
  numberIn(messageId: string): number | null;
}

async function compose(options: { from: string; to: string; inReplyTo: string; attachmentBytes: number }, file: Buffer): Promise<Buffer> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({
    from: `Customer <${options.from}>`,
    to: options.to,
    subject: "Re: Your receipt",
    messageId: `<reply-${PLACEHOLDER}@${options.from.split("@")[1]}>`,
    inReplyTo: options.inReplyTo,
    references: [options.inReplyTo],
    text: `${PARAGRAPH.repeat(60)}\n\n> ${PARAGRAPH}`,
    html: `<div>${`<p>${PARAGRAPH}</p>`.repeat(60)}</div><blockquote>${PARAGRAPH}</blockquote>`,
    attachments: [{ filename: "photo-of-the-invoice.jpg", contentType: "image/jpeg", content: file.subarray(0, options.attachmentBytes) }],
  });
  return info.message as Buffer;
}

/**
 * A customer's reply of about `targetBytes` (text, HTML with a quote, one attachment; In-Reply-To
 * naming a sent message), DKIM-signed once by a key made here for `from`'s domain. The Message-ID
 * is left out of the signed headers, so each copy gets its own number without a signature of its
 * own: the load generator then costs a buffer copy per message, and every copy still verifies.
 */
export async function buildSignedReply(options: { from: string; to: string; targetBytes: number }): Promise<SignedReply> {
  const domain = options.from.split("@")[1]!;
  const selector = "bench";
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const signer = new DKIM({
    domainName: domain,
    keySelector: selector,
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    skipFields: "message-id",
  });
  const file = randomBytes(options.targetBytes);
  const parts = { ...options, inReplyTo: "<0100018c-bench-0000-0000@email.amazonses.com>", attachmentBytes: 0 };
  const build = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of signer.sign(await compose(parts, file))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };
  let template = await build();
  // base64 in 76-character lines: 78 bytes on the wire for every 57 of the file.
  for (let round = 0; round < 4 && Math.abs(template.length - options.targetBytes) > 100; round++) {
    parts.attachmentBytes = Math.max(0, parts.attachmentBytes + Math.floor(((options.targetBytes - template.length) * 57) / 78));
    template = await build();
  }
  const marker = `<reply-${PLACEHOLDER}@`;
  const offset = template.indexOf(marker) + "<reply-".length;
  if (offset < "<reply-".length) throw new Error("the composed message lost its Message-ID");
  return {
    copy(n) {
      const copy = Buffer.from(template);
      copy.write(String(n).padStart(NUMBER_WIDTH, "0"), offset, "latin1");
      return copy;
    },
    bytes: template.length,
    txtRecords: [
      { name: domain, value: "v=spf1 ip4:127.0.0.1 -all" },
      {
        name: `${selector}._domainkey.${domain}`,
        value: `v=DKIM1; k=rsa; p=${publicKey.export({ type: "spki", format: "der" }).toString("base64")}`,
      },
      { name: `_dmarc.${domain}`, value: "v=DMARC1; p=reject" },
    ],
    numberIn(messageId) {
      const match = /^<?reply-(\d+)@/.exec(messageId);
      return match ? Number(match[1]) : null;
    },
  };
}
