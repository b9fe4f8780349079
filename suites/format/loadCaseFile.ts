// Reads a case file (YAML or JSON), checks it against the schema and the realism rules of
// docs/case-format.md, and returns the cases with their expectations normalised.
import { readFileSync } from "node:fs";
import { load as loadYaml } from "js-yaml";
import type { Case, Test } from "../../oracles/contract/case.ts";
import type { Cluster } from "../../oracles/contract/cluster.ts";
import type { AdmissionRequest } from "../../oracles/contract/kube.ts";
import type { Expected } from "../../oracles/contract/outcome.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { minorsInRange, supportedMinors } from "../../oracles/contract/versions.ts";
import { servesSubject } from "../../oracles/model/decide.ts";
import { CaseFileError } from "./caseFileError.ts";
import { caseFileText, checkExpandedSize, maxAliases, maxDepth } from "./inputLimits.ts";
import { checkCaseFileSchema } from "./schemaCheck.ts";
import { unrealEquivalents, unrealRequest } from "./unrealInput.ts";
import { unrealParams } from "./unrealParams.ts";

export interface LoadedCase extends Case {
  readonly file: string;
  /** The minors the case is answered for: its range, limited to those serving the subject kind. */
  readonly minors: readonly Minor[];
}

const nameLabel = "kubernetes.io/metadata.name";

export function loadCaseFile(file: string): LoadedCase[] {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    throw new CaseFileError(file, `cannot be read: ${(e as Error).message}`);
  }
  return parseCaseFile(file, caseFileText(file, bytes));
}

export function parseCaseFile(file: string, text: string): LoadedCase[] {
  let data: unknown;
  try {
    data = loadYaml(text, { maxAliases, maxDepth });
  } catch (e) {
    const reason = (e as { reason?: string; mark?: { line: number; column: number } }) ?? {};
    const at = reason.mark ? ` at line ${reason.mark.line + 1}, column ${reason.mark.column + 1}` : "";
    throw new CaseFileError(file, `is not valid YAML${at}: ${reason.reason ?? (e as Error).message}`);
  }
  checkExpandedSize(file, data);
  checkCaseFileSchema(file, data);
  const raw = data as RawCase[];
  const seen = new Set<string>();
  return raw.map((c) => {
    if (seen.has(c.description))
      throw new CaseFileError(file, "the description is used twice in the file", { caseDescription: c.description });
    seen.add(c.description);
    return loadCase(file, c);
  });
}

type RawTest = Omit<Test, "expected"> & { readonly expected: string | Expected };
type RawCase = Omit<Case, "tests"> & { readonly tests: readonly RawTest[] };

function loadCase(file: string, c: RawCase): LoadedCase {
  const where = (field: string) => ({ caseDescription: c.description, field });
  const range = minorsInRange(c.kubernetesVersions ?? ">=1.30");
  if (!range.ok) throw new CaseFileError(file, range.error, where("kubernetesVersions"));
  const minors = range.minors.filter((m) => servesSubject(c.subject.kind, m));
  if (minors.length === 0) {
    throw new CaseFileError(
      file,
      `no minor in ${supportedMinors.join(", ")} both fits the range and serves ${c.subject.kind}`,
      where("kubernetesVersions"),
    );
  }
  const testNames = new Set<string>();
  const tests = c.tests.map((t, i): Test => {
    const at = (f: string) => where(`tests[${i}]${f}`);
    if (testNames.has(t.description))
      throw new CaseFileError(file, `the test description "${t.description}" is used twice`, at(".description"));
    testNames.add(t.description);
    const problem = incoherence(t.request);
    if (problem) throw new CaseFileError(file, problem.message, at(`.request${problem.field}`));
    const unreal = unrealRequest(t.request);
    if (unreal) throw new CaseFileError(file, unreal.message, at(unreal.field));
    const registry = unrealEquivalents(t.cluster ?? c.cluster, t.request);
    if (registry) {
      const field = t.cluster ? at(registry.field).field : registry.field.slice(1);
      throw new CaseFileError(file, registry.message, { caseDescription: c.description, field });
    }
    const params = unrealParams(t.cluster ?? c.cluster);
    if (params) {
      const field = t.cluster ? at(params.field).field : params.field.slice(1);
      throw new CaseFileError(file, params.message, { caseDescription: c.description, field });
    }
    const cluster = t.cluster && withNameLabels(file, t.cluster, at(".cluster"));
    return { ...t, expected: normaliseExpected(t.expected), ...(cluster && { cluster }) };
  });
  const cluster = c.cluster && withNameLabels(file, c.cluster, where("cluster"));
  return { ...c, ...(cluster && { cluster }), tests, file, minors };
}

function normaliseExpected(e: string | Expected): Expected {
  if (typeof e !== "string") return e;
  return { outcome: e as "match" | "noMatch" | "invalid" };
}

/** The request is what the admission chain sees (docs/case-format.md, Request). */
export function incoherence(r: AdmissionRequest): { field: string; message: string } | undefined {
  const has = (o: unknown) => o !== undefined && o !== null;
  if ((r.operation === "CREATE" || r.operation === "CONNECT") && has(r.oldObject))
    return { field: ".oldObject", message: `a ${r.operation} request has no oldObject` };
  if (r.operation === "DELETE" && has(r.object))
    return { field: ".object", message: "a DELETE request has no object (the deleted object is oldObject)" };
  if (r.operation === "UPDATE" && !(has(r.object) && has(r.oldObject)))
    return { field: "", message: "an UPDATE request carries both object and oldObject" };
  if (r.operation === "CONNECT" && has(r.object) && has((r.object as Record<string, unknown>).metadata))
    return { field: ".object", message: "a CONNECT object is an options object without metadata" };
  const isNamespace = r.resource.group === "" && r.resource.version === "v1" && r.resource.resource === "namespaces";
  if (isNamespace && (r.namespace ?? "") !== (r.name ?? ""))
    return {
      field: ".namespace",
      message: "a request for a Namespace carries the namespace's own name as its namespace",
    };
  return undefined;
}

/** Every namespace carries kubernetes.io/metadata.name: <name>, as the API server sets it. */
function withNameLabels(file: string, cluster: Cluster, where: { caseDescription: string; field: string }): Cluster {
  if (cluster.namespaces === undefined) return cluster;
  const namespaces: Record<string, Record<string, string>> = {};
  for (const [name, labels] of Object.entries(cluster.namespaces)) {
    const given = labels ?? {};
    if (given[nameLabel] !== undefined && given[nameLabel] !== name) {
      throw new CaseFileError(file, `the ${nameLabel} label of a namespace is always its name ("${name}")`, {
        ...where,
        field: `${where.field}.namespaces.${name}`,
      });
    }
    namespaces[name] = { ...given, [nameLabel]: name };
  }
  return { ...cluster, namespaces };
}
