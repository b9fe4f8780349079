// `matchconform coverage`: how often generated scenarios reach each clause of the model.
import { defineCommand } from "../command.ts";

export const coverageCommand = defineCommand({
  name: "coverage",
  summary: "how often generated scenarios reach each clause of the reference model (Markdown)",
  usage: "[--num-runs N] [--seed S]",
  description: "How often generated scenarios reach each clause of the reference model, as a Markdown table.",
  options: {
    "num-runs": { type: "string", value: "N", group: "Budget", help: "generated scenarios to measure" },
    seed: { type: "string", value: "S", group: "Budget", help: "the generators' seed (default: a fixed one)" },
  },
  examples: ["matchconform coverage --num-runs 20000 > coverage.md"],
  exitCodes: [
    ["0", "the table was printed"],
    ["2", "bad input"],
  ],
  async run(flags, _positionals, { out }) {
    const { coverage } = await import("../coverage.ts");
    return coverage(flags.numRuns, flags.seed, out);
  },
});
