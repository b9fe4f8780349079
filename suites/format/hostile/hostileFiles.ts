// Hostile case files for the input-limit tests: each one is written into a folder next to a good
// file, and the CLI must name it, exit 2, and still replay the good one.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** One good case file: a pod created in prod matches a rule for pods. */
export const goodCase = `- description: a rule for pods matches a pod
  subject:
    kind: MatchResources
    matchResources:
      resourceRules:
        - { operations: ["CREATE"], apiGroups: [""], apiVersions: ["v1"], resources: ["pods"] }
  tests:
    - description: create of a pod
      request:
        operation: CREATE
        resource: { group: "", version: v1, resource: pods }
        kind: { group: "", version: v1, kind: Pod }
        namespace: prod
        name: web
        object: { apiVersion: v1, kind: Pod, metadata: { name: web, namespace: prod } }
      expected: match
`;

/** A kilobyte of nested aliases in request.object: 9 levels of 9, some 400 million values expanded. */
export function aliasBomb(): string {
  const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
  for (let i = 1; i < 9; i++) {
    const prev = String.fromCharCode(96 + i);
    const here = String.fromCharCode(97 + i);
    levels.push(
      `${here}: &${here} [*${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}, *${prev}]`,
    );
  }
  return goodCase
    .replace("a rule for pods matches a pod", "an alias bomb")
    .replace(
      "object: { apiVersion: v1, kind: Pod, metadata: { name: web, namespace: prod } }",
      `object:\n          apiVersion: v1\n          kind: Pod\n          metadata: { name: web }\n${levels.map((l) => `          ${l}`).join("\n")}`,
    );
}

export type Hostile = "aliasBomb" | "invalidUtf8" | "dangling" | "loop" | "self" | "fifo" | "hugeDescription";

/** Writes a folder holding good.yaml and the hostile entry; returns the folder. */
export function hostileFolder(parent: string, kind: Hostile): string {
  const dir = join(parent, kind);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "good.yaml"), goodCase);
  switch (kind) {
    case "aliasBomb":
      writeFileSync(join(dir, "bomb.yaml"), aliasBomb());
      break;
    case "invalidUtf8":
      writeFileSync(
        join(dir, "latin1.yaml"),
        Buffer.concat([Buffer.from(goodCase.replace("a rule for pods", "a r")), Buffer.from([0xff, 0xfe, 0x0a])]),
      );
      break;
    case "dangling":
      symlinkSync(join(dir, "nowhere.yaml"), join(dir, "dangling.yaml"));
      break;
    case "loop":
      symlinkSync(join(dir, "loop-b.yaml"), join(dir, "loop-a.yaml"));
      symlinkSync(join(dir, "loop-a.yaml"), join(dir, "loop-b.yaml"));
      break;
    case "self":
      symlinkSync(".", join(dir, "self"));
      break;
    case "fifo":
      execFileSync("mkfifo", [join(dir, "pipe.yaml")]);
      break;
    case "hugeDescription":
      writeFileSync(join(dir, "huge.yaml"), goodCase.replace("a rule for pods matches a pod", "d".repeat(50 << 20)));
      break;
  }
  return dir;
}
