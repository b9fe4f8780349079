// The names every probe object carries: the run's and batch's labels, a query's probe names and
// tags, and the keys a probe's own requests and objects are marked with.

export const runLabel = "matchconform.dev/run";
export const batchLabel = "matchconform.dev/batch";
export const admissionPath = "/apis/admissionregistration.k8s.io/v1";

/**
 * The versions a server may serve MutatingAdmissionPolicy at, newest first: v1 from 1.36, v1beta1
 * at 1.34-1.35 and v1alpha1 at 1.32-1.33, both behind the MutatingAdmissionPolicy gate and off by
 * default (k8s.io/kubernetes v1.34.4 pkg/registry/admissionregistration/rest/storage_apiserver.go
 * v1alpha1Storage, v1beta1Storage; pkg/controlplane/instance.go, beta and alpha disabled by default).
 */
export const mutatingPolicyVersions = ["v1", "v1beta1", "v1alpha1"] as const;
export type MutatingPolicyVersion = (typeof mutatingPolicyVersions)[number];

export const isMutatingPolicyResource = (what: string) => what.startsWith("mutatingadmissionpolic");

/** Where an admissionregistration collection lives: a mutating policy's at the version the server serves it. */
export const admissionCollection = (what: string, mutating: MutatingPolicyVersion): string =>
  isMutatingPolicyResource(what)
    ? `/apis/admissionregistration.k8s.io/${mutating}/${what}`
    : `${admissionPath}/${what}`;

/** A probe object (written at v1) as the server takes it into `what`: a mutating policy at the version served. */
export function atServedVersion(
  what: string,
  body: Record<string, unknown>,
  mutating: MutatingPolicyVersion,
): Record<string, unknown> {
  return isMutatingPolicyResource(what) ? { ...body, apiVersion: `admissionregistration.k8s.io/${mutating}` } : body;
}
/** The admissionregistration.k8s.io/v1 resources the probes create, bindings before what they bind. */
export const probeResources = [
  "validatingadmissionpolicybindings",
  "validatingadmissionpolicies",
  "validatingwebhookconfigurations",
  "mutatingwebhookconfigurations",
  "mutatingadmissionpolicybindings",
  "mutatingadmissionpolicies",
] as const;

/** The annotation a probe MutatingAdmissionPolicy writes; its value is `mc|<tag>|<resource>|<kind>`. */
export const probeAnnotation = "matchconform.dev/probe";

/** The extra key a probe request carries, its value the probe's tag: what the probe's confinement checks. */
export const probeExtraKey = "matchconform.dev/probe";

/** The label a params probe's objects carry, its value the probe's tag. */
export const probeLabel = "matchconform.dev/probe";

export interface ProbeNames {
  readonly runId: string;
  readonly batch: string;
  /** The query's id within the run. */
  readonly id: string;
}

export const policyName = (p: ProbeNames) => `mc-${p.runId}-${p.id}`;
export const labels = (p: Omit<ProbeNames, "id">) => ({ [runLabel]: p.runId, [batchLabel]: `${p.runId}-${p.batch}` });
/** The name of a probe's second policy, which only denies on a condition's error (see probeManifests). */
export const denyingPolicyName = (p: ProbeNames) => `${policyName(p)}-d`;
export const webhookTag = (p: ProbeNames) => `${p.runId}-${p.id}`;
export const webhookName = (p: ProbeNames) => `p${p.id}.${p.runId}.probe.matchconform.dev`;
export const webhookResource = (kind: "ValidatingWebhook" | "MutatingWebhook") =>
  kind === "ValidatingWebhook" ? "validatingwebhookconfigurations" : "mutatingwebhookconfigurations";
