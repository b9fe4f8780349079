// The replay line a report prints is a command to paste into a shell: a case file, kubeconfig or
// context named with shell syntax comes back as one word, exactly as given, and runs nothing.
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { replayCommand } from "./runHeader.ts";
import { replayOf } from "./verify.ts";

const hostile = ["cases/<b>x&y.yaml", "it's $(touch /tmp/pwned) `id`;|.yaml", "plain/cases.yaml", "a b\nc.yaml"];

/** The words a POSIX shell reads from `line` after its first `skip` words, each as given. */
function wordsOf(line: string, skip: number): string[] {
  const out = execFileSync("sh", ["-c", `set -- ${line}; shift ${skip}; for w in "$@"; do printf '%s\\0' "$w"; done`], {
    encoding: "utf8",
  });
  return out.split("\0").slice(0, -1);
}

describe("a report's replay line", () => {
  it("gives run's case files to the shell as the words they are", () => {
    const line = replayCommand({ cases: hostile } as Parameters<typeof replayCommand>[0], 7);
    expect(line).toContain(" plain/cases.yaml");
    expect(wordsOf(line, 5)).toEqual(hostile);
  });

  it("gives verify's kubeconfig, context, allowed cluster and case files as the words they are", () => {
    const a = { apiserver: true, kubeconfig: hostile[1], context: "kind-$(id)", allowCluster: "a;b", cases: hostile };
    const line = replayOf(a, "1.37", "ci", 1037);
    const words = wordsOf(line, 0);
    expect(words.slice(0, 4)).toEqual(["npx", "matchconform", "verify", "--apiserver"]);
    expect(words.slice(4, 10)).toEqual([
      "--kubeconfig",
      hostile[1],
      "--context",
      "kind-$(id)",
      "--allow-cluster",
      "a;b",
    ]);
    expect(words.slice(-hostile.length)).toEqual(hostile);
    expect(replayOf({ local: true, cases: [], queries: "rec/v1.37.2" }, "1.37", "explore", 1)).toBe(
      "npx matchconform verify --apiserver --local --kubernetes-version 1.37 --mode explore --queries rec/v1.37.2",
    );
  });
});
