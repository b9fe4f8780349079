// Writes an implementation's recorded verdicts (oracles/adapters/recordingMatcher.ts) as case files
// that `replay` reads: <dir>/<version>/<subject kind>/<resource>.<group>.yaml, one case per query,
// sorted by the query's content hash and described by it, so that the recordings of two versions
// line up line for line. A version's folder is replaced whole; other versions' are never touched.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import type { Verdict } from "../oracles/adapters/recordingMatcher.ts";
import type { Query } from "../oracles/contract/query.ts";
import type { Minor } from "../oracles/contract/versions.ts";
import type { Observation } from "./caseFile.ts";
import { toCaseFile } from "./caseFile.ts";

export interface RecordingTarget {
  readonly dir: string;
  /** Who decided: `kube-apiserver` and its gitVersion, say. */
  readonly implementation: { readonly name: string; readonly version: string };
  readonly minor: Minor;
  /** YYYY-MM-DD; today (UTC) when omitted. */
  readonly date?: string;
}

export interface WrittenVerdicts {
  /** The version's folder. */
  readonly dir: string;
  /** The files written, relative to it, sorted. */
  readonly files: readonly string[];
  readonly cases: number;
}

export function writeRecordedVerdicts(verdicts: readonly Verdict[], t: RecordingTarget): WrittenVerdicts {
  const other = verdicts.find((v) => v.query.kubernetesVersion !== t.minor);
  if (other) throw new Error(`a verdict for ${other.query.kubernetesVersion} cannot be recorded under ${t.minor}`);
  const date = t.date ?? new Date().toISOString().slice(0, 10);
  const source = `recorded from ${t.implementation.name} ${t.implementation.version} on ${date}`;
  const files = new Map<string, Observation[]>();
  for (const v of [...verdicts].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) {
    const file = fileOf(v.query);
    const list = files.get(file) ?? [];
    list.push({ description: describe(v), source, query: readable(v.query), outcome: v.outcome });
    files.set(file, list);
  }
  const name = versionFolder(t.implementation.version, t.minor);
  const written = replaceFolder(t.dir, name, (staging) => {
    for (const [file, observations] of files) {
      mkdirSync(join(staging, file, ".."), { recursive: true });
      writeDurably(join(staging, file), toCaseFile(observations));
    }
  });
  return { dir: written, files: [...files.keys()].sort(), cases: verdicts.length };
}

/** `v1.37.2` (a gitVersion, made safe as a folder name), or the minor when the version is no version. */
export function versionFolder(version: string, minor: Minor): string {
  return /^v?1\.\d+/.test(version) ? version.replace(/[^A-Za-z0-9._+-]/g, "-") : minor;
}

/** `ValidatingAdmissionPolicy/deployments.apps.yaml`, as kubectl names a resource (`pods` in the core group). */
function fileOf(q: Query): string {
  const r = q.request.resource;
  return `${q.subject.kind}/${safe(r.resource)}${r.group ? `.${safe(r.group)}` : ""}.yaml`;
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\./, "_") || "_";

/** Unique in the file (the key is the content hash) and the same at every version. */
function describe(v: Verdict): string {
  const r = v.query.request;
  const sub = r.subResource ? `/${r.subResource}` : "";
  const where = r.namespace ? ` in ${r.namespace}` : "";
  return `${v.key.slice(0, 16)}: ${r.operation} ${r.resource.group || "core"}/${r.resource.version}/${r.resource.resource}${sub}${where}`;
}

/** The query with every object's keys in one order (a few that say what a thing is first), whatever order it was built in. */
function readable(q: Query): Query {
  return { ...q, subject: ordered(q.subject), cluster: ordered(q.cluster), request: ordered(q.request) } as Query;
}

// As the API and docs/case-format.md write them: {group, version, resource}, a request's operation,
// resource, subResource, kind, namespace and name, an object's apiVersion, kind and metadata.
const first = [
  "group",
  "version",
  "operation",
  "operations",
  "resource",
  "subResource",
  "apiVersion",
  "kind",
  "metadata",
  "namespace",
  "name",
];
const rank = (k: string) => (first.includes(k) ? first.indexOf(k) : first.length);

function ordered<T>(x: T): T {
  if (Array.isArray(x)) return x.map(ordered) as T;
  if (x === null || typeof x !== "object") return x;
  const keys = Object.keys(x).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    const v = (x as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = ordered(v);
  }
  return out as T;
}

/**
 * Writes a new <dir>/<name> through a staging folder beside it, then swaps it in with two renames;
 * the folder it replaces is removed only once the new one is in place. A replaced folder that a
 * crash left behind is put back if <name> is missing, and removed otherwise.
 */
function replaceFolder(dir: string, name: string, fill: (staging: string) => void): string {
  mkdirSync(dir, { recursive: true });
  const target = join(dir, name);
  // "~" is in no folder name versionFolder makes: `.staging~v1.30.4~…` is never v1.30.4-eks's.
  for (const f of readdirSync(dir)) {
    const [what, of, pid] = f.split("~");
    if (of !== name || alive(Number(pid))) continue;
    if (what === ".replaced" && !existsSync(target)) renameSync(join(dir, f), target);
    else if (what === ".replaced" || what === ".staging") rmSync(join(dir, f), { recursive: true, force: true });
  }
  // mkdir, not mkdtemp: the folder gets the umask's mode (mkdtemp's is 0700), as the rest of <dir>.
  const staging = join(dir, `.staging~${name}~${process.pid}~${randomBytes(4).toString("hex")}`);
  mkdirSync(staging);
  try {
    fill(staging);
  } catch (e) {
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  const replaced = existsSync(target) ? join(dir, `.replaced~${name}~${process.pid}~${Date.now()}`) : undefined;
  if (replaced) renameSync(target, replaced);
  try {
    renameSync(staging, target);
  } catch (e) {
    if (replaced) renameSync(replaced, target);
    rmSync(staging, { recursive: true, force: true });
    throw e;
  }
  if (replaced) rmSync(replaced, { recursive: true, force: true });
  return target;
}

function writeDurably(file: string, text: string): void {
  const fd = openSync(file, "w");
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
