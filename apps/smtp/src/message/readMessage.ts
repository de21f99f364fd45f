import { PassThrough, type Readable } from "node:stream";
import { type ParsedMail, simpleParser } from "mailparser";
import { MEMORY_PER_MESSAGE_BYTE, type MessageBudget } from "./budget.ts";

/**
 * mailparser with the message left as the client wrote it: no text made from the HTML or HTML
 * from the text (the REST API stores only the bodies it is given), no links added, and inline
 * images still referenced as `cid:` (not rewritten to data: URLs), since they travel on as inline
 * attachments.
 */
const PARSER_OPTIONS = {
  keepCidLinks: true,
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
} as const;

export type Received =
  | { outcome: "parsed"; mail: ParsedMail; bytes: number }
  /** Over SIZE: smtp-server answers 552 itself (rejectOversized). */
  | { outcome: "oversized" }
  /** The relay's memory budget had no room for the rest of it. */
  | { outcome: "over_budget" }
  | { outcome: "unparseable"; error: unknown };

export interface ReceivedMessage {
  result: Received;
  /** Gives the message's share of the budget back: call it once the message is stored or refused. */
  release(): void;
}

type DataStream = Readable & { sizeExceeded?: boolean };

/**
 * The DATA of one transaction, parsed as it arrives. The message is never held whole: each chunk
 * goes to mailparser, which decodes the parts on the way, and parsing a large message is spread
 * over its arrival instead of blocking every other connection at its end. Each chunk first takes
 * its share of the budget; when there is no room, or the message goes over SIZE, parsing stops
 * and the rest of the DATA is read and dropped, so that the client hears the answer.
 */
export function receiveMessage(stream: DataStream, budget: MessageBudget): Promise<ReceivedMessage> {
  let held = 0;
  const release = () => {
    budget.give(held);
    held = 0;
  };
  const parserInput = new PassThrough();
  let stopped: "oversized" | "over_budget" | "unparseable" | null = null;
  let parseError: unknown = null;
  let bytes = 0;

  const stop = (reason: "oversized" | "over_budget" | "unparseable") => {
    stopped = reason;
    parserInput.destroy();
    release();
    stream.resume();
  };

  const parsing = simpleParser(parserInput, PARSER_OPTIONS);
  // A parser that fails before the end reads no more: the rest of the DATA is dropped, as for a
  // message over its budget. A parse abandoned for the budget or SIZE is not looked at.
  parsing.catch((error: unknown) => {
    if (stopped) return;
    parseError = error;
    stop("unparseable");
  });

  return new Promise((resolve, reject) => {
    stream.on("data", (chunk: Buffer) => {
      if (stopped) return;
      if (stream.sizeExceeded) return stop("oversized");
      const share = chunk.length * MEMORY_PER_MESSAGE_BYTE;
      if (!budget.tryTake(share)) return stop("over_budget");
      held += share;
      bytes += chunk.length;
      if (!parserInput.write(chunk)) {
        stream.pause();
        parserInput.once("drain", () => {
          if (!stopped) stream.resume();
        });
      }
    });
    stream.once("error", (error) => {
      parserInput.destroy(error);
      release();
      reject(error);
    });
    stream.once("end", () => {
      if (!stopped && stream.sizeExceeded) stop("oversized");
      if (stopped === "unparseable") return resolve({ result: { outcome: "unparseable", error: parseError }, release });
      if (stopped) return resolve({ result: { outcome: stopped }, release });
      parserInput.end();
      parsing.then(
        (mail) => resolve({ result: { outcome: "parsed", mail, bytes }, release }),
        (error: unknown) => resolve({ result: { outcome: "unparseable", error }, release }),
      );
    });
  });
}
