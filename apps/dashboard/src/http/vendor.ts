import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Logger } from "@svc/logger";
import { Router } from "express";

/**
 * The WebAuthn helper library's browser bundle, served from its npm package at the version the
 * lockfile pins (no CDN: the CSP allows only our own scripts). Read once, at start; a production
 * install has it as a dependency of the root. Without it, passkey buttons do nothing (404).
 */
export function vendorScripts(log: Logger): Router {
  const router = Router();
  let bundle: Buffer;
  try {
    const entry = createRequire(import.meta.url).resolve("@simplewebauthn/browser");
    bundle = readFileSync(path.join(path.dirname(entry), "../dist/bundle/index.umd.min.js"));
  } catch (error) {
    log.error({ err: error }, "@simplewebauthn/browser is not installed: passkeys cannot be used in this dashboard");
    return router;
  }
  router.get("/assets/vendor/simplewebauthn-browser.js", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("application/javascript").send(bundle);
  });
  return router;
}
