// `matchconform cluster up [--kubernetes-version 1.37]` and `matchconform cluster down`.

import { buildControlPlane } from "../oracles/apiserver/buildControlPlane.ts";
import { current, down, up } from "../oracles/apiserver/controlPlane/localControlPlane.ts";
import { isMinor, latestMinor, supportedMinors } from "../oracles/contract/versions.ts";
import { UsageError } from "./usageError.ts";

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
