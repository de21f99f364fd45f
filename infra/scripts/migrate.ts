import { prepareDatabase } from "./database.ts";

const url = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/svc";
await prepareDatabase(url);
process.stdout.write(`Database ready: ${new URL(url).pathname.slice(1)}\n`);
