// The decision a probe reply reports: the probe's warning (policies, webhooks), the annotation
// a mutating probe wrote, or the status of an error that names the probe.
import type { Answer } from "../../adapters/matcher.ts";
import type { Subject } from "../../contract/subject.ts";
import { bindingName, policyName as modelPolicyName } from "../../model/admissionPolicy.ts";
import type { Reply } from "../controlPlane/kubeHttp.ts";
import { ok, statusMessage } from "../controlPlane/kubeHttp.ts";
import { originalNames } from "../request/rename.ts";
import { confinement, unconfine } from "../subject/confinement.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";
import type { ProbeNames } from "./names.ts";
import { denyingPolicyName, policyName, webhookName, webhookTag } from "./names.ts";
import {
  parseMutatingParams,
  parseMutatingProbe,
  parseProbeDenial,
  parseProbeParams,
  parseProbeWarning,
  parseWebhookWarning,
} from "./probeMarks.ts";

/** The messages of the 404 a server answers for a path nothing serves (a Status, or Go's plain NotFoundHandler). */
const unservedMessages = ["the server could not find the requested resource", "404 page not found"];

/** What the server decided, from the probe's reply. */
export function readOutcome(r: Reply, names: ProbeNames, subject: Subject, withParams = false): Answer {
  const kind = subject.kind;
  const isWebhook = kind === "ValidatingWebhook" || kind === "MutatingWebhook";
  const seen = isWebhook
    ? parseWebhookWarning(r.warnings, names)
    : kind === "MutatingAdmissionPolicy"
      ? parseMutatingProbe(r.body, webhookTag(names))
      : (parseProbeWarning(r.warnings, names) ??
        (r.status === 422 ? parseProbeDenial(statusMessage(r), names) : undefined));
  // A condition's error for any param decides the request: the denying policy's 422 (subject/policyProbe.ts).
  const denying = denyingPolicyName(names);
  if (!ok(r) && statusMessage(r).includes(`'${denying}'`))
    return { answer: "outcome", outcome: { outcome: "error", code: r.status, message: statusMessage(r) } };
  // A bare MatchResources is the binding's, under a policy matching everything exactly: the server
  // reports the policy's matched resource (the request's own), never the binding's equivalent.
  if (seen && kind === "MatchResources") return { answer: "outcome", outcome: { outcome: "match" } };
  if (seen) {
    const [g, v, res] = seen.resource;
    const [kg, kv, k] = seen.kind;
    // A policy that ran with param objects lists them; one that ran once without any does not.
    const ran = kind === "MutatingAdmissionPolicy" ? parseMutatingParams(r.body, webhookTag(names)) : undefined;
    const params = withParams ? (ran ?? parseProbeParams(r.warnings, names)).filter((x) => x !== "") : [];
    return {
      answer: "outcome",
      outcome: {
        outcome: "match",
        matchedResource: { group: g, version: v, resource: res },
        matchedKind: { group: kg, version: kv, kind: k },
        ...(params.length > 0 && { params }),
      },
    };
  }
  const message = statusMessage(r);
  const own = isWebhook ? webhookName(names) : policyName(names);
  // A webhook's condition error names no webhook, but the probe's confined expression.
  const mentionsOwn =
    message.includes(`'${own}'`) || message.includes(`"${own}"`) || message.includes(`${confinement(names)} && (`);
  // The policy matched an equivalent of another version, and applying its mutation there failed
  // (seen on v1.37.2 for autoscaling/v2 HPAs matched as autoscaling/v1: "converting
  // (v1.HorizontalPodAutoscaler) to (v2.HorizontalPodAutoscaler): unknown conversion"; for core
  // v1 events matched as events.k8s.io/v1: "v1.Event is not suitable for converting to "v1""). A mutation
  // is only applied after a match, so the match happened; which equivalent cannot be read back.
  if (
    kind === "MutatingAdmissionPolicy" &&
    mentionsOwn &&
    /denied request: .*(: unknown conversion|is not suitable for converting)/.test(message)
  )
    return { answer: "outcome", outcome: { outcome: "match" } };
  if (!ok(r) && mentionsOwn) return { answer: "outcome", outcome: { outcome: "error", code: r.status, message } };
  if (ok(r)) return { answer: "outcome", outcome: { outcome: "noMatch" } };
  // The 404 of a path nothing serves (no such group, version or resource): the request never
  // reached admission.
  if (r.status === 404 && unservedMessages.includes(message.trim()))
    return skipped(`the server does not serve the request's resource at its version: HTTP 404, ${message}`);
  return skipped(`the probe failed with HTTP ${r.status} before a decision could be read: ${message}`);
}

/**
 * An answer's message as the case would read it: the probe's confined expressions, its policy,
 * binding and webhook names, and the query's unique names put back as the subject and the case
 * state them (the model names a policy subject-policy, its binding subject-binding).
 */
export function answerAsCase(a: Answer, w: Pick<Work, "names" | "query" | "renamed" | "params">): Answer {
  const back = (m: string) => {
    let out = originalNames(m, w.renamed);
    for (const [group, real] of w.params?.groups ?? []) out = out.split(real).join(group);
    return out;
  };
  if (a.answer === "outcome" && a.outcome.outcome === "match" && a.outcome.params)
    return { ...a, outcome: { ...a.outcome, params: a.outcome.params.map(back) } };
  if (a.answer !== "outcome" || (a.outcome.outcome !== "error" && a.outcome.outcome !== "invalid")) return a;
  const s = w.query.subject;
  const conditions = "policy" in s ? s.policy.matchConditions : "webhook" in s ? s.webhook.matchConditions : undefined;
  const own = policyName(w.names);
  const m = unconfine(a.outcome.message, conditions, w.names)
    .split(denyingPolicyName(w.names))
    .join(own)
    .split(`'${own}' with binding '${own}'`)
    .join(`'${modelPolicyName}' with binding '${bindingName}'`)
    .split(`'${own}'`)
    .join(`'${modelPolicyName}'`)
    .split(`"${own}"`)
    .join(`"${modelPolicyName}"`);
  return { ...a, outcome: { ...a.outcome, message: back(m) } };
}
