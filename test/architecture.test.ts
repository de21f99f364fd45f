import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";

/**
 * Stores own their tables: every SQL statement and every Prisma query lives in
 * packages/core/src/stores/, so "what writes this column?" is answered by opening one file.
 * This test keeps the rule true as the code grows.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STORES = path.join(root, "packages/core/src/stores") + path.sep;
/** The Prisma client itself, and the connection layer's liveness probe. */
const DRIVER = path.join(root, "packages/db/src") + path.sep;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry === "node_modules" || entry === "generated") continue;
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (full.endsWith(".ts")) files.push(full);
  }
  return files;
}

function srcDirs(): string[] {
  return ["apps", "packages"].flatMap((group) =>
    readdirSync(path.join(root, group))
      .map((name) => path.join(root, group, name, "src"))
      .filter((dir) => statSync(dir, { throwIfNoEntry: false })?.isDirectory()),
  );
}

/** Prisma's model accessors (`prisma.emailEvent`), from the schema's model names. */
function modelAccessors(): string[] {
  const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
  return [...schema.matchAll(/^model (\w+) \{/gm)].map(([, name]) => name!.charAt(0).toLowerCase() + name!.slice(1));
}

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
}

/** What in `source` is a database statement: SQL text or a Prisma query call. */
function databaseStatements(source: string, models: readonly string[]): string[] {
  const code = withoutComments(source);
  const patterns = [
    /\bSELECT\s+[\w"*(.]+/g,
    /\bINSERT\s+INTO\b/g,
    /\bUPDATE\s+"?\w+"?(\s+\w+)?\s+SET\b/g,
    /\bDELETE\s+FROM\b/g,
    /\.\$(queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)\b/g,
    new RegExp(`\\.(${models.join("|")})\\.(find\\w*|create\\w*|update\\w*|delete\\w*|upsert|count|aggregate|groupBy)\\(`, "g"),
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[0]));
}

describe("stores own their tables", () => {
  const models = modelAccessors();

  it("recognises SQL text and Prisma query calls", () => {
    expect(models).toEqual(expect.arrayContaining(["email", "webhookDelivery", "apiKey"]));
    const sample = [
      "await pool.query(`SELECT id FROM emails`);",
      "await db.query('UPDATE emails e SET status = $1');",
      "await prisma.webhookDelivery.findMany({});",
      "await prisma.$queryRaw`SELECT 1`;",
      "// a comment about SELECT id FROM emails is not a statement",
    ].join("\n");
    expect(databaseStatements(sample, models)).toEqual(["SELECT id", "SELECT 1", "UPDATE emails e SET", ".$queryRaw", ".webhookDelivery.findMany("]);
  });

  it("no statement outside packages/core/src/stores", () => {
    const offenders: string[] = [];
    for (const dir of srcDirs()) {
      for (const file of sourceFiles(dir)) {
        if (file.startsWith(STORES) || file.startsWith(DRIVER)) continue;
        for (const statement of databaseStatements(readFileSync(file, "utf8"), models)) {
          offenders.push(`${path.relative(root, file)}: ${statement}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it("transactions are composed in packages/core, never in an app", () => {
    const offenders = srcDirs()
      .filter((dir) => dir.includes(`${path.sep}apps${path.sep}`))
      .flatMap(sourceFiles)
      .filter((file) => /\.\$transaction\b|\binTransaction\(/.test(withoutComments(readFileSync(file, "utf8"))))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
