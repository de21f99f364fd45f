import { EventEmitter } from "node:events";
import { describe, expect, test } from "@jest/globals";
import type { Request, Response } from "express";
import { SendsOnTheirWay } from "../src/sendsOnTheirWay.ts";

/** A response as the middleware sees it: locals, and the close event. */
function response(): Response {
  return Object.assign(new EventEmitter(), { locals: {} }) as unknown as Response;
}

function count(sends: SendsOnTheirWay, res: Response): void {
  sends.count({} as Request, res, () => {});
}

describe("SendsOnTheirWay", () => {
  test("counts a send from its arrival until it hands its row over, once", () => {
    const sends = new SendsOnTheirWay();
    const first = response();
    const second = response();
    count(sends, first);
    count(sends, second);
    sends.arrived(first);
    expect(sends.any).toBe(true);
    sends.arrived(first);
    first.emit("close");
    expect(sends.any).toBe(true);
    sends.arrived(second);
    expect(sends.any).toBe(false);
  });

  test("a send that ends without a row (refused, replayed) stops counting when its response closes", () => {
    const sends = new SendsOnTheirWay();
    const refused = response();
    count(sends, refused);
    expect(sends.any).toBe(true);
    refused.emit("close");
    expect(sends.any).toBe(false);
    sends.arrived(refused);
    expect(sends.any).toBe(false);
  });
});
