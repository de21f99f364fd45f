import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Router } from "express";

/**
 * The WebAuthn helper library's browser bundle, served from its npm package at the version the
 * lockfile pins (no CDN: the CSP allows only our own scripts). Read once, at start.
 */
export function vendorScripts(): Router {
  const router = Router();
  const entry = createRequire(import.meta.url).resolve("@simplewebauthn/browser");
  const bundle = readFileSync(path.join(path.dirname(entry), "../dist/bundle/index.umd.min.js"));
  router.get("/assets/vendor/simplewebauthn-browser.js", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("application/javascript").send(bundle);
  });
  return router;
}
