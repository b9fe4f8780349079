// A switch that another turns off (bugTitles.ts shadowedBy) is not a cause the run hides: the
// simple matcher with both answers every corpus query as it does with the other alone, also where
// the switch alone diverges from kube-apiserver. Were its code reached, those queries would tell.
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { startChildMatcher } from "../../oracles/adapters/childMatcher.ts";
import type { Matcher } from "../../oracles/adapters/matcher.ts";
import { agree } from "../../oracles/contract/agreement.ts";
import type { Query } from "../../oracles/contract/query.ts";
import { decide } from "../../oracles/model/decide.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";
import { shadowedBy } from "./bugTitles.ts";

const root = (p: string) => fileURLToPath(new URL(`../../${p}`, import.meta.url));
const queries: Query[] = collectCaseFiles([root("suites/cases")])
  .flatMap(loadCaseFile)
  .flatMap((c) =>
    c.tests.flatMap((t) =>
      (c.minors.includes("1.37") ? ["1.37" as const] : []).map((kubernetesVersion) => ({
        kubernetesVersion,
        subject: c.subject,
        cluster: t.cluster ?? c.cluster ?? {},
        request: t.request,
      })),
    ),
  );

const started: Matcher[] = [];
afterAll(async () => {
  await Promise.all(started.map((m) => m.close()));
}, 60_000);

async function answersOf(bugs: readonly string[]): Promise<string[]> {
  const m = await startChildMatcher(
    `node ${root("examples/simple-matcher/simple-matcher.mjs")} --bug ${bugs.join(",")}`,
  );
  started.push(m);
  return Promise.all(queries.map(async (q) => JSON.stringify(await m.match(q))));
}

const diverges = (q: Query, answer: string): boolean => {
  const a = JSON.parse(answer);
  const model = decide(q.subject, q.cluster, q.request, q.kubernetesVersion).outcome;
  return a.answer === "outcome" && !agree(model, a.outcome);
};

describe("switches another turns off", () => {
  for (const [bug, by] of Object.entries(shadowedBy))
    for (const other of by ?? [])
      it(`${bug} under ${other}: the other's answers alone, where ${bug} alone diverges too`, async () => {
        const [alone, both, otherAlone] = await Promise.all([
          answersOf([bug]),
          answersOf([bug, other]),
          answersOf([other]),
        ]);
        const own = queries.flatMap((q, i) => (diverges(q, alone[i] as string) ? [i] : []));
        expect(own.length).toBeGreaterThan(0);
        expect(both).toEqual(otherAlone);
        // Somewhere the switch alone answers otherwise than the other alone: the equality above is
        // the other's code deciding, not two switches that happen to agree.
        expect(own.some((i) => alone[i] !== otherAlone[i])).toBe(true);
      }, 300_000);
});
