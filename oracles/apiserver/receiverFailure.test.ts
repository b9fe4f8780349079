// When the suite's own webhook receiver fails a probe's review (here: it resets the connection on
// purpose), the server's failure to call it (`error 500` under failurePolicy Fail, `noMatch` under
// Ignore, where the failure is swallowed) is not its verdict on the subject: the query is skipped
// with the reason, and counted. The same queries answered by the receiver are decided.
// Needs the binaries (built once, cached): run with MATCHCONFORM_APISERVER=1.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slowSuiteGate } from "../../suites/slowSuites.ts";
import type { Query } from "../contract/query.ts";
import type { ApiserverMatcher } from "./apiserverMatcher.ts";
import { startApiserverMatcher } from "./apiserverMatcher.ts";
import type { ControlPlane } from "./controlPlane/localControlPlane.ts";
import { down } from "./controlPlane/localControlPlane.ts";
import { startTestControlPlane } from "./controlPlane/testControlPlane.ts";
import { receiverFailed } from "./probe/receiverFailures.ts";
import { matchEverything } from "./testQueries.ts";

const enabled = slowSuiteGate("apiserver").runs;

const configMapCreates = [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }];

/** A webhook of the kind under the failurePolicy, on a ConfigMap create labelled case=<which>. */
function query(kind: "ValidatingWebhook" | "MutatingWebhook", failurePolicy: "Fail" | "Ignore", which: string): Query {
  const req = matchEverything.request;
  const object = { ...req.object, metadata: { ...(req.object?.metadata ?? {}), labels: { case: which } } };
  return {
    ...matchEverything,
    subject: { kind, webhook: { rules: configMapCreates, failurePolicy } },
    request: { ...req, object },
  };
}

const subjects = [
  ["ValidatingWebhook", "Fail"],
  ["ValidatingWebhook", "Ignore"],
  ["MutatingWebhook", "Fail"],
  ["MutatingWebhook", "Ignore"],
] as const;

describe.skipIf(!enabled)("a probe whose review the suite's receiver failed", () => {
  let cp: ControlPlane;
  let m: ApiserverMatcher;

  beforeAll(async () => {
    cp = await startTestControlPlane("receiver-failure-test");
    m = await startApiserverMatcher({
      server: cp.server,
      token: cp.token,
      caFile: cp.caFile,
      minor: "1.37",
      receiverFault: (review) => review.request?.object?.metadata?.labels?.case === "reset",
    });
  }, 1_800_000);

  afterAll(async () => {
    await m?.close();
    if (cp) await down(cp.stateDir);
  }, 120_000);

  it("is skipped with the receiver's failure as the reason, under Fail and Ignore; answered, it is decided", async () => {
    const [failed, answered] = await Promise.all([
      Promise.all(subjects.map(([k, f]) => m.match(query(k, f, "reset")))),
      Promise.all(subjects.map(([k, f]) => m.match(query(k, f, "fine")))),
    ]);
    for (const a of failed) expect(a).toEqual({ answer: "skipped", message: receiverFailed });
    for (const a of answered) expect(a).toMatchObject({ answer: "outcome", outcome: { outcome: "match" } });
    expect(m.stats.skipReasons[receiverFailed]).toBe(subjects.length);
  }, 300_000);
});
