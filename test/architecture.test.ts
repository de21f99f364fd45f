import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "@jest/globals";
import ts from "typescript";

/**
 * Stores own their tables: every SQL statement and every Prisma query lives in
 * packages/core/src/stores/, so "what writes this column?" is answered by opening one file.
 * Apps reach those tables through core's services, and only the few hot statements they batch
 * themselves (`@svc/core/batched`) directly. This test keeps the rules true as the code grows.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const STORES = path.join(root, "packages/core/src/stores") + path.sep;
/** The Prisma client itself, and the connection layer's liveness probe. */
const DRIVER = path.join(root, "packages/db/src") + path.sep;
const CORE_INDEX = path.join(root, "packages/core/src/index.ts");

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
    expect(databaseStatements(sample, models)).toEqual([
      "SELECT id",
      "SELECT 1",
      "UPDATE emails e SET",
      ".$queryRaw",
      ".webhookDelivery.findMany(",
    ]);
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

function parse(file: string, source: string = readFileSync(file, "utf8")): ts.SourceFile {
  return ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

type NamedDeclaration =
  | ts.FunctionDeclaration
  | ts.ClassDeclaration
  | ts.InterfaceDeclaration
  | ts.TypeAliasDeclaration
  | ts.EnumDeclaration;
const isNamedDeclaration = (node: ts.Node): node is NamedDeclaration =>
  ts.isFunctionDeclaration(node) ||
  ts.isClassDeclaration(node) ||
  ts.isInterfaceDeclaration(node) ||
  ts.isTypeAliasDeclaration(node) ||
  ts.isEnumDeclaration(node);

/** Every name a store module exports (functions, constants, row types). */
function storeExports(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(STORES)) {
    if (path.basename(file) === "index.ts") continue;
    for (const statement of parse(file).statements) {
      if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) names.add(element.name.text);
      } else if (isExported(statement) && ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations)
          if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
      } else if (isExported(statement) && isNamedDeclaration(statement) && statement.name) {
        names.add(statement.name.text);
      }
    }
  }
  return names;
}

/** The specifier of a store module, by package subpath or by path into packages/core/src/stores. */
function namesAStore(specifier: string, fromFile: string): boolean {
  if (specifier === "@svc/core/stores" || specifier.startsWith("@svc/core/stores/") || specifier.startsWith("@svc/core/src/stores"))
    return true;
  if (!specifier.startsWith(".") && !path.isAbsolute(specifier)) return false;
  const target = path.resolve(path.dirname(fromFile), specifier);
  return target === STORES.slice(0, -1) || target.startsWith(STORES);
}

/** `export { type X }` / `export type { X }` from a store in core's index: row types of a service's interface. */
function storeTypesOfCoreIndex(): { types: Set<string>; values: string[] } {
  const types = new Set<string>();
  const values: string[] = [];
  for (const statement of parse(CORE_INDEX).statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!namesAStore(statement.moduleSpecifier.text, CORE_INDEX)) continue;
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause))
      values.push(`export * from "${statement.moduleSpecifier.text}"`);
    else {
      for (const element of statement.exportClause.elements) {
        if (statement.isTypeOnly || element.isTypeOnly) types.add(element.name.text);
        else values.push(element.name.text);
      }
    }
  }
  return { types, values };
}

/**
 * What in `source` (a file at `file`) reaches a store: an import or re-export of a store module,
 * or a store name taken from `@svc/core` (directly or through a namespace import) other than the
 * row types core's index re-exports by name. `@svc/core/batched` is the allowed way in.
 */
function storeImports(file: string, source: string, stores: ReadonlySet<string>, indexTypes: ReadonlySet<string>): string[] {
  const found: string[] = [];
  const fromCore = (name: string) => {
    if (stores.has(name) && !indexTypes.has(name)) found.push(`@svc/core: ${name}`);
  };
  const namespaces = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const specifier = node.moduleSpecifier.text;
      if (namesAStore(specifier, file)) found.push(specifier);
      else if (specifier === "@svc/core") {
        const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
        if (bindings && ts.isNamespaceImport(bindings)) namespaces.add(bindings.name.text);
        else if (bindings && (ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) {
          for (const element of bindings.elements) fromCore((element.propertyName ?? element.name).text);
        }
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteral(argument) && namesAStore(argument.text, file)) found.push(argument.text);
    } else if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
      fromCore(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file, source));
  return found;
}

describe("apps reach tables through services", () => {
  const stores = storeExports();
  const index = storeTypesOfCoreIndex();

  it("recognises imports of a store", () => {
    expect([...stores]).toEqual(
      expect.arrayContaining(["lookUpApiKeys", "findSuppression", "deleteExpiredSessions", "ApiKeyRecord", "withAdvisoryLock"]),
    );
    expect([...index.types]).toEqual(expect.arrayContaining(["ApiKeyRecord", "SesSetupRecord"]));
    const file = path.join(root, "apps/api/src/sample.ts");
    const sample = [
      'import { lookUpApiKeys } from "@svc/core/batched";',
      'import { queueEmail, sqlPool, type ApiKeyRecord } from "@svc/core";',
      'import { claimEmails } from "@svc/core/stores";',
      'import { findSuppression, getSuppression } from "@svc/core";',
      'import type { SessionRow } from "../../../packages/core/src/stores/sessions.ts";',
      `export { withAdvisoryLock } from "${path.join(root, "packages/core/src/stores/advisoryLocks.ts")}";`,
      'import * as core from "@svc/core";',
      "await core.deleteExpiredSessions(prisma); core.sqlPool(db);",
      'const late = await import("../../../packages/core/src/stores/index.ts");',
      '// import { claimEmails } from "@svc/core/stores"; (a comment is no import)',
    ].join("\n");
    expect(storeImports(file, sample, stores, new Set(["ApiKeyRecord"]))).toEqual([
      "@svc/core/stores",
      "@svc/core: findSuppression",
      "../../../packages/core/src/stores/sessions.ts",
      path.join(root, "packages/core/src/stores/advisoryLocks.ts"),
      "@svc/core: deleteExpiredSessions",
      "../../../packages/core/src/stores/index.ts",
    ]);
  });

  it("@svc/core re-exports store row types by name, and no store function", () => {
    expect(index.values).toEqual([]);
  });

  it("no app imports a store, except the hot statements in @svc/core/batched", () => {
    const offenders = srcDirs()
      .filter((dir) => dir.includes(`${path.sep}apps${path.sep}`))
      .flatMap(sourceFiles)
      .flatMap((file) =>
        storeImports(file, readFileSync(file, "utf8"), stores, index.types).map((store) => `${path.relative(root, file)}: ${store}`),
      );
    expect(offenders).toEqual([]);
  });
});
