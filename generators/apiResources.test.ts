// The resource data against the upstream code it was read from, when the Go module cache holds
// it (k8s.io/kubernetes v1.37.x): each resource is registered in its storage file, each
// subresource as resource+"/<name>"; and against itself everywhere.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { minorsInRange } from "../oracles/contract/versions.ts";
import { apiResources } from "./apiResources.ts";
import { customResources } from "./customResources.ts";

function kubernetesSource(): string | undefined {
  try {
    const cache = execFileSync("go", ["env", "GOMODCACHE"], {
      encoding: "utf8",
      env: { ...process.env, GOTOOLCHAIN: "local" },
    }).trim();
    const dir = join(cache, "k8s.io");
    const latest = readdirSync(dir)
      .filter((d) => /^kubernetes@v1\.37\.\d+$/.test(d))
      .sort()
      .at(-1);
    return latest && join(dir, latest);
  } catch {
    return undefined;
  }
}

const source = kubernetesSource();

describe("the resource data", () => {
  it("names each group/resource once, with a CamelCase kind and a lowercase plural", () => {
    const all = [...apiResources, ...customResources];
    const keys = all.map((r) => `${r.group}/${r.resource}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of all) {
      expect(r.kind).toMatch(/^[A-Z][A-Za-z0-9]*$/);
      expect(r.resource).toMatch(/^[a-z][a-z0-9]*$/);
      expect(r.versions.length).toBeGreaterThan(0);
      for (const range of [r.minors, ...r.subresources.map((s) => s.minors)])
        if (range !== undefined) expect(minorsInRange(range).ok, range).toBe(true);
    }
  });

  it("holds the irregular ones the generators must meet", () => {
    const plural = (kind: string, group: string) =>
      [...apiResources, ...customResources].find((r) => r.kind === kind && r.group === group)?.resource;
    expect(plural("Ingress", "networking.k8s.io")).toBe("ingresses");
    expect(plural("NetworkPolicy", "networking.k8s.io")).toBe("networkpolicies");
    expect(plural("Endpoints", "")).toBe("endpoints");
    expect(plural("Prometheus", "monitoring.coreos.com")).toBe("prometheuses");
    expect(plural("Gateway", "gateway.networking.k8s.io")).toBe("gateways");
    expect(plural("Gateway", "networking.istio.io")).toBe("gateways");
  });

  // Groups served by kube-apiserver itself (apiextensions lives in its own module).
  it.skipIf(source === undefined)("matches k8s.io/kubernetes pkg/registry storage files", () => {
    const root = source ?? "";
    for (const r of apiResources.filter((x) => x.source.startsWith("pkg/registry/"))) {
      const file = join(root, r.source);
      expect(existsSync(file), file).toBe(true);
      const text = readFileSync(file, "utf8");
      expect(text, `${r.resource} in ${r.source}`).toMatch(new RegExp(`resource := "${r.resource}"`));
      for (const s of r.subresources)
        expect(text, `${r.resource}/${s.name} in ${r.source}`).toMatch(
          new RegExp(`(resource\\s*\\+\\s*"/${s.name}"|"${r.resource}/${s.name}")`),
        );
    }
  });
});
