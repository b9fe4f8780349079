// What an implementation claims to decide (the optional `capabilities` of line protocol v1's
// `ready`, docs/protocol-capabilities.md): the runner generates and sends only inside it
// (oracles/scope/whyNotSent.ts decides, query by query).
import { type Feature, features, operations, optInFeatures } from "./features.ts";
import type { Operation } from "./kube.ts";
import type { ReadyMessage } from "./protocol.ts";
import type { SubjectKind } from "./subject.ts";
import { subjectKinds } from "./subject.ts";
import type { Minor } from "./versions.ts";
import { isMinor } from "./versions.ts";

export interface Capabilities {
  readonly operations: readonly Operation[];
  /** "all", or the subresources claimed besides the main resource (which is always claimed). */
  readonly subresources: "all" | readonly string[];
  readonly features: Readonly<Record<Feature, boolean>>;
  /** Per subject kind, the minors claimed for it; a kind left out has all of `kubernetesVersions`. */
  readonly subjectVersions: Readonly<Partial<Record<SubjectKind, readonly Minor[]>>>;
}

const everyFeature = Object.fromEntries(features.map((f) => [f, true])) as Record<Feature, boolean>;

/** No `capabilities` in `ready`: everything, as line protocol v1 has always meant. */
export const fullCapabilities: Capabilities = {
  operations,
  subresources: "all",
  features: everyFeature,
  subjectVersions: {},
};

/** The `capabilities` of a ready message, resolved; `input: "stored"` is never asked to validate or default. */
export function readCapabilities(ready: Pick<ReadyMessage, "input" | "capabilities">): Capabilities {
  const c = ready.capabilities ?? {};
  const stored = ready.input === "stored";
  const declared = c.features ?? {};
  const featureMap = Object.fromEntries(features.map((f) => [f, declared[f] ?? !optInFeatures.includes(f)])) as Record<
    Feature,
    boolean
  >;
  if (stored) {
    featureMap.validation = false;
    featureMap.defaulting = false;
  }
  const subjectVersions: Partial<Record<SubjectKind, readonly Minor[]>> = {};
  for (const kind of subjectKinds) {
    const minors = c.subjectVersions?.[kind];
    if (minors !== undefined) subjectVersions[kind] = minors.filter(isMinor);
  }
  return {
    operations: c.operations === undefined ? operations : operations.filter((o) => c.operations?.includes(o)),
    subresources: c.subresources === undefined || c.subresources === "all" ? "all" : [...c.subresources],
    features: featureMap,
    subjectVersions,
  };
}

export function isFull(caps: Capabilities): boolean {
  return (
    caps.operations.length === operations.length &&
    caps.subresources === "all" &&
    features.every((f) => caps.features[f]) &&
    Object.keys(caps.subjectVersions).length === 0
  );
}

export function claimsSubresource(caps: Capabilities, subResource: string): boolean {
  return subResource === "" || caps.subresources === "all" || caps.subresources.includes(subResource);
}

/** Is the kind claimed at this minor (its own `subjectVersions`, when given)? */
export function claimsSubjectAt(caps: Capabilities, kind: SubjectKind, minor: Minor): boolean {
  return caps.subjectVersions[kind]?.includes(minor) ?? true;
}

/** One line for a terminal: what is left out of the full profile ("" when nothing is). */
export function describeCapabilities(caps: Capabilities): string {
  const parts: string[] = [];
  if (caps.operations.length < operations.length) parts.push(`operations ${caps.operations.join(", ") || "none"}`);
  if (caps.subresources !== "all")
    parts.push(`subresources ${caps.subresources.length === 0 ? "none" : caps.subresources.join(", ")}`);
  const without = features.filter((f) => !caps.features[f]);
  if (without.length > 0) parts.push(`without ${without.join(", ")}`);
  for (const [kind, minors] of Object.entries(caps.subjectVersions))
    parts.push(`${kind} at ${minors.join(", ") || "no minor"}`);
  return parts.join("; ");
}
