// The marks a probe leaves in the server's reply (a warning, a denial's message, an annotation on
// the returned object), read back as the resource and kind it matched.
import type { ProbeNames } from "./names.ts";
import { policyName, probeAnnotation, webhookTag } from "./names.ts";

/** The decision a probe MutatingAdmissionPolicy wrote into the returned object, if any. */
export function parseMutatingProbe(
  body: unknown,
  tag: string,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  const v = (body as { metadata?: { annotations?: Record<string, string> } } | undefined)?.metadata?.annotations?.[
    probeAnnotation
  ];
  return v === undefined ? undefined : parseMarked([v], `mc|${tag}|`);
}

/** The params a mutating probe's annotation lists (one per run of its mutation; "" for a run without one). */
export function parseMutatingParams(body: unknown, tag: string): string[] {
  const v = (body as { metadata?: { annotations?: Record<string, string> } } | undefined)?.metadata?.annotations?.[
    probeAnnotation
  ];
  const prefix = `mc|${tag}|`;
  return v?.startsWith(prefix) ? v.slice(prefix.length).split("|").slice(2) : [];
}

/** The decision reported by a probe's warning, if the warning is this probe's. */
export function parseProbeWarning(
  warnings: readonly string[],
  p: ProbeNames,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  return parseMarked(warnings, probeWarningPrefix(p));
}

const probeWarningPrefix = (p: ProbeNames) =>
  `Validation failed for ValidatingAdmissionPolicy '${policyName(p)}' with binding '${policyName(p)}': mc|${p.id}|`;

/** The params named by the probe's warnings (one per evaluation; "" for one without a param). */
export function parseProbeParams(warnings: readonly string[], p: ProbeNames): string[] {
  const prefix = probeWarningPrefix(p);
  return warnings.filter((w) => w.startsWith(prefix)).map((w) => w.slice(prefix.length).split("|")[2] ?? "");
}

/** The decision reported by a probe bound with Deny: the 422's message ends with its own. */
export function parseProbeDenial(
  message: string,
  p: ProbeNames,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  const marker = `ValidatingAdmissionPolicy '${policyName(p)}' with binding '${policyName(p)}' denied request: mc|${p.id}|`;
  const at = message.indexOf(marker);
  return at < 0 ? undefined : parseMarked([message.slice(at + marker.length)], "");
}

/** The decision reported by a probe webhook's warning (see webhookReceiver.ts), if any. */
export function parseWebhookWarning(
  warnings: readonly string[],
  p: ProbeNames,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  return parseMarked(warnings, `mc|${webhookTag(p)}|`);
}

function parseMarked(
  warnings: readonly string[],
  prefix: string,
): { resource: [string, string, string]; kind: [string, string, string] } | undefined {
  const w = warnings.find((x) => x.startsWith(prefix));
  if (w === undefined) return undefined;
  const [res, kind] = w.slice(prefix.length).split("|");
  const three = (s: string | undefined) => {
    const parts = (s ?? "").split("/");
    return [parts[0] ?? "", parts[1] ?? "", parts.slice(2).join("/")] as [string, string, string];
  };
  return { resource: three(res), kind: three(kind) };
}
