// Two recordings of kube-apiserver's verdicts (`verify --record`, one folder per server version)
// compared query by query: a recorded case is described by its query's hash, the same at every
// minor, so the same description in the same file is the same query. Each changed verdict, and each
// query only one minor recorded, is named with the upstream change that explains it (driftCauses.ts);
// a changed verdict also says whether the reference model makes the same change.
import { relative } from "node:path";
import { sortedKeys } from "../../oracles/adapters/recordingMatcher.ts";
import type { Expected } from "../../oracles/contract/outcome.ts";
import type { Query } from "../../oracles/contract/query.ts";
import type { SubjectKind } from "../../oracles/contract/subject.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { minorNumber } from "../../oracles/contract/versions.ts";
import { loadAll } from "../format/loadAll.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";
import type { DriftCauseName, DriftSide } from "./driftCauses.ts";
import { driftCauseOf } from "./driftCauses.ts";
import { replayWithModel } from "./replayCases.ts";

export interface Recording {
  readonly dir: string;
  /** The server version of the recording's source line (`kube-apiserver v1.37.2`), or the folder. */
  readonly version: string;
  readonly minor: Minor;
  readonly queries: number;
}

/** Does the reference model decide each side as its server did, at the side's minor? */
export type ModelFollows = "both" | "older only" | "newer only" | "neither" | "outside the model";

export interface DriftEntry {
  /** The case file, relative to the recording's folder, and the description (the query's hash). */
  readonly file: string;
  readonly description: string;
  readonly kind: SubjectKind;
  readonly cause: DriftCauseName;
  readonly older?: Expected;
  readonly newer?: Expected;
  readonly model?: ModelFollows;
}

export interface Drift {
  readonly older: Recording;
  readonly newer: Recording;
  /** Queries both recorded with the same verdict. */
  readonly same: number;
  readonly changed: readonly DriftEntry[];
  readonly onlyOlder: readonly DriftEntry[];
  readonly onlyNewer: readonly DriftEntry[];
}

/** A folder that is not one minor's recording. */
export class RecordingError extends Error {}

interface Loaded {
  readonly recording: Recording;
  readonly byKey: ReadonlyMap<string, LoadedCase>;
}

/** The drift between two recordings, the older minor first whatever the order given. */
export function recordedDrift(dirA: string, dirB: string): Drift {
  const [older, newer] = [load(dirA), load(dirB)].sort(
    (a, b) => minorNumber(a.recording.minor) - minorNumber(b.recording.minor),
  ) as [Loaded, Loaded];
  const [o, n] = [older.recording.minor, newer.recording.minor];
  const entry = (key: string, c: LoadedCase, where: DriftSide, side: Partial<DriftEntry>): DriftEntry => ({
    file: key.slice(0, key.indexOf("\n")),
    description: c.description,
    kind: c.subject.kind,
    cause: driftCauseOf(queryOf(c, n), o, n, where),
    ...side,
  });
  let same = 0;
  const changed: DriftEntry[] = [];
  for (const [key, a] of older.byKey) {
    const b = newer.byKey.get(key);
    if (b === undefined) continue;
    const [ea, eb] = [expectedOf(a), expectedOf(b)];
    if (sameVerdict(ea, eb)) same++;
    else changed.push(entry(key, b, "changed", { older: ea, newer: eb, model: modelFollows(a, b) }));
  }
  const only = (from: Loaded, to: Loaded, side: "older" | "newer") =>
    [...from.byKey]
      .filter(([k]) => !to.byKey.has(k))
      .map(([k, c]) => entry(k, c, side === "older" ? "onlyOlder" : "onlyNewer", { [side]: expectedOf(c) }));
  return {
    older: older.recording,
    newer: newer.recording,
    same,
    changed,
    onlyOlder: only(older, newer, "older"),
    onlyNewer: only(newer, older, "newer"),
  };
}

function load(dir: string): Loaded {
  const cases = loadAll([dir]);
  if (cases.length === 0) throw new RecordingError(`${dir} holds no recorded verdicts`);
  const minors = new Set(cases.flatMap((c) => c.minors));
  const [minor] = minors;
  if (minors.size !== 1 || minor === undefined)
    throw new RecordingError(
      `${dir} is not one minor's recording: its cases are for ${[...minors].join(", ") || "no minor"}`,
    );
  const many = cases.find((c) => c.tests.length !== 1);
  if (many)
    throw new RecordingError(`${many.file}: "${many.description}" has ${many.tests.length} tests, a recorded case one`);
  const byKey = new Map<string, LoadedCase>();
  for (const c of cases) byKey.set(`${relative(dir, c.file)}\n${c.description}`, c);
  const version = /^recorded from (.+) on /.exec(cases[0]?.source ?? "")?.[1] ?? dir;
  return { recording: { dir, version, minor, queries: cases.length }, byKey };
}

function queryOf(c: LoadedCase, minor: Minor): Query {
  const t = c.tests[0] as LoadedCase["tests"][number];
  return { kubernetesVersion: minor, subject: c.subject, cluster: t.cluster ?? c.cluster ?? {}, request: t.request };
}

const expectedOf = (c: LoadedCase): Expected => (c.tests[0] as LoadedCase["tests"][number]).expected;

/**
 * The same verdict, as a case file compares: what a match matched as and its params (in any order)
 * where both say (the server does not tell a policy's matched resource), an error's code.
 */
function sameVerdict(a: Expected, b: Expected): boolean {
  switch (a.outcome) {
    case "match": {
      if (b.outcome !== "match") return false;
      const params = (e: typeof a) => e.params && [...e.params].sort();
      return (
        whereBoth(a.matchedResource, b.matchedResource) &&
        whereBoth(a.matchedKind, b.matchedKind) &&
        whereBoth(params(a), params(b))
      );
    }
    case "error":
      return b.outcome === "error" && a.code === b.code;
    case "noMatch":
    case "invalid":
      return b.outcome === a.outcome;
  }
}

const whereBoth = (x: unknown, y: unknown) =>
  x === undefined || y === undefined || JSON.stringify(sortedKeys(x)) === JSON.stringify(sortedKeys(y));

function modelFollows(older: LoadedCase, newer: LoadedCase): ModelFollows {
  const [a, b] = [replayWithModel([older])[0]?.result, replayWithModel([newer])[0]?.result];
  if (a === "skipped" || b === "skipped") return "outside the model";
  if (a === "passed") return b === "passed" ? "both" : "older only";
  return b === "passed" ? "newer only" : "neither";
}
