export { Shutdown, type ShutdownStep } from "./shutdown.ts";
export { listen, closeServer } from "./http.ts";
