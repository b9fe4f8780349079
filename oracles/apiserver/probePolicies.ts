// The ValidatingAdmissionPolicy and binding that observe one query's decision without side
// effects: a `false` validation whose message reports the matched resource and kind, Warn only,
// confined by matchConditions to the query's own impersonated user.
import type { Subject } from "../contract/subject.ts";

export const runLabel = "matchconform.dev/run";
export const batchLabel = "matchconform.dev/batch";
export const admissionPath = "/apis/admissionregistration.k8s.io/v1";

type Obj = Record<string, unknown>;

export interface ProbeNames {
  readonly runId: string;
  readonly batch: string;
  /** The query's id within the run. */
  readonly id: string;
}

export const policyName = (p: ProbeNames) => `mc-${p.runId}-${p.id}`;
export const probeUser = (p: ProbeNames) => `mc:${p.runId}:${p.id}`;
export const labels = (p: Omit<ProbeNames, "id">) => ({ [runLabel]: p.runId, [batchLabel]: `${p.runId}-${p.batch}` });

/** The policy matching every request, under which a bare MatchResources is realised as the binding's. */
const everything = {
  resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
};

function validations(id: string) {
  const gvr = (v: string, last: string) => `${v}.group + '/' + ${v}.version + '/' + ${v}.${last}`;
  return [
    {
      expression: "false",
      messageExpression: `'mc|${id}|' + ${gvr("request.resource", "resource")} + '|' + ${gvr("request.kind", "kind")}`,
    },
  ];
}

export interface ProbeManifests {
  readonly policy: Obj;
  /** Undefined for a policy subject without binding: then only the policy exists. */
  readonly binding: Obj | undefined;
}

export function probeManifests(subject: Subject, p: ProbeNames): ProbeManifests {
  const name = policyName(p);
  const metadata = { name, labels: labels(p) };
  const matchConditions = [{ name: "mc-probe", expression: `request.userInfo.username == '${probeUser(p)}'` }];
  const policySpec = (matchConstraints: unknown, failurePolicy: unknown): Obj => ({
    ...(failurePolicy !== undefined && { failurePolicy }),
    ...(matchConstraints !== undefined && { matchConstraints }),
    matchConditions,
    validations: validations(p.id),
  });
  const binding = (matchResources: unknown): Obj => ({
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicyBinding",
    metadata,
    spec: { policyName: name, validationActions: ["Warn"], ...(matchResources !== undefined && { matchResources }) },
  });
  const policy = (spec: Obj): Obj => ({
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicy",
    metadata,
    spec,
  });
  switch (subject.kind) {
    case "MatchResources":
      return { policy: policy(policySpec(everything, "Fail")), binding: binding(subject.matchResources) };
    case "ValidatingAdmissionPolicy":
      return {
        policy: policy(policySpec(subject.policy.matchConstraints, subject.policy.failurePolicy)),
        binding: subject.binding && binding(subject.binding.matchResources),
      };
    default:
      throw new Error(`the apiserver oracle does not realise ${subject.kind} subjects`);
  }
}

/** The sentinel of a batch: matches ConfigMap creates of its own user only; created last. */
export function sentinelManifests(p: Omit<ProbeNames, "id">): {
  policy: Obj;
  binding: Obj;
  user: string;
  name: string;
} {
  const name = `mc-${p.runId}-sentinel-${p.batch}`;
  const user = `mc:${p.runId}:sentinel-${p.batch}`;
  const metadata = { name, labels: labels(p) };
  return {
    name,
    user,
    policy: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicy",
      metadata,
      spec: {
        failurePolicy: "Ignore",
        matchConstraints: {
          resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
        },
        matchConditions: [{ name: "mc-sentinel", expression: `request.userInfo.username == '${user}'` }],
        validations: [{ expression: "false", message: `mc-sentinel|${p.batch}` }],
      },
    },
    binding: {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicyBinding",
      metadata,
      spec: { policyName: name, validationActions: ["Warn"] },
    },
  };
}

/** The decision reported by a probe's warning, if the warning is this probe's. */
export function parseProbeWarning(
  warnings: readonly string[],
  p: ProbeNames,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  const prefix = `Validation failed for ValidatingAdmissionPolicy '${policyName(p)}' with binding '${policyName(p)}': mc|${p.id}|`;
  const w = warnings.find((x) => x.startsWith(prefix));
  if (w === undefined) return undefined;
  const [res, kind] = w.slice(prefix.length).split("|");
  const three = (s: string | undefined) => {
    const parts = (s ?? "").split("/");
    return [parts[0] ?? "", parts[1] ?? "", parts.slice(2).join("/")] as [string, string, string];
  };
  return { resource: three(res), kind: three(kind) };
}
