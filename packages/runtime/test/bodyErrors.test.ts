import { describe, expect, it } from "@jest/globals";
import { BodyReadError, bodyErrorAnswer } from "@svc/runtime";

const wording = { body: "The request body", limit: "1 MB" };
/** An error as body-parser raises it (through http-errors). */
const parserError = (status: number, type?: string) => Object.assign(new Error("x"), { status, expose: true, ...(type ? { type } : {}) });

describe("bodyErrorAnswer", () => {
  it("answers body-parser's and the direct reader's errors alike, in the app's words", () => {
    const tooLarge = { code: "payload_too_large", message: "The request body is larger than 1 MB." };
    const unreadable = { code: "bad_request", message: "The request body could not be read." };
    expect(bodyErrorAnswer(parserError(413, "entity.too.large"), wording)).toEqual(tooLarge);
    expect(bodyErrorAnswer(new BodyReadError("too-large"), wording)).toEqual(tooLarge);
    expect(bodyErrorAnswer(parserError(400, "request.aborted"), wording)).toEqual(unreadable);
    expect(bodyErrorAnswer(new BodyReadError("aborted"), wording)).toEqual(unreadable);
    expect(bodyErrorAnswer(parserError(400, "request.size.invalid"), wording)).toEqual(unreadable);
    // A broken compressed body: zlib's error through http-errors, without a type.
    expect(bodyErrorAnswer(parserError(400), wording)).toEqual(unreadable);
    expect(bodyErrorAnswer(parserError(400, "entity.parse.failed"), wording)).toEqual({
      code: "bad_request",
      message: "The request body is not valid JSON.",
    });
    expect(bodyErrorAnswer(parserError(415, "charset.unsupported"), wording)).toEqual({
      code: "unsupported_media_type",
      message: "Unsupported charset.",
    });
    expect(bodyErrorAnswer(parserError(415, "encoding.unsupported"), wording)).toEqual({
      code: "unsupported_media_type",
      message: "Unsupported content encoding.",
    });
    expect(bodyErrorAnswer(parserError(413, "parameters.too.many"), { body: "The form", limit: "64 KB" })).toEqual({
      code: "payload_too_large",
      message: "The form is larger than 64 KB.",
    });
  });

  it("leaves every other error alone", () => {
    expect(bodyErrorAnswer(new Error("boom"), wording)).toBeNull();
    expect(bodyErrorAnswer(parserError(404), wording)).toBeNull();
    expect(bodyErrorAnswer(parserError(500, "stream.encoding.set"), wording)).toBeNull();
    expect(bodyErrorAnswer(null, wording)).toBeNull();
  });
});
