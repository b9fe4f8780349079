// The recording wrapper keeps each distinct query's outcome and only counts what is not an outcome.
import { describe, expect, it } from "vitest";
import type { Query } from "../contract/query.ts";
import type { Answer, Matcher } from "./matcher.ts";
import { modelMatcher } from "./modelMatcher.ts";
import { queryKey, recordingMatcher } from "./recordingMatcher.ts";

const query = (name: string, minor: Query["kubernetesVersion"] = "1.37"): Query => ({
  kubernetesVersion: minor,
  subject: { kind: "MatchResources", matchResources: {} },
  cluster: { namespaces: { prod: {} } },
  request: {
    operation: "CREATE",
    resource: { group: "", version: "v1", resource: "configmaps" },
    kind: { group: "", version: "v1", kind: "ConfigMap" },
    namespace: "prod",
    name,
    object: { apiVersion: "v1", kind: "ConfigMap", metadata: { name } },
  },
});

/** Answers from a table keyed by the request's name, in turn. */
function scripted(answers: Record<string, Answer[]>): Matcher {
  return {
    ...modelMatcher(),
    match: async (q) => answers[q.request.name ?? ""]?.shift() ?? { answer: "errored", message: "unscripted" },
  };
}

const outcome = (o: Extract<Answer, { answer: "outcome" }>["outcome"]): Answer => ({ answer: "outcome", outcome: o });

describe("recordingMatcher", () => {
  it("records outcomes and counts skipped, errored and broken answers without recording them", async () => {
    const m = recordingMatcher(
      scripted({
        a: [outcome({ outcome: "match" })],
        b: [{ answer: "skipped", message: "not realised" }],
        c: [{ answer: "errored", message: "boom" }],
        d: [{ answer: "broken", problem: "timeout", message: "hung", stderr: [] }],
        e: [outcome({ outcome: "error", code: 404, message: 'namespaces "gone" not found' })],
      }),
    );
    for (const n of ["a", "b", "c", "d", "e"]) await m.match(query(n));
    expect(m.verdicts().map((v) => v.query.request.name)).toEqual(expect.arrayContaining(["a", "e"]));
    expect(m.verdicts()).toHaveLength(2);
    expect(m.counts).toEqual({ outcomes: 2, repeated: 0, conflicting: 0, skipped: 1, errored: 1, broken: 1 });
  });

  it("keeps the first outcome of a query asked twice and counts a repeat that disagrees apart", async () => {
    const m = recordingMatcher(
      scripted({
        a: [outcome({ outcome: "invalid", message: "x" }), outcome({ outcome: "invalid", message: "y" })],
        b: [outcome({ outcome: "match" }), outcome({ outcome: "noMatch" })],
      }),
    );
    for (const n of ["a", "a", "b", "b"]) await m.match(query(n));
    expect(m.verdicts().map((v) => v.outcome.outcome)).toEqual(
      [queryKey(query("a")), queryKey(query("b"))]
        .map((k, i) => [k, i === 0 ? "invalid" : "match"] as const)
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([, o]) => o),
    );
    expect(m.counts).toMatchObject({ outcomes: 4, repeated: 1, conflicting: 1 });
  });

  it("keys a query by its content, whatever its minor and the order of its keys", () => {
    const q = query("a");
    const reordered = {
      request: q.request,
      cluster: q.cluster,
      subject: q.subject,
      kubernetesVersion: q.kubernetesVersion,
    };
    expect(queryKey(reordered)).toBe(queryKey(q));
    expect(queryKey(query("a", "1.30"))).toBe(queryKey(q));
    expect(queryKey(query("b"))).not.toBe(queryKey(q));
  });

  it("passes the inner matcher's declarations through", () => {
    const inner = modelMatcher();
    const m = recordingMatcher(inner);
    expect([m.info, m.subjects, m.input, m.kubernetesVersions]).toEqual([
      inner.info,
      inner.subjects,
      inner.input,
      inner.kubernetesVersions,
    ]);
  });
});
