// Every field, list item, namespace and label that a query could do without, each as a move that
// takes it away: whole subtrees before their parts, so that a selector goes in one call rather than
// one requirement at a time.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Move } from "../move.ts";

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = readonly (string | number)[];

export function removals(q: Query): Move[] {
  const moves: Move[] = [];
  for (const path of removablePaths(q)) {
    const query = removeAt(q, path);
    if (query) moves.push({ what: `without ${path.join(".")}`, query, removes: true });
  }
  return moves;
}

/** Paths whose removal may keep the query well-formed, shallowest first. */
function removablePaths(q: Query): Path[] {
  const paths: Path[] = [];
  walk(q.subject as unknown as Json, ["subject"], paths, (p) => (p.length > 2 || p[1] !== "kind") && !lastRule(q, p));
  // The API server always sets kubernetes.io/metadata.name: the reduced cluster keeps it. The
  // request's own namespace stays if it exists: a namespace missing on purpose is another case.
  const realistic = (p: Path) => p.at(-1) !== "kubernetes.io/metadata.name";
  const own = q.request.namespace ?? "";
  const keepsOwn = (p: Path) =>
    realistic(p) &&
    !(
      own !== "" &&
      q.cluster.namespaces?.[own] !== undefined &&
      p.length <= 3 &&
      (p[2] === undefined || p[2] === own) &&
      p[1] === "namespaces"
    );
  walk(q.cluster as unknown as Json, ["cluster"], paths, keepsOwn);
  for (const which of ["object", "oldObject"] as const) {
    const labels = (q.request[which] as { metadata?: { labels?: Json } } | null | undefined)?.metadata?.labels;
    if (labels) walk(labels, ["request", which, "metadata", "labels"], paths, realistic, true);
  }
  return paths.sort((a, b) => a.length - b.length);
}

/**
 * The last include rule stays: a canonical subject has one rule, and MatchResources without rules
 * matches everything, which is another behaviour, not a simpler one. An empty list may go.
 */
function lastRule(q: Query, p: Path): boolean {
  const at = p.at(-1);
  const listPath = typeof at === "number" ? p.slice(0, -1) : p;
  if (listPath.at(-1) !== "resourceRules") return false;
  let node: unknown = q;
  for (const key of listPath) node = (node as Record<string | number, unknown> | undefined)?.[key];
  if (!Array.isArray(node)) return false;
  return typeof at === "number" ? node.length === 1 : node.length > 0;
}

function walk(node: Json, at: Path, out: Path[], allowed: (p: Path) => boolean, top = false): void {
  if (top && node !== null && typeof node === "object" && !Array.isArray(node)) {
    for (const k of Object.keys(node)) if (allowed([...at, k])) out.push([...at, k]);
    return;
  }
  if (Array.isArray(node)) {
    // Last first: removing a later item keeps the earlier items' indexes, as reports name them.
    for (let i = node.length - 1; i >= 0; i--) {
      const p = [...at, i];
      if (allowed(p)) out.push(p);
      walk(node[i] as Json, p, out, allowed);
    }
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
