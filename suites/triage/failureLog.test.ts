// The examples a failure group keeps are the first in the work's order, not the first answered:
// under load answers arrive in another order, and the examples (so the minimal cases) must not move.
import { describe, expect, it } from "vitest";
import type { Failure, WorkOrder } from "./failureLog.ts";
import { FailureLog } from "./failureLog.ts";

function logged(orders: readonly WorkOrder[]): FailureLog {
  const log = new FailureLog();
  for (const order of orders)
    log.add("raw", () => ({ path: order.join(":") }) as unknown as Failure, "1.37", "generated", order);
  return log;
}

describe("FailureLog", () => {
  it("keeps the first six examples in work order, whatever order they came in", () => {
    const inOrder: WorkOrder[] = Array.from({ length: 20 }, (_, i) => [Math.floor(i / 7), i % 7]);
    const shuffled = [...inOrder].sort((a, b) => (((a[0] * 7 + a[1]) * 13) % 20) - (((b[0] * 7 + b[1]) * 13) % 20));
    expect(shuffled).not.toEqual(inOrder);
    const paths = (log: FailureLog) => log.groups[0]?.examples.map((f) => f.path);
    expect(paths(logged(shuffled))).toEqual(["0:0", "0:1", "0:2", "0:3", "0:4", "0:5"]);
    expect(paths(logged(shuffled))).toEqual(paths(logged(inOrder)));
    expect(logged(shuffled).groups[0]?.count).toBe(20);
  });

  it("orders groups of equal count by phase and raw signature, not by which was met first", () => {
    const names = (first: string, second: string) => {
      const log = new FailureLog();
      for (const raw of [first, second]) log.add(raw, () => ({}) as Failure, "1.37", "generated", [0, 0]);
      return log.groups.map((g) => g.rawSignature);
    };
    expect(names("b", "a")).toEqual(["a", "b"]);
    expect(names("a", "b")).toEqual(["a", "b"]);
  });
});
