// The permanent sentinel of a param slot (controlPlane/paramSlots.ts), which tells when the
// admission plugins' informer of the slot's kind holds no param. A plugin keeps one param informer
// per paramKind, shared by every policy naming that kind, and stops it only once no policy with a
// binding names it (k8s.io/apiserver v0.37.2 pkg/admission/plugin/policy/generic/policy_source.go
// ensureParamsForPolicyLocked returns the kind's informer from paramsCRDControllers; the clean-up
// of orphaned param informers in calculatePolicyData). The sentinel's policy names the slot's kind
// for the run, so every query the slot serves reads the informer the sentinel reads. Its binding
// selects every param (`selector: {}`) under parameterNotFoundAction Deny: an informer with none
// fails the binding before any condition (policy_dispatcher.go CollectParams, "no params found"),
// which failurePolicy Fail turns into a denial of the sentinel's own request, whatever the
// binding's validationActions (validating/dispatcher.go addConfigError). Its validationActions are
// [Warn], as every probe's: a param it holds is told by a warning, and nothing else is denied. Any
// other answer (the kind unresolved, the informer not synced, a param left, the policy not yet in
// effect) is not it.
// The mutating plugin has an informer of its own (a policy source per plugin): a slot mutating
// probes use has a mutating sentinel too, asked apart (it runs first and would hide the other).
import type { ParamKind } from "../../contract/kube.ts";
import type { Reply } from "../controlPlane/kubeHttp.ts";
import { ok, statusMessage } from "../controlPlane/kubeHttp.ts";
import { probeLabel, runLabel } from "./names.ts";

type Obj = Record<string, unknown>;

export interface SlotSentinel {
  /** What to create, in order: a policy before its binding. */
  readonly objects: readonly { readonly what: string; readonly body: Obj }[];
  /** One dry-run ConfigMap CREATE per plugin, and the policy whose denial it waits for. */
  readonly checks: readonly { readonly body: Obj; readonly policy: string; readonly plugin: "v" | "m" }[];
}

/** The sentinel of slot `index` of the run, for its (realised) param kind; `mutating`: for the mutating plugin too. */
export function slotSentinel(runId: string, index: number, kind: ParamKind, mutating: boolean): SlotSentinel {
  const name = `mc-${runId}-slot-${index}`;
  const metadata = { name, labels: { [runLabel]: runId } };
  const paramRef = { selector: {}, parameterNotFoundAction: "Deny" };
  const match = (plugin: string) => ({
    resourceRules: [{ operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }],
    // Under Fail the binding denies every request it matches while the informer is empty: its own alone.
    objectSelector: { matchLabels: { [probeLabel]: `${name}-${plugin}` } },
  });
  const check = (plugin: "v" | "m") => ({
    policy: name,
    plugin,
    body: {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "mc-slot", labels: { [probeLabel]: `${name}-${plugin}` } },
    },
  });
  const validating = [
    {
      what: "validatingadmissionpolicies",
      body: {
        apiVersion: "admissionregistration.k8s.io/v1",
        kind: "ValidatingAdmissionPolicy",
        metadata,
        spec: {
          failurePolicy: "Fail",
          paramKind: kind,
          matchConstraints: match("v"),
          validations: [{ expression: "false", messageExpression: `'${heldMark}' + params.metadata.name` }],
        },
      },
    },
    {
      what: "validatingadmissionpolicybindings",
      body: {
        apiVersion: "admissionregistration.k8s.io/v1",
        kind: "ValidatingAdmissionPolicyBinding",
        metadata,
        spec: { policyName: name, validationActions: ["Warn"], paramRef },
      },
    },
  ];
  if (!mutating) return { objects: validating, checks: [check("v")] };
  const mutatingObjects = [
    {
      what: "mutatingadmissionpolicies",
      body: {
        apiVersion: "admissionregistration.k8s.io/v1",
        kind: "MutatingAdmissionPolicy",
        metadata,
        spec: {
          failurePolicy: "Fail",
          paramKind: kind,
          matchConstraints: match("m"),
          reinvocationPolicy: "Never",
          mutations: [
            {
              patchType: "ApplyConfiguration",
              applyConfiguration: {
                expression: `Object{metadata: Object.metadata{annotations: {'${heldAnnotation}' + params.metadata.name: 'held'}}}`,
              },
            },
          ],
        },
      },
    },
    {
      what: "mutatingadmissionpolicybindings",
      body: {
        apiVersion: "admissionregistration.k8s.io/v1",
        kind: "MutatingAdmissionPolicyBinding",
        metadata,
        spec: { policyName: name, paramRef },
      },
    },
  ];
  return { objects: [...validating, ...mutatingObjects], checks: [check("v"), check("m")] };
}

/** The param the release of a slot stores after deleting the others, and deletes once it is seen. */
export const slotMark = "mc-slot-mark";
const heldMark = "mc-slot-holds|";
const heldAnnotation = "matchconform.dev/slot-";

/** The check's request answered with the param `name` among the informer's: every event before its creation is in. */
export function provesHeld(r: Reply, plugin: "v" | "m", name: string): boolean {
  if (plugin === "v") return ok(r) && r.warnings.some((w) => w.includes(`${heldMark}${name}`));
  const annotations = (r.body as { metadata?: { annotations?: Record<string, string> } } | undefined)?.metadata
    ?.annotations;
  return ok(r) && annotations?.[`${heldAnnotation}${name}`] === "held";
}

/** The check's request denied by the sentinel's binding for want of params (422 from the validating plugin, 403 the mutating): the informer holds none. */
export function provesEmpty(r: Reply, policy: string): boolean {
  const m = statusMessage(r);
  return !ok(r) && m.includes(`'${policy}' with binding`) && m.includes("no params found");
}
