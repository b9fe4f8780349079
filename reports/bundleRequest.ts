// A bundle's query realised with its own names, for a person to apply: what the cluster must hold
// (a CRD, namespaces with their labels, the stored object an UPDATE, DELETE or subresource request
// acts on), the body to send and the kubectl command that sends it dry-run. It follows the
// apiserver oracle (oracles/apiserver/batch/prepareQuery.ts, request/resources.ts), whose reasons say when no
// real server can be asked the query; unlike the oracle it renames nothing.

import type { NotReproducible, NotReproducibleKind } from "../oracles/apiserver/batch/notReproducible.ts";
import { whyUnrealInput } from "../oracles/apiserver/batch/notReproducible.ts";
import { prepare } from "../oracles/apiserver/batch/prepareQuery.ts";
import { bodyOf, oldName, withoutNameLabel } from "../oracles/apiserver/request/body.ts";
import type { CustomResource } from "../oracles/apiserver/request/customResources.ts";
import { crdManifest, crdName, customResourceFor } from "../oracles/apiserver/request/customResources.ts";
import type { Realisable } from "../oracles/apiserver/request/realisation.ts";
import { isNamespaceResource } from "../oracles/apiserver/request/rename.ts";
import { realisable, restPath } from "../oracles/apiserver/request/resources.ts";
import type { AdmissionRequest } from "../oracles/contract/kube.ts";
import type { Query } from "../oracles/contract/query.ts";
import { subjectKinds } from "../oracles/contract/subject.ts";
import { shq } from "./escape.ts";

type Obj = Record<string, unknown>;

export const reproductionLabel = { "matchconform.dev/reproduction": "true" };

export type Realised =
  | {
      readonly reproducible: true;
      /** The CustomResourceDefinition, applied (and established) before anything else. */
      readonly crd?: { readonly name: string; readonly manifest: Obj };
      /** Namespaces, ServiceAccounts and the stored object, in the order they are applied. */
      readonly objects: readonly Obj[];
      /** The body of the request, if it has one (object.json). */
      readonly body?: Obj;
      /** The kubectl command that sends the request dry-run, with the bundle's own names. */
      readonly command: string;
      readonly why?: never;
    }
  | { readonly reproducible: false; readonly why: string; readonly kind: NotReproducibleKind };

/**
 * The oracle's reason that no real server can be asked q, or undefined: an input no cluster sends
 * (whatever else the oracle could not do with it), or a real request it cannot observe.
 */
export function whyNotReproducible(
  q: Query,
  expectsInvalid: boolean,
  expectsError = false,
): NotReproducible | undefined {
  const w = prepare(q, { runId: "bundle", batch: "1", id: "1" }, q.kubernetesVersion, subjectKinds);
  if (w.state === "probe")
    return expectsError && isWebhook(q) ? { kind: "unobservable", why: webhookErrorUnread } : undefined;
  // An invalid subject shows when it is applied: the request need not be sendable.
  if (w.state === "invalid?" && expectsInvalid) return undefined;
  const unreal = whyUnrealInput(q);
  if (unreal !== undefined) return { kind: "unreal-input", why: unreal };
  const why =
    w.answer.answer === "skipped" ? w.answer.message : "the apiserver oracle cannot put this query to a server";
  return { kind: "unobservable", why };
}

/**
 * A webhook's failure before it is called (its namespaceSelector's lookup, k8s.io/apiserver
 * pkg/admission/plugin/webhook/generic/webhook.go ShouldCallHook; its matchConditions) comes back
 * as a status that names no webhook: seen on a cluster-scoped custom resource named namespaces, a
 * 500 "resource name may not be empty", which the probe cannot tell from any other failure.
 */
const webhookErrorUnread =
  "a webhook's failure before it is called (its namespaceSelector's lookup, its matchConditions) comes back as a status that names no webhook, so the apiserver oracle cannot tell it is its probe's";

const isWebhook = (q: Query) => q.subject.kind === "ValidatingWebhook" || q.subject.kind === "MutatingWebhook";

export function realise(q: Query, expectsInvalid: boolean, expectsError = false): Realised {
  const not = whyNotReproducible(q, expectsInvalid, expectsError);
  if (not !== undefined) return { reproducible: false, why: not.why, kind: not.kind };
  const req = q.request;
  const custom = customResourceFor(q, "bundle");
  const real = custom?.ok ? { ok: true as const, r: custom.r } : realisable(req);
  if (!real.ok) return { reproducible: true, objects: namespaces(q, undefined), command: "" }; // invalid subject only
  const r = real.r;
  const stored = storedObject(req, r);
  const { body, command } = request(req, r, stored);
  return {
    reproducible: true,
    ...(custom?.ok && { crd: crdOf(custom.crd) }),
    objects: [...namespaces(q, r), ...(stored ? [stored] : [])],
    ...(body && { body }),
    command,
  };
}

