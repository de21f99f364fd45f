// The render worker when running from source (tsx, tests): Node 20 does not carry tsx's `--import`
// hooks into worker threads, so the thread registers tsx itself before loading the TypeScript.
import { register } from "tsx/esm/api";

register();
const { default: renderInWorker } = await import("./renderWorker.ts");
export default renderInWorker;
