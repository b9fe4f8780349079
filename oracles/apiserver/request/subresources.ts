// How each kind of subresource request is sent: a PUT of the stored parent (status, finalize), a
// Scale, a CREATE on a stored parent (eviction, binding), or a CONNECT to a parent that does not exist.
import type { AdmissionRequest } from "../../contract/kube.ts";
import type { Subresource } from "./realisation.ts";

type Obj = Record<string, unknown>;

const dryRun = { dryRun: "All" };
const labelsOf = (o: AdmissionRequest["object"]) =>
  JSON.stringify(((o?.metadata ?? {}) as { labels?: unknown }).labels ?? {});

/** PUT the stored parent back to /status (or /finalize): status strategies reset metadata to the old object's. */
export const putParent = (kind: Subresource["kind"]): Subresource => ({
  kind,
  operation: "UPDATE",
  parent: "old",
  sameAsCase: (req) =>
    labelsOf(req.object) === labelsOf(req.oldObject)
      ? undefined
      : "the object changes labels, but a status update's strategy (metav1.ResetObjectMetaForStatus) puts the old labels back before validating admission sees it",
  send: (_req, parent) => ({ method: "PUT", query: dryRun, body: parent ?? {} }),
});

const noLabels = (what: string) => (req: AdmissionRequest) =>
  labelsOf(req.object) === "{}" && labelsOf(req.oldObject) === "{}"
    ? undefined
    : `the case gives the ${what} labels, but the server builds the ${what} itself, without them`;

export const scale: Subresource = {
  kind: { group: "autoscaling", version: "v1", kind: "Scale" },
  operation: "UPDATE",
  parent: "minimal",
  sameAsCase: noLabels("Scale"),
  send: (req) => ({
    method: "PUT",
    query: dryRun,
    body: {
      apiVersion: "autoscaling/v1",
      kind: "Scale",
      metadata: { name: req.name, ...(req.namespace && { namespace: req.namespace }) },
      spec: { replicas: 1 },
    },
  }),
};

/** CONNECT without dry-run (connect takes none) to a parent that does not exist. */
export const connect = (kind: string, query: Readonly<Record<string, string>>): Subresource => ({
  kind: { group: "", version: "v1", kind },
  operation: "CONNECT",
  parent: "none",
  send: () => ({ method: "POST", query }),
});

export const createOn = (kind: Subresource["kind"], body: (req: AdmissionRequest) => Obj): Subresource => ({
  kind,
  operation: "CREATE",
  parent: "minimal",
  send: (req) => {
    const b = body(req);
    const labels = ((req.object?.metadata ?? {}) as { labels?: Obj }).labels;
    return {
      method: "POST",
      query: dryRun,
      body: labels ? { ...b, metadata: { ...(b.metadata as Obj), labels } } : b,
    };
  },
});
