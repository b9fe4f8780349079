// --reference: auto by default with an implementation, model for the built-in model (it answers
// nothing where it stops); auto takes only a binary already built in the cache.
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cachedUpstreamOracle } from "../oracles/adapters/upstreamBuild.ts";
import { openReferences, referenceChoiceFor } from "./references.ts";
import { UsageError } from "./usageError.ts";

describe("--reference", () => {
  it("is auto with an implementation, model for the built-in model unless given, and nothing else", () => {
    expect(referenceChoiceFor({ implementation: "./m" })).toBe("auto");
    expect(referenceChoiceFor({ module: "m.mjs", reference: "upstream" })).toBe("upstream");
    expect(referenceChoiceFor({})).toBe("model");
    expect(referenceChoiceFor({ reference: "auto" })).toBe("auto");
    expect(() => referenceChoiceFor({ implementation: "./m", reference: "kube" })).toThrow(UsageError);
  });

  it("auto finds the oracle a build left in the cache, and only there", () => {
    const root = mkdtempSync(join(tmpdir(), "matchconform-cache-"));
    const env = { MATCHCONFORM_CACHE: root };
    expect(cachedUpstreamOracle("1.37", env)).toBeUndefined();
    const dir = join(root, "upstream", "1.37-0123456789abcdef");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "upstream-oracle"), "#!/bin/sh\n");
    chmodSync(join(dir, "upstream-oracle"), 0o755);
    expect(cachedUpstreamOracle("1.37", env)).toBe(join(dir, "upstream-oracle"));
    expect(cachedUpstreamOracle("1.36", env)).toBeUndefined();
  });

  it("model opens no oracle, and says nothing of one", async () => {
    const chosen = await openReferences("model", ["1.37"], () => {});
    expect(chosen.oracles.names).toEqual([]);
    expect(chosen.note).toBeUndefined();
  });
});