/** The CRD in the case's own group (the oracle gives each query a group of its own). */
function crdOf(c: CustomResource): { name: string; manifest: Obj } {
  const own = { ...c, realGroup: c.group };
  return { name: crdName(own), manifest: crdManifest(own, reproductionLabel) };
}

/** The namespaces with the case's labels, and the `default` ServiceAccount pods need. */
function namespaces(q: Query, r: Realisable | undefined): Obj[] {
  const req = q.request;
  const out: Obj[] = [];
  for (const [name, labels] of Object.entries(q.cluster.namespaces ?? {})) {
    // The namespace under request is the request's own object, or the stored one.
    if (isNamespaceResource(req) && name === req.namespace) continue;
    out.push({
      apiVersion: "v1",
      kind: "Namespace",
      metadata: { name, labels: { ...withoutNameLabel(labels), ...reproductionLabel } },
    });
    // A cluster with a controller manager makes it; a bare kube-apiserver does not.
    if (r?.needsServiceAccount && name === req.namespace)
      out.push({ apiVersion: "v1", kind: "ServiceAccount", metadata: { name: "default", namespace: name } });
  }
  return out;
}

/** The object an UPDATE, DELETE or subresource request acts on, as the oracle stores it. */
function storedObject(req: AdmissionRequest, r: Realisable): Obj | undefined {
  const sub = r.sub;
  if (sub?.parent === "minimal") return bodyOf(req, { metadata: { name: req.name } }, r);
  if (sub?.parent === "old" || (sub === undefined && (req.operation === "UPDATE" || req.operation === "DELETE")))
    return bodyOf(req, req.oldObject, r);
  return undefined;
}

/** The object under request as kubectl names it: resource[.version.group] name [-n namespace]. */
function target(req: AdmissionRequest, r: Realisable, ns: string): string {
  const group = req.resource.group ? `.${req.resource.version}.${req.resource.group}` : "";
  return `${shq(`${req.resource.resource}${group}`)} ${shq(req.name ?? "")}${r.namespaced ? ` -n ${shq(ns)}` : ""}`;
}

/** A merge patch's map from what is stored to what is wanted: removed keys become null. */
function changes(had: unknown, want: unknown): Record<string, string | null> {
  const w = (want ?? {}) as Record<string, string>;
  const removed = Object.keys((had ?? {}) as object).filter((k) => !(k in w));
  return { ...Object.fromEntries(removed.map((k) => [k, null])), ...w };
}

const queryString = (q: Readonly<Record<string, string>>) =>
  Object.entries(q)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join("&");

function request(req: AdmissionRequest, r: Realisable, stored: Obj | undefined): { body?: Obj; command: string } {
  const ns = r.namespaced ? (req.namespace ?? "") : "";
  const sub = r.sub;
  if (sub !== undefined) {
    const s = sub.send(req, stored);
    const url = `${restPath(req.resource, r.namespaced, ns, req.name)}/${sub.name}?${queryString(s.query)}`;
    const verb = s.method === "PUT" ? "replace" : "create";
    // A CONNECT takes no dry-run: it goes to a parent that does not exist, and stops after admission with 404.
    return s.body === undefined
      ? { command: `kubectl ${verb} --raw ${shq(url)} -f /dev/null` }
      : { body: s.body, command: `kubectl ${verb} --raw ${shq(url)} -f object.json` };
  }
  switch (req.operation) {
    case "CREATE":
      return { body: bodyOf(req, req.object, r), command: "kubectl create --dry-run=server -o yaml -f object.json" };
    case "UPDATE": {
      // The stored object with the new object's labels and annotations, as the oracle sends it: a
      // merge patch (a replace would have to repeat every field the server defaulted).
      const want = (req.object?.metadata ?? {}) as Obj;
      const had = (stored?.metadata ?? {}) as Obj;
      const labels = (want.labels ?? {}) as Record<string, string>;
      const metadata = {
        labels: changes(had.labels, r.kind === "Namespace" ? withoutNameLabel(labels) : labels),
        annotations: changes(had.annotations, want.annotations),
      };
      return {
        command: `kubectl patch --dry-run=server -o yaml --type merge -p ${shq(JSON.stringify({ metadata }))} ${target(req, r, ns)}`,
      };
    }
    case "DELETE": {
      if ((req.name ?? "") !== "") return { command: `kubectl delete --dry-run=server ${target(req, r, ns)}` };
      // A deletecollection's item, admitted under the collection's name "": the one stored object, by name.
      const q = { dryRun: "All", fieldSelector: `metadata.name=${oldName(req)}` };
      return {
        command: `kubectl delete --raw ${shq(`${restPath(req.resource, r.namespaced, ns)}?${queryString(q)}`)}`,
      };
    }
    case "CONNECT":
      return { command: "" }; // realisable() sends CONNECT through a subresource only
  }
}
