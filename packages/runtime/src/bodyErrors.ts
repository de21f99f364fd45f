import { BodyReadError } from "./body.ts";

/** The answer to a request whose body could not be taken, in the apps' `{error, code}` shape. */
export interface BodyErrorAnswer {
  code: "bad_request" | "payload_too_large" | "unsupported_media_type";
  message: string;
}

/** How an app's answers name its bodies: `{ body: "The request body", limit: "1 MB" }`. */
export interface BodyWording {
  /** The body as the start of a sentence ("The request body", "The form"). */
  body: string;
  /** The size limit as people read it ("1 MB", "256 KB"). */
  limit: string;
}

/**
 * body-parser's errors carry an HTTP `status` and, for the ones it names itself, a `type`. A
 * broken compressed body comes from zlib through http-errors with `status` 400 and `expose`
 * but no `type`.
 */
interface BodyParserError {
  status: number;
  type?: unknown;
  expose?: unknown;
}

function isBodyParserError(error: unknown): error is BodyParserError {
  const candidate = error as Partial<BodyParserError> | null;
  if (typeof candidate?.status !== "number" || candidate.status < 400 || candidate.status >= 500) return false;
  return typeof candidate.type === "string" || (candidate.status === 400 && candidate.expose === true);
}

/**
 * The one mapping of body errors, from body-parser or from the direct reader (BodyReadError),
 * to answers: 413 too large, 415 an encoding or charset the app does not read, 400 anything
 * else the client sent that could not be read. Null for any other error.
 */
export function bodyErrorAnswer(error: unknown, wording: BodyWording): BodyErrorAnswer | null {
  if (error instanceof BodyReadError) return error.reason === "too-large" ? tooLarge(wording) : unreadable(wording);
  if (!isBodyParserError(error)) return null;
  switch (error.type) {
    case "entity.too.large":
    case "parameters.too.many":
      return tooLarge(wording);
    case "encoding.unsupported":
      return { code: "unsupported_media_type", message: "Unsupported content encoding." };
    case "charset.unsupported":
      return { code: "unsupported_media_type", message: "Unsupported charset." };
    case "entity.parse.failed":
      return { code: "bad_request", message: `${wording.body} is not valid JSON.` };
    default:
      return unreadable(wording);
  }
}

function tooLarge({ body, limit }: BodyWording): BodyErrorAnswer {
  return { code: "payload_too_large", message: `${body} is larger than ${limit}.` };
}

function unreadable({ body }: BodyWording): BodyErrorAnswer {
  return { code: "bad_request", message: `${body} could not be read.` };
}
