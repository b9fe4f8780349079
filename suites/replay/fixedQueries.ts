// A fixed query set put to a server at its own minor (`verify --queries`): the queries of case files
// (another minor's recording, say) whatever minors they name, each expecting what the reference
// model decides at that minor. The same seed draws different scenarios at two minors, so only this
// gives two recordings the same queries, and their drift compares like with like.
import type { Expected, Outcome } from "../../oracles/contract/outcome.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { decide, servesSubject } from "../../oracles/model/decide.ts";
import { outsideModel } from "../../oracles/model/outsideModel.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";

export interface FixedQueries {
  /** The cases at `minor` alone, each test's expectation the model's there. */
  readonly cases: readonly LoadedCase[];
  /** Tests left out: their subject kind is not served at the minor. */
  readonly notServed: number;
  /** Tests left out: the model does not decide them at the minor, so nothing says what to expect. */
  readonly outsideModel: number;
}

export function queriesAt(loaded: readonly LoadedCase[], minor: Minor): FixedQueries {
  let notServed = 0;
  let outside = 0;
  const cases: LoadedCase[] = [];
  for (const c of loaded) {
    if (!servesSubject(c.subject.kind, minor)) {
      notServed += c.tests.length;
      continue;
    }
    const tests = c.tests.flatMap((t) => {
      const cluster = t.cluster ?? c.cluster ?? {};
      if (outsideModel({ kubernetesVersion: minor, subject: c.subject, cluster, request: t.request }) !== undefined) {
        outside++;
        return [];
      }
      return [{ ...t, expected: expectedOf(decide(c.subject, cluster, t.request, minor).outcome) }];
    });
    if (tests.length > 0) cases.push({ ...c, minors: [minor], tests });
  }
  return { cases, notServed, outsideModel: outside };
}

/** What a case file would say of an outcome: an error's code and an invalid subject, messages aside. */
function expectedOf(o: Outcome): Expected {
  switch (o.outcome) {
    case "match":
    case "noMatch":
      return o;
    case "error":
      return { outcome: "error", code: o.code };
    case "invalid":
      return { outcome: "invalid" };
  }
}
