import { createSocket, type RemoteInfo, type Socket } from "node:dgram";
import { createServer, type Server, type Socket as TcpSocket } from "node:net";

/**
 * A real, authoritative-only DNS server on 127.0.0.1 for tests: UDP and TCP on the same random
 * port, answering TXT queries from records the test controls. Point a `node:dns` Resolver (or
 * DNS_SERVERS) at `server.address` and the code under test does genuine lookups over the wire.
 *
 * Written on node:dgram rather than a package so that a test can shape every answer: one record
 * split over several character-strings, NXDOMAIN, SERVFAIL, or silence (a timeout).
 *
 * Names are matched case-insensitively. A name with no records answers NXDOMAIN; a name with
 * records answers NOERROR with no answers to any other query type (NODATA).
 */

/** One TXT record: a string (split into 255-byte pieces as the wire format requires) or explicit pieces. */
export type TxtRecord = string | string[];

export interface MxRecord {
  priority: number;
  exchange: string;
}

/** What the server does for a name instead of answering normally. */
export type Misbehaviour = "timeout" | "servfail" | "refused";

export interface TestDnsServer {
  host: string;
  port: number;
  /** `127.0.0.1:<port>`: the form DNS_SERVERS and `Resolver.setServers` take. */
  address: string;
  /** Replaces every TXT record at `name`. */
  setTxt(name: string, records: TxtRecord[]): void;
  /** Replaces every MX record at `name`. */
  setMx(name: string, records: MxRecord[]): void;
  /** Removes every record at `name` (queries then answer NXDOMAIN). */
  remove(name: string): void;
  /** Makes queries for `name` time out or fail; `null` restores normal answers. */
  misbehave(name: string, behaviour: Misbehaviour | null): void;
  /** Names queried so far, lower-cased, in order. */
  readonly queries: string[];
  close(): Promise<void>;
}

const TYPE_TXT = 16;
const TYPE_MX = 15;
const TYPE_OPT = 41;
const CLASS_IN = 1;
const RCODE = { noError: 0, servFail: 2, nxDomain: 3, notImp: 4, refused: 5 } as const;
const CLASSIC_UDP_LIMIT = 512;

interface Question {
  name: string;
  type: number;
  /** The question section exactly as received, echoed back in the answer. */
  raw: Buffer;
  /** Largest UDP answer the client accepts (EDNS0), or 512. */
  udpLimit: number;
}

/** Reads a (non-compressed: queries never compress) domain name starting at `offset`. */
function readName(message: Buffer, offset: number): { name: string; end: number } {
  const labels: string[] = [];
  let position = offset;
  for (;;) {
    const length = message.readUInt8(position);
    position += 1;
    if (length === 0) break;
    if (length > 63) throw new Error("compressed or invalid label in question");
    labels.push(message.toString("latin1", position, position + length));
    position += length;
  }
  return { name: labels.join(".").toLowerCase(), end: position };
}

function parseQuestion(message: Buffer): Question {
  if (message.length < 12) throw new Error("short message");
  if (message.readUInt16BE(4) !== 1) throw new Error("expected exactly one question");
  const { name, end } = readName(message, 12);
  const type = message.readUInt16BE(end);
  const questionEnd = end + 4;
  let udpLimit = CLASSIC_UDP_LIMIT;
  // An OPT pseudo-record in the additional section advertises a larger UDP payload (EDNS0).
  const additional = message.readUInt16BE(10);
  if (additional > 0 && message.length >= questionEnd + 11) {
    const optType = message.readUInt16BE(questionEnd + 1);
    if (message.readUInt8(questionEnd) === 0 && optType === TYPE_OPT) {
      udpLimit = Math.max(CLASSIC_UDP_LIMIT, message.readUInt16BE(questionEnd + 3));
    }
  }
  return { name, type, raw: message.subarray(12, questionEnd), udpLimit };
}

function characterStrings(record: TxtRecord): Buffer[] {
  const pieces = typeof record === "string" ? [record] : record;
  const out: Buffer[] = [];
  for (const piece of pieces) {
    const bytes = Buffer.from(piece, "utf8");
    if (bytes.length === 0) out.push(Buffer.alloc(0));
    for (let start = 0; start < bytes.length; start += 255) out.push(bytes.subarray(start, start + 255));
  }
  return out;
}

function encodeTxtAnswer(record: TxtRecord): Buffer {
  const rdata = Buffer.concat(characterStrings(record).map((piece) => Buffer.concat([Buffer.from([piece.length]), piece])));
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0); // pointer to the name in the question
  fixed.writeUInt16BE(TYPE_TXT, 2);
  fixed.writeUInt16BE(CLASS_IN, 4);
  fixed.writeUInt32BE(60, 6);
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
}

/** A name in uncompressed wire form: length-prefixed labels and a zero byte. */
function encodeName(name: string): Buffer {
  const labels = name.replace(/\.$/, "").split(".").filter(Boolean);
  return Buffer.concat([
    ...labels.map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, "latin1")])),
    Buffer.from([0]),
  ]);
}

