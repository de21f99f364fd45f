import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";

/**
 * docs/security.md names, for every bound and every isolation it claims, the test that proves
 * it: `path/to/file.test.ts › "test name"` (a name may end in … when shortened). A renamed or
 * deleted test would leave a claim unproven; this test fails then, naming the row.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const doc = readFileSync(path.join(root, "docs/security.md"), "utf8");

interface Citation {
  file: string;
  name: string;
  line: number;
}

/** Every `file` › "name" of the document; a cell may cite several names of one file, each after its own ›. */
function citations(): Citation[] {
  const found: Citation[] = [];
  doc.split("\n").forEach((text, index) => {
    for (const cell of text.split(/(?<!\\)\|/)) {
      let file: string | null = null;
      for (const part of cell.split(/;|(?= ›)/)) {
        const named = part.match(/`([\w./-]+\.test\.ts)`/);
        if (named) file = named[1]!;
        const quoted = part.match(/›\s*"([^"]+)"/);
        if (file && quoted) found.push({ file, name: quoted[1]!, line: index + 1 });
      }
    }
  });
  return found;
}

/** The name as a test declares it, up to where the document shortened it with "…". */
const declaredPart = (name: string) => name.split("…")[0]!.trim();

describe("docs/security.md", () => {
  const cited = citations();

  it("names tests for its claims", () => {
    expect(cited.length).toBeGreaterThan(50);
  });

  it("names only tests that exist, in the files it names", () => {
    const missing = cited.filter(({ file, name }) => {
      const full = path.join(root, file);
      if (!existsSync(full)) return true;
      const source = readFileSync(full, "utf8").replace(/\\(["'`])/g, "$1");
      return !source.includes(declaredPart(name));
    });
    expect(missing.map(({ file, name, line }) => `line ${line}: ${file} › "${name}"`)).toEqual([]);
  });

  it("names an existing file for every test file it mentions", () => {
    const files = [...doc.matchAll(/`([\w./-]+\.test\.ts)`/g)].map((match) => match[1]!);
    expect(files.filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
  });
});
