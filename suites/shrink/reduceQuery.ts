// Greedy reduction of a failing query to a small one that still fails: every array element and
// optional field of the subject, every namespace and label of the cluster, and every label of the
// request's objects is tried away, one at a time, until nothing more can go. fast-check's own
// shrinking stops at chain() boundaries; this pass does not.
import type { Query } from "../../oracles/invariants/invariant.ts";
import { checkCaseFileSchema } from "../format/schemaCheck.ts";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = readonly (string | number)[];

export interface ReduceOptions {
  /** The most predicate calls to spend (default 2000). */
  readonly maxCalls?: number;
}

export async function reduceQuery(
  query: Query,
  stillFails: (q: Query) => boolean | Promise<boolean>,
  options: ReduceOptions = {},
): Promise<{ readonly query: Query; readonly calls: number }> {
  let current = query;
  let calls = 0;
  const budget = options.maxCalls ?? 2000;
  let progress = true;
  while (progress && calls < budget) {
    progress = false;
    for (const path of removablePaths(current)) {
      if (calls >= budget) break;
      const candidate = removeAt(current, path);
      if (candidate === undefined || !wellFormed(candidate)) continue;
      calls++;
      if (await stillFails(candidate)) {
        current = candidate;
        progress = true;
        break;
      }
    }
  }
  return { query: current, calls };
}

/** A reduced query is still one a case file can hold (required fields stay). */
function wellFormed(q: Query): boolean {
  try {
    checkCaseFileSchema("reduced", [
      {
        description: "reduced",
        subject: q.subject,
        cluster: q.cluster,
        tests: [{ description: "t", request: q.request, expected: "match" }],
      },
    ]);
    return true;
  } catch {
    return false;
  }
}

/** Paths whose removal keeps the query well-formed, deepest and last first. */
function removablePaths(q: Query): Path[] {
  const paths: Path[] = [];
  walk(q.subject as unknown as Json, ["subject"], paths, (p) => p.length > 2 || p[1] !== "kind");
  // The API server always sets kubernetes.io/metadata.name: the reduced cluster keeps it.
  const realistic = (p: Path) => p.at(-1) !== "kubernetes.io/metadata.name";
  walk(q.cluster as unknown as Json, ["cluster"], paths, realistic);
  for (const which of ["object", "oldObject"] as const) {
    const labels = (q.request[which] as { metadata?: { labels?: Json } } | null | undefined)?.metadata?.labels;
    if (labels) walk(labels, ["request", which, "metadata", "labels"], paths, realistic, true);
  }
  return paths.reverse();
}

function walk(node: Json, at: Path, out: Path[], allowed: (p: Path) => boolean, top = false): void {
  if (top && node !== null && typeof node === "object" && !Array.isArray(node)) {
    for (const k of Object.keys(node)) if (allowed([...at, k])) out.push([...at, k]);
    return;
  }
  if (Array.isArray(node)) {
    node.forEach((child, i) => {
      const p = [...at, i];
      out.push(p);
      walk(child, p, out, allowed);
    });
  } else if (node !== null && typeof node === "object") {
    for (const [k, child] of Object.entries(node)) {
      const p = [...at, k];
      if (allowed(p)) out.push(p);
      walk(child, p, out, allowed);
    }
  }
}

function removeAt(q: Query, path: Path): Query | undefined {
  const copy = structuredClone(q) as unknown as { [k: string]: Json };
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) {
    if (parent === null || typeof parent !== "object") return undefined;
    parent = (parent as Record<string | number, Json>)[key as never] ?? null;
  }
  const last = path.at(-1);
  if (parent === null || typeof parent !== "object" || last === undefined) return undefined;
  if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete (parent as Record<string, Json>)[String(last)];
  return copy as unknown as Query;
}
