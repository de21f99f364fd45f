import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { defineConfig } from "prisma/config";
import { NameAsTextPool } from "./packages/db/src/pool";

// Prisma 6.19 with the JS (WASM) schema engine runs fully offline; the native engine of the
// classic path would be downloaded from the internet. See ../shared/toolchain.md.
// `env("DATABASE_URL")` in schema.prisma reads this process's environment; give it the local default.
process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/svc";
const databaseUrl = process.env.DATABASE_URL;

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", "schema.prisma"),
  migrations: { path: path.join("prisma", "migrations") },
  async adapter() {
    return new PrismaPg(new NameAsTextPool({ connectionString: databaseUrl, max: 2 }));
  },
});
