// `matchconform cluster up [--kubernetes-version 1.37]` and `matchconform cluster down`.
import { spawn } from "node:child_process";
import { current, down, up } from "../oracles/apiserver/controlPlane/localControlPlane.ts";
import type { Minor } from "../oracles/model/versions.ts";
import { isMinor, latestMinor, supportedMinors } from "../oracles/model/versions.ts";
import { packagePath } from "./packageRoot.ts";
import { UsageError } from "./usageError.ts";

const buildScript = packagePath("oracles/apiserver/build/build.sh");

/** Builds (or finds in the cache) kube-apiserver and etcd for the minor; their directory. */
export function buildControlPlane(minor: Minor, log: (line: string) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn("bash", [buildScript, minor], { stdio: ["ignore", "pipe", "pipe"] });
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

export async function cluster(
  action: string | undefined,
  version: string | undefined,
  out: (line: string) => void,
): Promise<number> {
  switch (action) {
    case "up": {
      const minor = version ?? latestMinor;
      if (!isMinor(minor))
        throw new UsageError(`--kubernetes-version ${minor} is not one of ${supportedMinors.join(", ")}`);
      const bin = await buildControlPlane(minor, out);
      const cp = await up({ binDir: bin, minor, log: out });
      out(`local control plane ${minor} is up at ${cp.server}`);
      out(`  export KUBECONFIG=${cp.kubeconfig}`);
      out(`  npx matchconform verify --apiserver --local`);
      out("  npx matchconform cluster down   # stops it and removes its data");
      return 0;
    }
    case "down": {
      const was = current();
      await down(undefined, out);
      out(was ? "local control plane stopped and removed" : "no local control plane was running");
      return 0;
    }
    default:
      throw new UsageError('cluster takes "up" or "down"');
  }
}
