// A child's `ready` line, read into what the runner needs of it: what it is, what it answers, and
// what it claims.
import { readCapabilities } from "../contract/capabilities.ts";
import { isMinor } from "../contract/versions.ts";
import type { Matcher } from "./matcher.ts";
import { parseReady } from "./protocolMessages.ts";

/** What the runner keeps of a `ready` line: what a Matcher declares of itself. */
export type Ready = Pick<Matcher, "info" | "subjects" | "input" | "kubernetesVersions" | "capabilities">;

export function readyFrom(line: string): { ok: true; value: Ready } | { ok: false; problem: string } {
  let message: unknown;
  try {
    message = JSON.parse(line);
  } catch {
    return { ok: false, problem: `a line that is not JSON: ${JSON.stringify(line.slice(0, 200))}` };
  }
  const ready = parseReady(message);
  if (!ready.ok) return { ok: false, problem: `a ready message that ${ready.problem}` };
  const r = ready.value;
  return {
    ok: true,
    value: {
      info: r.implementation,
      subjects: r.subjects,
      input: r.input ?? "manifest",
      kubernetesVersions: r.kubernetesVersions.filter(isMinor),
      capabilities: readCapabilities(r),
    },
  };
}
