// Runs every test of every case at every applicable minor and compares with the expectation.

import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { answers } from "../../oracles/adapters/matcher.ts";
import { modelMatcher } from "../../oracles/adapters/modelMatcher.ts";
import { satisfies } from "../../oracles/contract/agreement.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { decide } from "../../oracles/model/decide.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";
import type { NotRun, TestResult } from "../../reports/replayResult.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";
import { inParallel } from "../triage/inParallel.ts";

/** The minors to run a case at: all of its own, or only the one asked for. */
export function minorsFor(c: LoadedCase, only: Minor | undefined): readonly Minor[] {
  return only === undefined ? c.minors : c.minors.filter((m) => m === only);
}

/**
 * The cases (or minors of a case) that replay leaves out, and why: outside the minor asked for,
 * a subject kind or minor the implementation does not declare, or no minor at all.
 */
export function notRun(cases: readonly LoadedCase[], only: Minor | undefined, matcher?: Matcher): NotRun[] {
  return cases.flatMap((c): NotRun[] => {
    const left = (minors: readonly Minor[], reason: string) => [
      { file: c.file, caseDescription: c.description, minors, reason },
    ];
    if (c.minors.length === 0) return left([], `the case applies to no minor that serves ${c.subject.kind}`);
    if (only !== undefined && !c.minors.includes(only))
      return left(c.minors, `the case does not apply to --kubernetes-version ${only}`);
    if (matcher === undefined || matcher.info.name === modelMatcher().info.name) return [];
    const minors = minorsFor(c, only);
    if (!matcher.subjects.includes(c.subject.kind))
      return left(minors, `${matcher.info.name} does not declare the subject kind ${c.subject.kind}`);
    const undeclared = minors.filter((m) => !matcher.kubernetesVersions.includes(m));
    return undeclared.length === 0 ? [] : left(undeclared, `${matcher.info.name} does not declare these minors`);
  });
}

/** The reference model, synchronously: what the corpus tests assert. */
export function replayWithModel(cases: readonly LoadedCase[], only?: Minor): TestResult[] {
  return cases.flatMap((c) =>
    minorsFor(c, only).flatMap((minor) =>
      c.tests.map((t) => {
        const cluster = t.cluster ?? c.cluster ?? {};
        const outside = outsideModel({ subject: c.subject, cluster, request: t.request, kubernetesVersion: minor });
        if (outside !== undefined)
          return result(c, t, minor, { answer: "skipped", message: `outside the reference model: ${outside}` }, []);
        const d = decide(c.subject, cluster, t.request, minor);
        return result(c, t, minor, { answer: "outcome", outcome: d.outcome }, d.clauses);
      }),
    ),
  );
}

/** Any implementation; cases of kinds or minors it does not declare are left out. */
export async function replayWith(matcher: Matcher, cases: readonly LoadedCase[], only?: Minor): Promise<TestResult[]> {
  if (matcher.info.name === modelMatcher().info.name) return replayWithModel(cases, only);
  const work = cases.flatMap((c) =>
    minorsFor(c, only)
      .filter((m) => answers(matcher, c.subject.kind, m))
      .flatMap((minor) => c.tests.map((t) => ({ c, t, minor }))),
  );
  const results: TestResult[] = new Array(work.length);
  await inParallel(work, 64, async ({ c, t, minor }, i) => {
    const cluster = t.cluster ?? c.cluster ?? {};
    const answer = await matcher.match({ kubernetesVersion: minor, subject: c.subject, cluster, request: t.request });
    // The clauses are what the model reads of the case; a case outside the model has none to name.
    const outside = outsideModel({ subject: c.subject, cluster, request: t.request, kubernetesVersion: minor });
    const clauses = outside === undefined ? decide(c.subject, cluster, t.request, minor).clauses : [];
    results[i] = result(c, t, minor, answer, clauses);
  });
  return results;
}

function result(
  c: LoadedCase,
  t: LoadedCase["tests"][number],
  minor: Minor,
  answer: Answer,
  clauses: readonly ClauseName[],
): TestResult {
  return {
    file: c.file,
    caseDescription: c.description,
    testDescription: t.description,
    minor,
    expected: t.expected,
    answer,
    clauses,
    result:
      answer.answer === "skipped"
        ? "skipped"
        : answer.answer === "outcome" && satisfies(t.expected, answer.outcome)
          ? "passed"
          : "failed",
  };
}
