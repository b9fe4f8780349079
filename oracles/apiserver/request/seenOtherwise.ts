// What of a query's request the server sees otherwise than the case states it, as paths a
// matchCondition could read: the renamed namespace and names, the probe's own user, dryRun (every
// probe request is a dry run), what the server sets on an object (metadata it owns, status,
// defaults), what the oracle fills in for validation, and of the param objects their renamed
// namespace and group and the metadata the server sets. A condition reading any of it is skipped.

import { isBuiltinGroup } from "../../contract/features.ts";
import type { AdmissionRequest, MatchCondition } from "../../contract/kube.ts";
import type { Query } from "../../contract/query.ts";
import { bodyOf } from "./body.ts";
import { overlaps, readPaths } from "./conditionReads.ts";
import type { Realisable } from "./realisation.ts";
import { isNamespaceResource, nameLabel } from "./rename.ts";

type Path = readonly string[];

/** The metadata the server sets itself (rest.FillObjectMetaSystemFields, the store, field managers). */
const serverMetadata = ["uid", "creationTimestamp", "resourceVersion", "generation", "managedFields", "selfLink"];

export interface SeenOtherwise {
  readonly path: Path;
  readonly why: string;
  /** The value differs, but the field is there exactly when the case has it (a renamed name): `has()` of it reads the same. */
  readonly present?: true;
}

/** The paths whose values differ on the server; `user` is what of request.userInfo differs. */
export function seenOtherwise(
  q0: Query,
  renamed: Query,
  r: Realisable,
  user: readonly SeenOtherwise[],
): SeenOtherwise[] {
  const req0 = q0.request;
  const req = renamed.request;
  const out: SeenOtherwise[] = [
    ...user,
    { path: ["request", "dryRun"], why: "every probe request is a dry run (dryRun: true)" },
    { path: ["request", "options"], why: "the server passes the operation's options" },
  ];
  out.push(...paramsSeenOtherwise(q0));
  if (req.namespace !== req0.namespace)
    out.push({ path: ["request", "namespace"], why: "the namespace is renamed for the query", present: true });
  if (req.name !== req0.name)
    out.push({ path: ["request", "name"], why: "the name is renamed for the query", present: true });
  for (const root of ["object", "oldObject"] as const) {
    if ((req.subResource ?? "") !== "") {
      out.push({ path: [root], why: "a subresource's objects are the server's own" });
      continue;
    }
    const stated = req0[root];
    if (stated === undefined || stated === null) {
      if (root === "oldObject" && req.operation !== "CREATE")
        out.push({ path: [root], why: "the server's stored object is what the case leaves out" });
      continue;
    }
    for (const f of serverMetadata) out.push({ path: [root, "metadata", f], why: `the server sets metadata.${f}` });
    out.push({ path: [root, "status"], why: "the server's strategies reset or set status" });
    if (isNamespaceResource(req))
      out.push({
        path: [root, "metadata", "labels"],
        why: "a namespace's labels carry its renamed name and the run's labels",
      });
    else if (metadataOf(stated).labels?.[nameLabel] !== undefined)
      out.push({ path: [root, "metadata", "labels", nameLabel], why: "the name label is renamed" });
    // What is sent: the case's object (a CREATE), or the stored old object (an UPDATE sends it with the case's labels).
    const source = root === "object" && req.operation === "CREATE" ? req[root] : req.oldObject;
    const sent = source === undefined || source === null ? {} : bodyOf(req, source, r);
    const given = stated as Record<string, unknown>;
    const sentMd = (sent.metadata ?? {}) as Record<string, unknown>;
    const givenMd = (given.metadata ?? {}) as Record<string, unknown>;
    for (const f of ["name", "namespace", "generateName"])
      if (sentMd[f] !== givenMd[f])
        out.push({
          path: [root, "metadata", f],
          why: `the object sent has another metadata.${f} (renamed, set or generated)`,
        });
    for (const k of new Set([...Object.keys(sent), ...Object.keys(given)])) {
      if (k === "metadata") continue;
      if (JSON.stringify(sent[k]) !== JSON.stringify(given[k]))
        out.push({ path: [root, k], why: `the object sent carries another ${k} than the case's` });
      else if (k === "spec" && isBuiltinGroup(req.resource.group))
        out.push({ path: [root, k], why: "the server defaults a built-in kind's spec" });
    }
  }
  return out;
}

/**
 * What of the param objects (request/paramObjects.ts) a condition reads otherwise on the server:
 * the metadata the server sets, a namespace renamed for the query, and a custom kind's apiVersion,
 * whose group is realised as a CRD group of the run's or the query's own. Only a binding's
 * paramRef hands a policy with a paramKind any: without either, `params` is null on both.
 */
function paramsSeenOtherwise(q0: Query): SeenOtherwise[] {
  const s = q0.subject as { policy?: { paramKind?: unknown }; binding?: { paramRef?: unknown } };
  const params = q0.cluster.params ?? [];
  const given = (x: unknown) => x !== undefined && x !== null;
  if (params.length === 0 || !given(s.policy?.paramKind) || !given(s.binding?.paramRef)) return [];
  const out: SeenOtherwise[] = serverMetadata.map((f) => ({
    path: ["params", "metadata", f],
    why: `the server sets a param object's metadata.${f}`,
  }));
  if (params.some((o) => typeof o.metadata?.namespace === "string"))
    out.push({
      path: ["params", "metadata", "namespace"],
      why: "a param object's namespace is renamed for the query",
      present: true,
    });
  if (params.some((o) => !(o.apiVersion === "v1" && o.kind === "ConfigMap")))
    out.push({
      path: ["params", "apiVersion"],
      why: "a custom param kind is realised as a CRD group of the run's or the query's own",
      present: true,
    });
  return out;
}

function metadataOf(o: AdmissionRequest["object"]): { labels?: Record<string, string> } {
  return ((o ?? {}) as { metadata?: { labels?: Record<string, string> } }).metadata ?? {};
}

/** Why a condition cannot be put to the server (it reads what the server sees otherwise), or undefined. */
export function conditionSeesOtherwise(
  conditions: readonly MatchCondition[],
  differs: readonly SeenOtherwise[],
): string | undefined {
  for (const c of conditions) {
    const reads = readPaths(c.expression ?? "");
    if (reads === undefined) continue; // does not parse: the server's validation answers it
    for (const { path, presence } of reads)
      for (const d of differs)
        if (overlaps(path, d.path) && !(presence && d.present && path.length === d.path.length))
          return `matchCondition ${JSON.stringify(c.name ?? "")} reads ${path.join(".")}, which the server sees otherwise: ${d.why}`;
  }
  return undefined;
}
