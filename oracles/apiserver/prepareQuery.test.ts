// bodyOf: the Namespace body keeps the name label where the server would keep it.
import { describe, expect, it } from "vitest";
import type { AdmissionRequest } from "../contract/kube.ts";
import { bodyOf } from "./prepareQuery.ts";
import { realisable } from "./resources.ts";

const namespaceCreate = (name: string, metadata: Record<string, unknown>): AdmissionRequest => ({
  operation: "CREATE",
  resource: { group: "", version: "v1", resource: "namespaces" },
  kind: { group: "", version: "v1", kind: "Namespace" },
  namespace: name,
  name,
  object: { apiVersion: "v1", kind: "Namespace", metadata },
});

describe("bodyOf a Namespace", () => {
  it.each([
    // SetDefaults_Namespace sets the label to the name whenever there is a name: sending it is useless.
    ["named: the server sets the name label itself", "db", { name: "db" }, { env: "a" }],
    // Without a name there is nothing to default it to: mutating admission sees the label as sent.
    [
      "generateName: the label is kept as the case gives it",
      "",
      { generateName: "gen-" },
      { env: "a", "kubernetes.io/metadata.name": "db" },
    ],
  ])("%s", (_, name, meta, labels) => {
    const req = namespaceCreate(name, { ...meta, labels: { env: "a", "kubernetes.io/metadata.name": "db" } });
    const real = realisable(req);
    if (!real.ok) throw new Error(real.why);
    expect((bodyOf(req, req.object, real.r).metadata as { labels: unknown }).labels).toEqual(labels);
  });
});
