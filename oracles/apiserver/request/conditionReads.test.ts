// What a condition reads, and the probe's confinement of a subject's conditions: no server needed.
import { describe, expect, it } from "vitest";
import { confinement, probeConditions, unconfine } from "../subject/confinement.ts";
import { overlaps, readPaths } from "./conditionReads.ts";

const p = { runId: "r1", batch: "1", id: "7" };

describe("readPaths", () => {
  it.each([
    ["request.namespace == 'prod'", [["request", "namespace"]]],
    ["object.metadata.labels['app'] == 'web'", [["object", "metadata", "labels", "app"]]],
    // A computed key reads the whole map; a comprehension reads its range whole.
    [
      "object.metadata.labels[request.name] == 'x'",
      [
        ["object", "metadata", "labels"],
        ["request", "name"],
      ],
    ],
    ["object.metadata.labels.all(k, k != '')", [["object", "metadata", "labels"]]],
    ["has(request.userInfo.uid) && size(object) > 0", [["request", "userInfo", "uid"], ["object"]]],
    [
      "has(request.namespace) && request.namespace == 'p'",
      [
        ["request", "namespace"],
        ["request", "namespace"],
      ],
    ],
    ["[1, 2].exists(x, x == 1)", []],
  ])("%s", (expression, paths) => {
    expect(readPaths(expression)?.map((r) => r.path)).toEqual(paths);
  });

  it("leaves an expression that does not parse to the server's validation", () => {
    expect(readPaths("object.x in [1, 2, ")).toBeUndefined();
  });

  it("a read observes a value when one path is a prefix of the other", () => {
    expect(overlaps(["object", "metadata"], ["object", "metadata", "uid"])).toBe(true);
    expect(overlaps(["object", "metadata", "name", "x"], ["object", "metadata", "name"])).toBe(true);
    expect(overlaps(["object", "metadata", "labels"], ["object", "metadata", "uid"])).toBe(false);
  });
});

describe("probeConditions", () => {
  it("confines a subject without conditions by the confinement alone", () => {
    expect(probeConditions(undefined, p)).toEqual([{ name: "mc-probe", expression: confinement(p) }]);
    expect(probeConditions([], p)).toEqual([{ name: "mc-probe", expression: confinement(p) }]);
  });

  it("puts every subject condition behind the confinement, adding none (the limit of 64 stays the subject's)", () => {
    const stated = [
      { name: "a", expression: "object.spec.missing == 1 // a comment" },
      { name: "b", expression: "true" },
    ];
    const made = probeConditions(stated, p);
    expect(made.map((c) => c.name)).toEqual(["a", "b"]);
    for (const c of made) expect(c.expression?.startsWith(`${confinement(p)} && (`)).toBe(true);
    expect(probeConditions(stated, p, true)).toBe(stated);
    // The server's message names the confined expression; it reads back as the subject's.
    const message = `[expression '${made[0]?.expression}' resulted in error: no such key: spec, expression '${made[1]?.expression}' x]`;
    expect(unconfine(message, stated, p)).toBe(
      "[expression 'object.spec.missing == 1 // a comment' resulted in error: no such key: spec, expression 'true' x]",
    );
  });
});
