// The corpus: every test of every case the implementation answers, at the run's minors.
import { basename } from "node:path";
import { answers } from "../../oracles/adapters/matcher.ts";
import type { ReferenceName } from "../../oracles/adapters/reference.ts";
import { satisfies } from "../../oracles/contract/agreement.ts";
import type { Expected } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";
import { toExpected } from "../../reports/caseFile.ts";
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
    // Where the model stops, an upstream oracle decides and reduces it, when the run has one.
    const by = ctx.decidedBy(query);
    if (by !== "model") ctx.beyondModel++;
    const expected = await expectationOf(ctx, { c, t, minor }, query, by);
    const rawSignature =
      by === "model"
        ? signature(ctx.model(query).clauses, expected.outcome, answer)
        : outsideSignature(by, query, expected.outcome, answer);
    if (answer.answer === "skipped") counts.skipped++;
    else if (answer.answer === "outcome" && satisfies(expected, answer.outcome)) counts.passed++;
    else {
      counts.failed++;
      ctx.failures.add(
        rawSignature,
        () => ({
          phase: "corpus",
          query,
          expected,
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
 * What the test is judged by: its expectation, unless the reference that decides the query (the
 * model, or the upstream oracle where it stops) contradicts it on the outcome, an error's code or
 * a match's resource, kind and params; then the reference's outcome, and the test is recorded as
 * contradicted, a finding about the case file. An expectation's words are not held against the
 * reference: the model words some messages otherwise than kube-apiserver. Beyond the model with no
 * upstream oracle, or when it gives no outcome, the expectation stands.
 */
async function expectationOf(
  ctx: RunContext,
  { c, t, minor }: { c: LoadedCase; t: LoadedCase["tests"][number]; minor: Minor },
  query: Query,
  by: ReferenceName,
): Promise<Expected> {
  if (by === "model" && outsideModel(query) !== undefined) return t.expected;
  const decided = by === "model" ? ctx.model(query, false).outcome : await ctx.referenceOutcome(query);
  const { contains: _, ...outcome } = t.expected as Expected & { contains?: string };
  if (decided === undefined || satisfies(outcome as Expected, decided)) return t.expected;
  ctx.contradicted.push({
    file: c.file,
    case: c.description,
    test: t.description,
    minor,
    expected: t.expected,
    reference: by,
    decided,
  });
  return toExpected(decided);
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
