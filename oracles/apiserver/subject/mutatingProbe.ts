// The MutatingAdmissionPolicy and binding of a query: an ApplyConfiguration writing the probe's
// annotation, from which the decision is read back off the returned object.
import type { Subject } from "../../contract/subject.ts";
import type { ProbeNames } from "../probe/names.ts";
import { labels, policyName, probeAnnotation, webhookTag } from "../probe/names.ts";
import { probeConditions } from "./confinement.ts";
import type { ProbeManifests } from "./policyProbe.ts";

type Obj = Record<string, unknown>;

/** The MutatingAdmissionPolicy and binding of a query: an ApplyConfiguration writing probeAnnotation. */
export function mutatingProbeManifests(subject: Subject, p: ProbeNames, verbatim = false): ProbeManifests {
  if (subject.kind !== "MutatingAdmissionPolicy") throw new Error(`not a MutatingAdmissionPolicy: ${subject.kind}`);
  const name = policyName(p);
  const metadata = { name, labels: labels(p) };
  return {
    policy: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicy",
      metadata,
      spec: {
        ...(subject.policy.failurePolicy !== undefined && { failurePolicy: subject.policy.failurePolicy }),
        ...(subject.policy.matchConstraints !== undefined && { matchConstraints: subject.policy.matchConstraints }),
        matchConditions: probeConditions(subject.policy.matchConditions, p, verbatim),
        reinvocationPolicy: "Never",
        mutations: [annotate(webhookTag(p))],
      },
    },
    binding: subject.binding && {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingAdmissionPolicyBinding",
      metadata,
      spec: {
        policyName: name,
        ...(subject.binding.matchResources !== undefined && { matchResources: subject.binding.matchResources }),
      },
    },
  };
}

export function annotate(tag: string): Obj {
  const gvr = (v: string, last: string) => `${v}.group + '/' + ${v}.version + '/' + ${v}.${last}`;
  const value = `'mc|${tag}|' + ${gvr("request.resource", "resource")} + '|' + ${gvr("request.kind", "kind")}`;
  return {
    patchType: "ApplyConfiguration",
    applyConfiguration: {
      expression: `Object{metadata: Object.metadata{annotations: {'${probeAnnotation}': ${value}}}}`,
    },
  };
}
