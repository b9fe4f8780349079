// The corpus: every test of every case the implementation answers, at the run's minors.
import { basename } from "node:path";
import { answers } from "../../oracles/adapters/matcher.ts";
import { satisfies } from "../../oracles/contract/agreement.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";
import { inParallel } from "../triage/inParallel.ts";
import { outsideSignature } from "../triage/outsideKey.ts";
import { signature } from "../triage/signature.ts";
import type { RunContext } from "./runContext.ts";
import { keepInScope } from "./scope.ts";
import { testInShard } from "./shard.ts";

export interface CorpusCounts {
  passed: number;
  failed: number;
  skipped: number;
}

export async function runCorpus(ctx: RunContext, cases: readonly LoadedCase[]): Promise<CorpusCounts> {
  const counts: CorpusCounts = { passed: 0, failed: 0, skipped: 0 };
  ctx.skips.phase = "corpus";
  const answered = cases.flatMap((c) =>
    c.minors
      .filter((m) => ctx.options.minors.includes(m) && answers(ctx.matcher, c.subject.kind, m))
      .flatMap((minor) => c.tests.map((t, i) => ({ c, t, minor, id: testId(c, i, minor) }))),
  );
  const shard = ctx.options.shard;
  const mine = answered.filter(({ id }) => testInShard(shard, id));
  const work = keepInScope(ctx, "corpus", mine, ({ c, t, minor }) => corpusQuery(c, t, minor)).filter(
    ({ c, t, minor }) => {
      // Where the model stops, its validation cannot keep an invalid subject back: the case says it.
      const invalidUnclaimed =
        t.expected.outcome === "invalid" &&
        !ctx.matcher.capabilities.features.validation &&
        ctx.decidedBy(corpusQuery(c, t, minor)) !== "model";
      if (invalidUnclaimed) ctx.skips.notSent("corpus", { by: "scope", reason: "API validation not claimed" });
      return !invalidUnclaimed;
    },
  );
  ctx.inScope.corpus = work.length;
  ctx.progress.phase("corpus", work.length);
  let done = 0;
  await inParallel(work, ctx.inFlight, async ({ c, t, minor }, index) => {
    const query = corpusQuery(c, t, minor);
    const answer = await ctx.ask(query);
    if (answer === undefined) return; // not run: time limit
    // Where the model stops, the case's expectation is still the test's; an upstream oracle reduces it.
    const by = ctx.decidedBy(query);
    if (by !== "model") ctx.beyondModel++;
    const rawSignature =
      by === "model"
        ? signature(ctx.model(query).clauses, t.expected.outcome, answer)
        : outsideSignature(by, query, t.expected.outcome, answer);
    if (answer.answer === "skipped") counts.skipped++;
    else if (answer.answer === "outcome" && satisfies(t.expected, answer.outcome)) counts.passed++;
    else {
      counts.failed++;
      ctx.failures.add(
        rawSignature,
        () => ({
          phase: "corpus",
          query,
          expected: t.expected,
          actual: answer,
          reference: by,
          corpus: { file: c.file, case: c.description, test: t.description, ...(c.source && { source: c.source }) },
        }),
        minor,
        "corpus",
        [index, 0],
      );
    }
    ctx.progress.tick(++done, counts.failed);
  });
  return counts;
}

/**
 * A test's name for the shards, the same on every machine: its file's name (not the folder, which
 * differs between checkouts), its case, its place in the case, and the minor.
 */
function testId(c: LoadedCase, index: number, minor: Minor): string {
  return [basename(c.file), c.description, index, minor].join("\u0000");
}

function corpusQuery(c: LoadedCase, t: LoadedCase["tests"][number], minor: Minor): Query {
  return { kubernetesVersion: minor, subject: c.subject, cluster: t.cluster ?? c.cluster ?? {}, request: t.request };
}
