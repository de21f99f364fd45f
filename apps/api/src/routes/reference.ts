import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Router } from "express";
import { buildOpenApiDocument } from "../openapi/document.ts";
import { REFERENCE_PATHS } from "../openapi/paths/service.ts";

/**
 * Scalar's self-contained browser build: the page needs nothing from the network. A production
 * install does not have its package (Vue and the rest come with it), so `pnpm build` copies the
 * script beside the API's bundle (infra/scripts/build.ts, VENDORED); from source it is read from
 * the package.
 */
const BUNDLED_SCRIPT = fileURLToPath(new URL("vendor/scalar-api-reference.js", import.meta.url));
const SCRIPT_FILE = existsSync(BUNDLED_SCRIPT)
  ? BUNDLED_SCRIPT
  : path.join(path.dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")), "browser/standalone.js");

/**
 * What the page may load: only this origin. A reference that reached for a CDN or a web font
 * would break on a machine without internet; the policy makes the browser refuse it instead
 * (the browser test checks that nothing was requested elsewhere).
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Scalar injects its styles at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join("; ");

const SCALAR_CONFIGURATION = {
  url: REFERENCE_PATHS.document,
  withDefaultFonts: false,
  defaultOpenAllTags: true,
  telemetry: false,
  hideClientButton: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
};

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/</g, "&lt;");
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>svc API reference</title>
</head>
<body>
<script id="api-reference" data-url="${REFERENCE_PATHS.document}" data-configuration='${escapeAttribute(JSON.stringify(SCALAR_CONFIGURATION))}'></script>
<script src="${REFERENCE_PATHS.script}"></script>
</body>
</html>
`;

/** GET /openapi.json, GET /docs and the page's script. No key needed: the API's shape is public. */
export function referenceRouter(): Router {
  const router = Router();
  const document = JSON.stringify(buildOpenApiDocument());

  router.get(REFERENCE_PATHS.document, (_req, res) => {
    res.type("application/json").send(document);
  });
  router.get(REFERENCE_PATHS.page, (_req, res) => {
    res.set("content-security-policy", CONTENT_SECURITY_POLICY).type("text/html").send(PAGE);
  });
  router.get(REFERENCE_PATHS.script, (_req, res, next) => {
    // The file lives under node_modules/.pnpm: a dot directory that sendFile refuses by default.
    res.sendFile(
      SCRIPT_FILE,
      { maxAge: "1h", dotfiles: "allow", headers: { "content-type": "text/javascript; charset=utf-8" } },
      (error) => {
        if (error && !res.headersSent) next(error);
      },
    );
  });
  return router;
}
