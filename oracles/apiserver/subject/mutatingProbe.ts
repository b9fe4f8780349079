// The MutatingAdmissionPolicy and binding of a query: an ApplyConfiguration writing the probe's
// annotation, from which the decision is read back off the returned object. With params, the
// mutation runs once per param (k8s.io/apiserver v0.37.2 pkg/admission/plugin/policy/mutating
// dispatcher.go dispatchInvocations: one invocation per param, each patching the object the
// previous one left, versionedAttr.UpdateObject), so each run appends its param to the value
// the run before wrote: the annotation lists every param the mutation ran with.
import type { ParamKind, ParamRef } from "../../contract/kube.ts";
import type { Subject } from "../../contract/subject.ts";
import type { ProbeNames } from "../probe/names.ts";
import { labels, policyName, probeAnnotation, webhookTag } from "../probe/names.ts";
import { confined, labelledOnly, probeConditions } from "./confinement.ts";
import type { ProbeManifests } from "./policyProbe.ts";
import { paramOfRun } from "./policyProbe.ts";

type Obj = Record<string, unknown>;

/**
 * The MutatingAdmissionPolicy and binding of a query: an ApplyConfiguration writing probeAnnotation.
 * `params`: the realised paramKind and paramRef (request/paramObjects.ts). `labelled`: the policy
 * and binding also select the probe's own labelled objects (confinement.ts labelledOnly; Work.labelled),
 * always with params, since a params error comes before any matchCondition, as for a validating probe.
 */
export function mutatingProbeManifests(
  subject: Subject,
  p: ProbeNames,
  verbatim = false,
  params: { readonly paramKind?: ParamKind; readonly paramRef?: ParamRef } = {},
  onDelete = false,
  labelled = params.paramKind !== undefined,
): ProbeManifests {
  if (subject.kind !== "MutatingAdmissionPolicy") throw new Error(`not a MutatingAdmissionPolicy: ${subject.kind}`);
  const name = policyName(p);
  const metadata = { name, labels: labels(p) };
  const withParams = params.paramKind !== undefined;
  const confineByLabel = labelled && !verbatim;
  const constraints = subject.policy.matchConstraints;
  const bound = subject.binding?.matchResources;
  const deleteProbe = onDelete && !verbatim;
  const conditions = probeConditions(subject.policy.matchConditions, p, verbatim);
  return {
    policy: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicy",
      metadata,
      spec: {
        ...(deleteProbe
          ? { failurePolicy: "Fail" }
          : subject.policy.failurePolicy !== undefined && { failurePolicy: subject.policy.failurePolicy }),
        ...(confineByLabel
          ? { matchConstraints: labelledOnly(constraints, p) }
          : constraints !== undefined && { matchConstraints: constraints }),
        ...(withParams && { paramKind: params.paramKind }),
        matchConditions: deleteProbe
          ? [...conditions, { name: deleteConditionName, expression: confined(deleteCondition, p) }]
          : conditions,
        reinvocationPolicy: "Never",
        mutations: [annotate(webhookTag(p), withParams)],
      },
    },
    binding: subject.binding && {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicyBinding",
      metadata,
      spec: {
        policyName: name,
        ...(confineByLabel
          ? { matchResources: labelledOnly(bound, p) }
          : bound !== undefined && { matchResources: bound }),
        ...(params.paramRef !== undefined && { paramRef: params.paramRef }),
      },
    },
  };
}

/**
 * A DELETE probe's extra condition: it errs (no string ending in 'x' is an int) on the probe's own request, so that
 * under failurePolicy Fail the probe would deny it had the plugin been handed the DELETE and the
 * policy matched (no subject condition false). kube-apiserver's mutating policy plugin is never
 * handed a DELETE (k8s.io/apiserver v0.37.2 pkg/admission/plugin/policy/mutating/plugin.go
 * NewPlugin: admission.NewHandler(Create, Update, Connect)): the request is admitted, and that is
 * the server's noMatch. A denial is read as nothing (sendProbe.ts).
 */
export const deleteConditionName = "mc-probe-delete";
const deleteCondition = "int(request.name + 'x') == 0";

/**
 * The mutation writing `mc|<tag>|<resource>|<kind>` into probeAnnotation; `withParams`: followed by
 * the param of each run (policyProbe.ts paramOfRun) ("" for a run without one), each run appending to
 * what the run before wrote (the value is only taken as written when it is this probe's own).
 */
export function annotate(tag: string, withParams = false): Obj {
  const gvr = (v: string, last: string) => `${v}.group + '/' + ${v}.version + '/' + ${v}.${last}`;
  const first = `'mc|${tag}|' + ${gvr("request.resource", "resource")} + '|' + ${gvr("request.kind", "kind")}`;
  const written = `object.metadata.annotations['${probeAnnotation}']`;
  const before = `(has(object.metadata.annotations) && '${probeAnnotation}' in object.metadata.annotations && ${written}.startsWith('mc|${tag}|') ? ${written} : ${first})`;
  const value = withParams ? `${before} + '|' + ${paramOfRun}` : first;
  return {
    patchType: "ApplyConfiguration",
    applyConfiguration: {
      expression: `Object{metadata: Object.metadata{annotations: {'${probeAnnotation}': ${value}}}}`,
    },
  };
}