function encodeMxAnswer(record: MxRecord): Buffer {
  const preference = Buffer.alloc(2);
  preference.writeUInt16BE(record.priority, 0);
  const rdata = Buffer.concat([preference, encodeName(record.exchange)]);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0);
  fixed.writeUInt16BE(TYPE_MX, 2);
  fixed.writeUInt16BE(CLASS_IN, 4);
  fixed.writeUInt32BE(60, 6);
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
}

function encodeResponse(query: Buffer, question: Question, rcode: number, answers: Buffer[], truncated = false): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(query.readUInt16BE(0), 0);
  const recursionDesired = query.readUInt8(2) & 0x01;
  // QR=1, opcode 0, AA=1, TC as given, RD echoed; RA=0 (authoritative only).
  header.writeUInt8(0x80 | 0x04 | (truncated ? 0x02 : 0) | recursionDesired, 2);
  header.writeUInt8(rcode & 0x0f, 3);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(truncated ? 0 : answers.length, 6);
  return Buffer.concat([header, question.raw, ...(truncated ? [] : answers)]);
}

export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, TxtRecord[]>();
  const mxRecords = new Map<string, MxRecord[]>();
  const misbehaviours = new Map<string, Misbehaviour>();
  const queries: string[] = [];
  const normalise = (name: string) => name.toLowerCase().replace(/\.$/, "");

  /** The answer to one query, or null to stay silent. */
  function answer(query: Buffer, transport: "udp" | "tcp"): Buffer | null {
    let question: Question;
    try {
      question = parseQuestion(query);
    } catch {
      return null;
    }
    queries.push(question.name);
    const behaviour = misbehaviours.get(question.name);
    if (behaviour === "timeout") return null;
    if (behaviour === "servfail") return encodeResponse(query, question, RCODE.servFail, []);
    if (behaviour === "refused") return encodeResponse(query, question, RCODE.refused, []);
    const txt = records.get(question.name);
    const mx = mxRecords.get(question.name);
    if (!txt && !mx) return encodeResponse(query, question, RCODE.nxDomain, []);
    const answers =
      question.type === TYPE_TXT ? (txt ?? []).map(encodeTxtAnswer) : question.type === TYPE_MX ? (mx ?? []).map(encodeMxAnswer) : [];
    const full = encodeResponse(query, question, RCODE.noError, answers);
    // Over UDP, an answer bigger than the client takes is truncated so that it retries over TCP.
    if (transport === "udp" && full.length > question.udpLimit) return encodeResponse(query, question, RCODE.noError, answers, true);
    return full;
  }

  const { udp, tcp, port, connections } = await bindBoth(answer);
  const host = "127.0.0.1";
  return {
    host,
    port,
    address: `${host}:${port}`,
    queries,
    setTxt(name, txt) {
      records.set(
        normalise(name),
        txt.map((record) => (typeof record === "string" ? record : [...record])),
      );
    },
    setMx(name, mx) {
      mxRecords.set(
        normalise(name),
        mx.map((record) => ({ ...record })),
      );
    },
    remove(name) {
      records.delete(normalise(name));
      mxRecords.delete(normalise(name));
    },
    misbehave(name, behaviour) {
      if (behaviour) misbehaviours.set(normalise(name), behaviour);
      else misbehaviours.delete(normalise(name));
    },
    async close() {
      // A resolver may keep its TCP connection open; close() would wait for it forever.
      for (const socket of connections) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]);
    },
  };
}

type Answerer = (query: Buffer, transport: "udp" | "tcp") => Buffer | null;

/** UDP on a random port, then TCP on the same port (retrying with a new port if it is taken). */
async function bindBoth(answer: Answerer): Promise<{ udp: Socket; tcp: Server; port: number; connections: Set<TcpSocket> }> {
  const connections = new Set<TcpSocket>();
  for (let attempt = 0; attempt < 20; attempt++) {
    const udp = createSocket("udp4");
    udp.on("message", (message: Buffer, remote: RemoteInfo) => {
      const reply = answer(message, "udp");
      if (reply) udp.send(reply, remote.port, remote.address);
    });
    udp.on("error", () => {});
    await new Promise<void>((resolve) => udp.bind(0, "127.0.0.1", resolve));
    const port = udp.address().port;
    const tcp = createServer((socket) => {
      connections.add(socket);
      socket.on("close", () => connections.delete(socket));
      serveTcp(socket, answer);
    });
    const listening = await new Promise<boolean>((resolve) => {
      tcp.once("error", () => resolve(false));
      tcp.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (listening) return { udp, tcp, port, connections };
    await new Promise<void>((resolve) => udp.close(() => resolve()));
  }
  throw new Error("Could not bind a UDP and TCP port pair for the test DNS server");
}

/** DNS over TCP: each message is preceded by its length as two bytes. */
function serveTcp(socket: TcpSocket, answer: Answerer): void {
  let buffered = Buffer.alloc(0);
  socket.on("error", () => {});
  socket.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 2) {
      const length = buffered.readUInt16BE(0);
      if (buffered.length < 2 + length) break;
      const message = buffered.subarray(2, 2 + length);
      buffered = buffered.subarray(2 + length);
      const reply = answer(message, "tcp");
      if (!reply) continue;
      const prefix = Buffer.alloc(2);
      prefix.writeUInt16BE(reply.length, 0);
      socket.write(Buffer.concat([prefix, reply]));
    }
  });
}
