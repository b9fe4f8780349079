// The private control plane an apiserver test file runs against: kube-apiserver and etcd 1.37
// (built once, cached), in a state directory of its own; stop it with down(cp.stateDir).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildControlPlane } from "../buildControlPlane.ts";
import type { ControlPlane } from "./localControlPlane.ts";
import { up } from "./localControlPlane.ts";

export async function startTestControlPlane(name: string): Promise<ControlPlane> {
  const stateDir = mkdtempSync(join(tmpdir(), `matchconform-${name}-`));
  const bin = await buildControlPlane("1.37", () => {});
  return up({ binDir: bin, minor: "1.37", stateDir });
}
