// The local control plane that verify and bundles check ask: a running one of another minor is used
// when no minor was asked for, and refused when one was.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localTarget } from "./serverTarget.ts";
import { UsageError } from "./usageError.ts";

describe("the local target", () => {
  const before = process.env.MATCHCONFORM_CLUSTER_DIR;
  beforeEach(() => {
    // A control plane's state file as `cluster up --kubernetes-version 1.34` leaves it; nothing is started.
    const dir = mkdtempSync(join(tmpdir(), "matchconform-target-"));
    writeFileSync(join(dir, "ca.crt"), "not a certificate\n");
    const cp = { minor: "1.34", server: "https://127.0.0.1:1", token: "t", caFile: join(dir, "ca.crt"), stateDir: dir };
    writeFileSync(
      join(dir, "control-plane.json"),
      JSON.stringify({ ...cp, kubeconfig: "", pids: { etcd: 0, apiserver: 0 } }),
    );
    process.env.MATCHCONFORM_CLUSTER_DIR = dir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.MATCHCONFORM_CLUSTER_DIR;
    else process.env.MATCHCONFORM_CLUSTER_DIR = before;
  });

  it("is the running control plane, of its own minor, when no minor was asked for", async () => {
    const t = await localTarget("1.37", () => {}, undefined, false);
    expect(t.minor).toBe("1.34");
    expect(t.startedHere).toBe(false);
    expect(t.connection.server).toBe("https://127.0.0.1:1");
  });

  it("refuses a running control plane of another minor than the one asked for", async () => {
    await expect(localTarget("1.37", () => {}, undefined, true)).rejects.toThrow(UsageError);
    await expect(localTarget("1.37", () => {})).rejects.toThrow(/runs 1\.34, not 1\.37; run "cluster down" first/);
  });
});
