// The object a probe request sends: the case's, completed with what the server's validation needs.
import type { AdmissionRequest } from "../../contract/kube.ts";
import type { Realisable } from "./realisation.ts";
import { nameLabel } from "./rename.ts";

/** The old object's own name ("" when it has none). */
export function oldName(req: AdmissionRequest): string {
  const n = ((req.oldObject?.metadata ?? {}) as { name?: unknown }).name;
  return typeof n === "string" ? n : "";
}

/** The object to send: the request's, with apiVersion, kind, namespace and what validation needs. */
export function bodyOf(req: AdmissionRequest, o: AdmissionRequest["object"], r: Realisable): Record<string, unknown> {
  const given = (o ?? {}) as Record<string, unknown>;
  const md = { ...((given.metadata ?? {}) as Record<string, unknown>) };
  delete md.resourceVersion;
  delete md.uid;
  if (r.namespaced) md.namespace = req.namespace;
  else delete md.namespace;
  if (req.name) md.name = req.name;
  else if (!md.generateName) md.generateName = "mc-";
  if (r.kind === "Namespace" && md.labels && req.name)
    md.labels = withoutNameLabel(md.labels as Record<string, string>);
  if (r.emptyMetadata) for (const k of Object.keys(md)) if (k !== "namespace") delete md[k];
  const apiVersion = req.resource.group === "" ? req.resource.version : `${req.resource.group}/${req.resource.version}`;
  return r.fill({ ...given, apiVersion, kind: r.kind, metadata: md }, r.namespaced ? (req.namespace ?? "") : "");
}

/** A namespace's labels without the name label, which the server sets itself. */
export function withoutNameLabel(l: Readonly<Record<string, string>>): Record<string, string> {
  const { [nameLabel]: _, ...rest } = l;
  return rest;
}
