// The names every probe object carries: the run's and batch's labels, a query's probe names and
// tags, and the keys a probe's own requests and objects are marked with.

export const runLabel = "matchconform.dev/run";
export const batchLabel = "matchconform.dev/batch";
export const admissionPath = "/apis/admissionregistration.k8s.io/v1";
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
