// The ValidatingAdmissionPolicy and binding that observe one query's decision without side
// effects: a `false` validation whose message reports the matched resource and kind, Warn only,
// confined by matchConditions to the query's own requests (subject/confinement.ts).
import type { ParamKind, ParamRef } from "../../contract/kube.ts";
import type { Subject } from "../../contract/subject.ts";
import type { ProbeNames } from "../probe/names.ts";
import { denyingPolicyName, labels, policyName } from "../probe/names.ts";
import { labelledOnly, probeConditions } from "./confinement.ts";

type Obj = Record<string, unknown>;

/** The policy matching every request, under which a bare MatchResources is realised as the binding's. */
const everything = {
  resourceRules: [{ operations: ["*"], apiGroups: ["*"], apiVersions: ["*"], resources: ["*/*"] }],
};

/**
 * The param of an evaluation as the model names it (params.ts paramName): `<namespace>/<name>`,
 * `<name>` for a cluster-scoped one, "" for an evaluation without a param.
 */
export const paramOfRun =
  "(params == null ? '' : (has(params.metadata.namespace) && params.metadata.namespace != '' ? params.metadata.namespace + '/' : '') + params.metadata.name)";

/**
 * The probe's one validation, `false`, whose message names the matched resource and kind and,
 * for a policy with a paramKind, the param of the evaluation (`<namespace>/<name>`, "" for none):
 * a policy runs once per param, so a Warn binding gives one warning per param.
 */
function validations(id: string, withParams: boolean) {
  const gvr = (v: string, last: string) => `${v}.group + '/' + ${v}.version + '/' + ${v}.${last}`;
  const param = withParams ? ` + '|' + ${paramOfRun}` : "";
  return [
    {
      expression: "false",
      messageExpression: `'mc|${id}|' + ${gvr("request.resource", "resource")} + '|' + ${gvr("request.kind", "kind")}${param}`,
    },
  ];
}

const hasConditions = (s: Subject) => {
  const c = "policy" in s ? s.policy.matchConditions : "webhook" in s ? s.webhook.matchConditions : undefined;
  return Array.isArray(c) && c.length > 0;
};

export interface ProbeManifests {
  readonly policy: Obj;
  /** Undefined for a policy subject without binding: then only the policy exists. */
  readonly binding: Obj | undefined;
}

/**
 * `verbatim`: the subject's conditions as stated, for a dry run asking their validity. A policy with
 * conditions is bound with Deny, so that a condition's error under Fail is the server's own 422
 * (with Warn it would be a warning): the probe's requests are dry runs, a Deny costs nothing. With
 * params too, a Deny would report one param's evaluation only: the probe stays Warn (a warning per
 * param) and a second policy (`denying`), with the same conditions and a `true` validation bound
 * with Deny, denies on a condition's error only. `labelled`: the policy and binding also select the
 * probe's label (confinement.ts labelledOnly; Work.labelled), as a params probe's always do.
 */
export function probeManifests(
  subject: Subject,
  p: ProbeNames,
  verbatim = false,
  params: { readonly paramKind?: ParamKind; readonly paramRef?: ParamRef } = {},
  denying = false,
  labelled = params.paramKind !== undefined,
): ProbeManifests {
  const name = denying ? denyingPolicyName(p) : policyName(p);
  const action = denying || (hasConditions(subject) && params.paramKind === undefined) ? "Deny" : "Warn";
  const metadata = { name, labels: labels(p) };
  const matchConditions = probeConditions(
    subject.kind === "ValidatingAdmissionPolicy" ? subject.policy.matchConditions : undefined,
    p,
    verbatim,
  );
  const confineByLabel = labelled && !verbatim;
  const policySpec = (matchConstraints: unknown, failurePolicy: unknown): Obj => ({
    ...(failurePolicy !== undefined && { failurePolicy }),
    ...(confineByLabel
      ? { matchConstraints: labelledOnly(matchConstraints, p) }
      : matchConstraints !== undefined && { matchConstraints }),
    ...(params.paramKind !== undefined && { paramKind: params.paramKind }),
    matchConditions,
    validations: denying ? [{ expression: "true" }] : validations(p.id, params.paramKind !== undefined),
  });
  const binding = (matchResources: unknown): Obj => ({
    apiVersion: "admissionregistration.k8s.io/v1",
    kind: "ValidatingAdmissionPolicyBinding",
    metadata,
    spec: {
      policyName: name,
      validationActions: [action],
      ...(confineByLabel
        ? { matchResources: labelledOnly(matchResources, p) }
        : matchResources !== undefined && { matchResources }),
      ...(params.paramRef !== undefined && { paramRef: params.paramRef }),
    },
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
      throw new Error(`probeManifests realises policy subjects only, not ${subject.kind}`);
  }
}
