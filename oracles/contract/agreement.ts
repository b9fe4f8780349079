// docs/case-format.md, "When two answers agree": when two answers, or an answer and an expectation, agree.
import type { GroupVersionKind, GroupVersionResource } from "./kube.ts";
import type { Expected, Outcome } from "./outcome.ts";

type Identity = GroupVersionResource | GroupVersionKind | undefined;

function sameWhereBothGiven(a: Identity, b: Identity): boolean {
  return a === undefined || b === undefined || JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(x: GroupVersionResource | GroupVersionKind) {
  return "resource" in x ? [x.group, x.version, x.resource] : [x.group, x.version, x.kind];
}

// The params a policy ran with, as a set: a label selector's list comes in no defined order.
function sameParams(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a === undefined || b === undefined || JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
}

/** Does an implementation's outcome satisfy a test's expectation? */
export function satisfies(expected: Expected, actual: Outcome): boolean {
  switch (expected.outcome) {
    case "match":
      return (
        actual.outcome === "match" &&
        sameWhereBothGiven(expected.matchedResource, actual.matchedResource) &&
        sameWhereBothGiven(expected.matchedKind, actual.matchedKind) &&
        sameParams(expected.params, actual.params)
      );
    case "noMatch":
      return actual.outcome === "noMatch";
    case "error":
      return (
        actual.outcome === "error" &&
        actual.code === expected.code &&
        (expected.contains === undefined || actual.message.includes(expected.contains))
      );
    case "invalid":
      return (
        actual.outcome === "invalid" && (expected.contains === undefined || actual.message.includes(expected.contains))
      );
  }
}

/** Do two implementations' outcomes agree? Messages are not compared. */
export function agree(a: Outcome, b: Outcome): boolean {
  if (a.outcome !== b.outcome) return false;
  if (a.outcome === "match" && b.outcome === "match") {
    return (
      sameWhereBothGiven(a.matchedResource, b.matchedResource) &&
      sameWhereBothGiven(a.matchedKind, b.matchedKind) &&
      sameParams(a.params, b.params)
    );
  }
  if (a.outcome === "error" && b.outcome === "error") return a.code === b.code;
  return true;
}
