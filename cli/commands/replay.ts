// `matchconform replay`: every test of the case files given, on the model or an implementation.
import type { EveryFlagRead, Options } from "../command.ts";
import { defineCommand } from "../command.ts";
import type { ReplayOptions } from "../replay.ts";
import { implementationOptions, kubernetesVersion } from "./sharedOptions.ts";

const options = {
  ...implementationOptions,
  "kubernetes-version": kubernetesVersion("only this minor (default: every minor each case applies to)"),
} as const satisfies Options;

true satisfies EveryFlagRead<ReplayOptions, typeof options>;

export const replayCommand = defineCommand({
  name: "replay",
  summary: "every test of the case files given (default: the shipped corpus), on the model or an implementation",
  usage: "[files or folders...] [options]",
  description: `Every test of every case file, at every minor the case applies to (or the one given), on
the reference model or the implementation; prints each failure, the cases or minors not run and why,
and "N passed, N failed". Without a path, the corpus shipped with matchconform. A report folder or
its bundles/ folder stands for the minimal cases of its causes (each bundle's case.yaml).`,
  positionals: { complete: "file" },
  options,
  examples: [
    "matchconform replay   # the shipped corpus on the model",
    'matchconform replay .matchconform/report --implementation "./my-matcher"   # the minimal case of each cause',
    'matchconform replay bundles/01-*/case.yaml --implementation "./my-matcher"',
    "matchconform replay my-cases --kubernetes-version 1.34 --module my-matcher.mjs",
  ],
  exitCodes: [
    ["0", "every test passed"],
    ["1", "a test failed"],
    ["2", "bad input, an implementation that would not start, or nothing tested"],
  ],
  async run(flags, positionals, { out, err }) {
    const { replay } = await import("../replay.ts");
    return replay({ ...flags, paths: positionals }, out, err);
  },
});
