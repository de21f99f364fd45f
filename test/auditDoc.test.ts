import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import { AUDIT_ACTIONS } from "@svc/core";

/** The README's list of audit actions is the list the code records: none missing, none extra. */
const readme = readFileSync(fileURLToPath(new URL("../README.md", import.meta.url)), "utf8");
const section = readme.slice(readme.indexOf("## Audit log"), readme.indexOf("\n## ", readme.indexOf("## Audit log") + 1));

describe("the audit log's documentation", () => {
  it("lists every action the audit log records, and no other", () => {
    const listed = [...section.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((match) => match[1]);
    expect([...new Set(listed)].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
