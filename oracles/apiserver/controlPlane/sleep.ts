/** Waits ms milliseconds: between polls of the server, which has no watch for what the oracle waits on. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
