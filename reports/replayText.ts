// The plain-text report of `matchconform replay`: each failure, then the closing count line.
import { formatAnswer, formatExpected } from "./answerText.ts";
import { bounded, oneLine } from "./escape.ts";
import type { NotRun, TestResult } from "./replayResult.ts";
import { shownPath } from "./shownPath.ts";

/** One block per failing test, with the minors that fail the same way listed together. */
export function formatFailures(results: readonly TestResult[]): string[] {
  const groups = new Map<string, { first: TestResult; minors: string[] }>();
  for (const r of results) {
    if (r.result !== "failed") continue;
    const key = JSON.stringify([r.file, r.caseDescription, r.testDescription, formatAnswer(r.answer), r.clauses]);
    const group = groups.get(key);
    if (group) group.minors.push(r.minor);
    else groups.set(key, { first: r, minors: [r.minor] });
  }
  return [...groups.values()].map((g) => formatFailure(g.first, g.minors));
}

/**
 * A case's or an implementation's words on a terminal: no control character, at most a screenful,
 * one line (a "\n::error::…" in a description would be a workflow command in a CI log).
 */
const said = (s: string) => oneLine(bounded(s));

function formatFailure(r: TestResult, minors: readonly string[]): string {
  return [
    `FAIL ${said(shownPath(r.file))}  [${minors.join(", ")}]`,
    `  case:     ${said(r.caseDescription)}`,
    `  test:     ${said(r.testDescription)}`,
    `  expected: ${said(formatExpected(r.expected))}`,
    `  actual:   ${said(formatAnswer(r.answer))}`,
    `  decided:  ${r.clauses.at(-1) ?? "(no clause)"}`,
    `  clauses:  ${r.clauses.join(", ")}`,
  ].join("\n");
}

export function closingLine(results: readonly TestResult[], left: readonly NotRun[] = []): string {
  const count = (k: TestResult["result"]) => results.filter((r) => r.result === k).length;
  const skipped = count("skipped");
  const cases = new Set(left.map((n) => `${n.file}\0${n.caseDescription}`)).size;
  return `${count("passed")} passed, ${count("failed")} failed${skipped > 0 ? `, ${skipped} skipped` : ""}${cases > 0 ? `; ${cases} case${cases === 1 ? "" : "s"} not run (or not at every minor)` : ""}`;
}

/** How many cases a block names before it says how many more. */
const shown = 5;

/**
 * What was not run and why, a block per reason: the cases left out (with their minors), and the
 * tests the implementation skipped (with its message).
 */
export function formatNotRun(left: readonly NotRun[], results: readonly TestResult[]): string[] {
  const groups = new Map<string, string[]>();
  const add = (reason: string, line: string) => {
    const g = groups.get(reason);
    if (g === undefined) groups.set(reason, [line]);
    else if (!g.includes(line)) g.push(line);
  };
  for (const n of left)
    add(
      n.reason,
      `${shownPath(n.file)}: ${n.caseDescription}${n.minors.length > 0 ? `  [${n.minors.join(", ")}]` : ""}`,
    );
  for (const r of results)
    if (r.answer.answer === "skipped")
      add(
        `skipped by the implementation: ${r.answer.message}`,
        `${shownPath(r.file)}: ${r.caseDescription} / ${r.testDescription}  [${r.minor}]`,
      );
  return [...groups.entries()].map(([reason, lines]) =>
    [
      `NOT RUN ${lines.length} × ${said(reason)}`,
      ...lines.slice(0, shown).map((l) => `  ${said(l)}`),
      ...(lines.length > shown ? [`  … and ${lines.length - shown} more`] : []),
    ].join("\n"),
  );
}

/** Why a replay tested nothing, in one line, or undefined when it tested something. */
export function nothingTested(results: readonly TestResult[], left: readonly NotRun[]): string | undefined {
  if (results.some((r) => r.result !== "skipped")) return undefined;
  const cases = new Set(left.map((n) => `${n.file}\0${n.caseDescription}`)).size;
  const skipped = results.length;
  return `nothing was tested: ${[
    cases > 0 && `${cases} case${cases === 1 ? "" : "s"} not run`,
    skipped > 0 && `${skipped} test${skipped === 1 ? "" : "s"} skipped by the implementation`,
    cases === 0 && skipped === 0 && "no case had a test to run",
  ]
    .filter(Boolean)
    .join(", ")} (see NOT RUN above)`;
}
