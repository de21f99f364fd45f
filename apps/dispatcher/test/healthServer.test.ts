import { describe, expect, it } from "@jest/globals";
import { APP_CLOSE_BOUND_MS, trickleRequest } from "../../../test/support/trickle.ts";
import { startDispatcher } from "./support.ts";

describe("the dispatcher's health server", () => {
  it("closes a connection that trickles its body past HTTP_REQUEST_TIMEOUT_MS", async () => {
    const dispatcher = await startDispatcher({ HTTP_HEADERS_TIMEOUT_MS: "500", HTTP_REQUEST_TIMEOUT_MS: "800" });
    try {
      const result = await trickleRequest(`http://127.0.0.1:${dispatcher.port}`, { path: "/healthz", giveUpMs: APP_CLOSE_BOUND_MS });
      expect(result.answer).toMatch(/HTTP\/1\.1 408 /);
    } finally {
      await dispatcher.stop();
    }
  });
});
