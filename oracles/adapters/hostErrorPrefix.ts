/** Starts the stderr line in which the `--module` host (moduleHost.ts) says why the module could not start. */
export const hostErrorPrefix = "matchconform module host: ";
