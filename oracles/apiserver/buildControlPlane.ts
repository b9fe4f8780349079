// kube-apiserver and etcd for a minor, built by oracles/apiserver/build/build.sh into a cache
// outside the repository (minutes the first time).
import { spawn } from "node:child_process";
import { packagePath } from "../../package/packageRoot.ts";
import type { Minor } from "../contract/versions.ts";

const buildScript = packagePath("oracles/apiserver/build/build.sh");

/** Builds (or finds in the cache) kube-apiserver and etcd for the minor; their directory. */
export function buildControlPlane(minor: Minor, log: (line: string) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    // Aborted, the script is killed: the command is being interrupted.
    const p = spawn("bash", [buildScript, minor], { stdio: ["ignore", "pipe", "pipe"], ...(signal && { signal }) });
    let last = "";
    p.stdout.on("data", (d: Buffer) => {
      for (const l of d.toString().split("\n")) if (l.trim()) last = l.trim();
    });
    p.stderr.on("data", (d: Buffer) => {
      for (const l of d.toString().split("\n")) if (l.startsWith("build.sh:")) log(l);
    });
    p.on("error", reject);
    p.on("exit", (code) =>
      code === 0 && last ? resolve(last) : reject(new Error(`building kube-apiserver ${minor} failed (exit ${code})`)),
    );
  });
}
