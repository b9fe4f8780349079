// Puts each reproduction bundle's case (case.yaml) to a matcher — the real kube-apiserver through
// the apiserver oracle — and says per bundle whether it decides as the case expects (the model's
// decision, or the corpus's expectation): reproduced, differs, not reproducible (the oracle's
// reason) or errored.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Answer, Matcher } from "../../oracles/adapters/matcher.ts";
import { satisfies } from "../../oracles/contract/agreement.ts";
import type { Expected } from "../../oracles/contract/outcome.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";

export type Verdict = "reproduced" | "differs" | "not reproducible" | "errored";

export interface TestVerdict {
  readonly description: string;
  readonly expected: Expected;
  /** The server's answer; skipped with the reason when it cannot be asked. */
  readonly answer: Answer;
}

export interface BundleVerdict {
  /** The bundle's folder, as found under the path given. */
  readonly bundle: string;
  readonly verdict: Verdict;
  readonly tests: readonly TestVerdict[];
  /** For "not reproducible": the first reason; for "errored": the first message. */
  readonly why?: string;
}

/** The bundle folders under a report folder, a bundles folder, or the one bundle given. */
export function findBundles(path: string): string[] {
  if (existsSync(join(path, "case.yaml"))) return [path];
  const dir = existsSync(join(path, "bundles")) ? join(path, "bundles") : path;
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) return [];
  return readdirSync(dir)
    .sort()
    .map((d) => join(dir, d))
    .filter((d) => existsSync(join(d, "case.yaml")));
}

export async function checkBundles(
  matcher: Matcher,
  bundles: readonly string[],
  minor: Minor,
): Promise<BundleVerdict[]> {
  return Promise.all(
    bundles.map(async (dir) => {
      const cases = loadCaseFile(join(dir, "case.yaml"));
      const tests = await Promise.all(
        cases.flatMap((c) =>
          c.tests.map(async (t): Promise<TestVerdict> => {
            const description = `${c.description} / ${t.description}`;
            if (!c.minors.includes(minor))
              return {
                description,
                expected: t.expected,
                answer: {
                  answer: "skipped",
                  message: `the case applies to Kubernetes ${c.minors.join(", ") || "no minor"}, the server is ${minor}`,
                },
              };
            const query = {
              kubernetesVersion: minor,
              subject: c.subject,
              cluster: t.cluster ?? c.cluster ?? {},
              request: t.request,
            };
            return { description, expected: t.expected, answer: await matcher.match(query) };
          }),
        ),
      );
      return { bundle: dir, ...verdictOf(tests) };
    }),
  );
}

function verdictOf(tests: readonly TestVerdict[]): { verdict: Verdict; tests: readonly TestVerdict[]; why?: string } {
  const decided = tests.filter((t) => t.answer.answer === "outcome");
  if (decided.some((t) => t.answer.answer === "outcome" && !satisfies(t.expected, t.answer.outcome)))
    return { verdict: "differs", tests };
  const failed = tests.find((t) => t.answer.answer === "errored" || t.answer.answer === "broken");
  if (failed) return { verdict: "errored", tests, why: message(failed.answer) };
  if (decided.length > 0) return { verdict: "reproduced", tests };
  const skipped = tests.find((t) => t.answer.answer === "skipped");
  return { verdict: "not reproducible", tests, why: skipped ? message(skipped.answer) : "the case has no test" };
}

const message = (a: Answer) => (a.answer === "outcome" ? "" : a.message);
