// How one bucket reads, for the report model (reports/causeModel.ts): where it was seen, the
// minimal case's state and summary, and for an invariant both subjects.
import { dump } from "js-yaml";
import type { Query } from "../oracles/contract/query.ts";
import type { Bucket, RunReport } from "./runReport.ts";

/** "corpus 54, generated 119 · Kubernetes 1.37" */
export function seenIn(b: Bucket): string {
  const phases = Object.entries(b.phases)
    .filter(([, n]) => n > 0)
    .map(([p, n]) => `${p} ${n}`)
    .join(", ");
  return `${phases} · Kubernetes ${b.minors.join(", ")} · decided by ${decidedBy(b)}`;
}

/** Who decided what kube-apiserver does: "the model", or where it stops the upstream oracle ("upstream@1.37"). */
export function decidedBy(b: Bucket): string {
  return b.reference === undefined || b.reference === "model" ? "the model" : b.reference;
}

/** "minimal case, 38 lines" or "unreduced (why), 76 lines" */
export function reductionText(b: Bucket): string {
  const r = b.reduction;
  return r.status === "minimal"
    ? `minimal case, ${r.lines} lines`
    : `unreduced case, ${r.lines} lines: ${r.why ?? "not reduced"}`;
}

/** The minimal case in three lines: the subject, the cluster, the request. */
export function caseSummary(q: Query): string[] {
  const flow = (x: unknown) => dump(x, { flowLevel: 0, lineWidth: -1, noRefs: true }).trim();
  const { kind, ...subject } = q.subject;
  const r = q.request;
  const gvr = `${r.resource.group || "core"}/${r.resource.version}/${r.resource.resource}${r.subResource ? `/${r.subResource}` : ""}`;
  // A CREATE without a name is a generateName create; a DELETE without one, a deletecollection's item.
  // Said so: "DELETE …/(no name)" read as a request no cluster sends.
  const unnamed =
    r.operation === "CREATE"
      ? "(generateName)"
      : r.operation === "DELETE"
        ? "(no name: a deletecollection)"
        : "(no name)";
  const where = `${r.namespace ? `${r.namespace}/` : ""}${r.name || unnamed}`;
  const labels = (o: unknown) => (o as { metadata?: { labels?: unknown } } | null | undefined)?.metadata?.labels;
  const shown = (name: string, o: unknown) => {
    if (o === undefined || o === null) return "";
    const l = labels(o);
    return ` ${name} labels ${l === undefined ? "(none)" : flow(l)}`;
  };
  return [
    `${kind} ${flow(subject)}`,
    `cluster ${flow(q.cluster)}`,
    `${r.operation} ${gvr} ${where}${shown("object", r.object)}${shown("oldObject", r.oldObject)} (Kubernetes ${q.kubernetesVersion})`,
  ];
}

/** The two subjects of an invariant's example, as YAML, base first. */
export function subjectsYaml(b: Bucket): [string, string] | undefined {
  const v = b.example.variant;
  if (!v) return undefined;
  const yaml = (x: unknown) => dump(x, { noRefs: true, lineWidth: 100 }).trimEnd();
  return [yaml({ subject: b.example.query.subject }), yaml({ subject: v.query.subject })];
}

/** Invariants never checked in the run (no generated query was a case for them). */
export function neverChecked(r: RunReport): string[] {
  return r.footer.invariants.filter((i) => i.checked === 0 && i.inconclusive === 0).map((i) => i.name);
}
