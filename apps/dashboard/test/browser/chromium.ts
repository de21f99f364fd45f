import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import playwright from "playwright-core";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/**
 * Debian's Chromium driven by playwright-core (no browser download). Playwright gives every
 * launch a fresh temporary --user-data-dir of its own, so no state survives between runs.
 */
export function launchChromium(): Promise<Browser> {
  return playwright.chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Screenshots of every page the tests visit. They go to test-results/screenshots; with
 * UPDATE_SCREENSHOTS=1 they replace the committed ones in docs/screenshots (used by the README),
 * so an ordinary test run does not rewrite tracked files.
 */
export const SCREENSHOT_DIR = path.join(root, process.env.UPDATE_SCREENSHOTS === "1" ? "docs/screenshots" : "test-results/screenshots");

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: "disabled", caret: "hide" });
  return file;
}

/** Reloads `page` until `check` passes (the pipeline is asynchronous), for at most `timeoutMs`. */
export async function reloadUntil(page: Page, check: () => Promise<boolean>, what: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await page.reload();
  }
}

/**
 * The DevTools virtual authenticator on `page`, standing in for a phone or security key: it holds
 * discoverable passkeys, verifies its user and answers every ceremony without a person.
 */
export async function addVirtualAuthenticator(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return cdp;
}

/** Signs up through the form in `page` (an account and its workspace), leaving the page signed in. */
export async function signUpInBrowser(
  page: Page,
  dashboardUrl: string,
  email: string,
  password: string,
  workspaceName: string,
): Promise<void> {
  await page.goto(`${dashboardUrl}/signup`);
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByLabel("Workspace name").fill(workspaceName);
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Create account", exact: true }).click()]);
}
