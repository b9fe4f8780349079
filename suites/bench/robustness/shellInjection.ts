// The shell-injection case of issue 19 end to end: a case whose namespace and name are shell
// commands, run against an implementation wrong on exactly that request, so that the report's
// bundle holds them; each bundle's dry-run.sh is then run as its README says, with a kubectl stub.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listFiles } from "./measure.ts";

const namespace = "x;touch F;";
const name = "$(touch G)`touch H`";

export const injectionCase = `- description: a rule for configmaps matches a DELETE in a namespace named as a shell command
  subject:
    kind: MatchResources
    matchResources:
      resourceRules:
        - { operations: ["DELETE"], apiGroups: [""], apiVersions: ["v1"], resources: ["configmaps"] }
  tests:
    - description: delete of a configmap named as a shell command
      request:
        operation: DELETE
        resource: { group: "", version: v1, resource: configmaps }
        kind: { group: "", version: v1, kind: ConfigMap }
        namespace: ${JSON.stringify(namespace)}
        name: ${JSON.stringify(name)}
        oldObject: { apiVersion: v1, kind: ConfigMap, metadata: { name: ${JSON.stringify(name)}, namespace: ${JSON.stringify(namespace)} } }
      expected: match
`;

/**
 * Runs every dry-run.sh under work/r/bundles with a kubectl that only records its arguments; what
 * that created in work ("+path"), or why the check could not be made.
 */
export function runDryRuns(work: string): string[] {
  const bundles = join(work, "r", "bundles");
  const scripts = existsSync(bundles)
    ? readdirSync(bundles)
        .map((b) => join(bundles, b, "dry-run.sh"))
        .filter((f) => existsSync(f))
    : [];
  if (scripts.length === 0) return ["(no bundle with a dry-run.sh was written)"];
  const stub = mkdtempSync(join(tmpdir(), "matchconform-kubectl-"));
  mkdirSync(join(stub, "bin"));
  writeFileSync(
    join(stub, "bin", "kubectl"),
    `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done >> "${join(stub, "args")}"\n`,
  );
  chmodSync(join(stub, "bin", "kubectl"), 0o755);
  const before = new Set(listFiles(work));
  for (const script of scripts)
    spawnSync("sh", [script], {
      cwd: join(script, ".."),
      env: { ...process.env, PATH: `${join(stub, "bin")}:${process.env.PATH}` },
    });
  const created = listFiles(work)
    .filter((p) => !before.has(p))
    .map((p) => `+${p}`);
  const args = existsSync(join(stub, "args")) ? readFileSync(join(stub, "args"), "utf8").split("\n") : [];
  // The namespace reached kubectl as one argument, whole: quoted, not run.
  if (!args.includes(namespace)) created.push(`(kubectl never got the namespace ${namespace} as one argument)`);
  return created;
}
