// A `--module` implementation that answers noMatch to everything and fails in exactly one way, for
// the runner's chaos tests: `faulty(fault)` is the default export of a small file runFault.ts
// writes, named with the run's marker so that `ps` finds the process the module runs in.
const ready = {
  ready: true,
  version: 1,
  implementation: { name: "faulty-module", version: "0" },
  subjects: [
    "MatchResources",
    "ValidatingAdmissionPolicy",
    "MutatingAdmissionPolicy",
    "ValidatingWebhook",
    "MutatingWebhook",
  ],
  kubernetesVersions: ["1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"],
};

/** Answers the first `after` requests of each process well, then fails as `fault` says. */
export async function faulty(fault, after = 50) {
  if (fault === "module-top-level-await") await new Promise(() => {});
  let requests = 0;
  return {
    handle(m) {
      if (m.cmd === "start") return ready;
      if (m.cmd === "stop") return undefined;
      if (++requests < after) return { seq: m.seq, outcome: "noMatch" };
      switch (fault) {
        case "module-exit":
          process.exit(0);
          break;
        case "module-reject":
          return Promise.reject();
        case "module-throw-null":
          throw null;
        case "module-endless-loop":
          for (;;) {}
        case "module-unsettled":
          return new Promise(() => {});
      }
      return { seq: m.seq, outcome: "noMatch" };
    },
  };
}
