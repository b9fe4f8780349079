import { describe, expect, it } from "vitest";
import { parseReady } from "../adapters/protocolMessages.ts";
import { describeCapabilities, fullCapabilities, isFull, readCapabilities } from "./capabilities.ts";

const ready = (extra: Record<string, unknown> = {}) => ({
  ready: true,
  version: 1,
  implementation: { name: "x", version: "0" },
  subjects: ["MatchResources"],
  kubernetesVersions: ["1.37"],
  ...extra,
});

describe("ready.capabilities", () => {
  it.each([
    ["no capabilities", ready()],
    ["an empty object", ready({ capabilities: {} })],
    [
      "every field",
      ready({
        capabilities: {
          operations: ["CREATE", "UPDATE"],
          subresources: ["status"],
          features: { validation: false, equivalent: false },
          subjectVersions: { MatchResources: ["1.36", "1.37"] },
        },
      }),
    ],
    ['subresources "all"', ready({ capabilities: { subresources: "all" } })],
    ["a feature a later version may add", ready({ capabilities: { features: { someday: true } } })],
  ])("the schema accepts %s", (_, message) => {
    expect(parseReady(message).ok).toBe(true);
  });

  it.each([
    ["an unknown operation", ready({ capabilities: { operations: ["PATCH"] } })],
    ["a feature that is not a boolean", ready({ capabilities: { features: { validation: "no" } } })],
    ["subresources that are neither a list nor all", ready({ capabilities: { subresources: "none" } })],
    ["a minor that is not one", ready({ capabilities: { subjectVersions: { MatchResources: ["v1.37"] } } })],
    ["capabilities that are not an object", ready({ capabilities: ["CREATE"] })],
  ])("the schema rejects %s", (_, message) => {
    expect(parseReady(message).ok).toBe(false);
  });

  it("absent means everything line protocol v1 knew, and none of the later opt-in features", () => {
    const v1 = {
      ...fullCapabilities,
      features: { ...fullCapabilities.features, matchConditions: false, params: false },
    };
    expect(readCapabilities({})).toEqual(v1);
    expect(isFull(readCapabilities({}))).toBe(false);
  });

  it("an opt-in feature is claimed by naming it", () => {
    const caps = readCapabilities({ capabilities: { features: { matchConditions: true, params: true } } });
    expect(isFull(caps)).toBe(true);
  });

  it("stored input is asked neither validation nor defaulting", () => {
    const caps = readCapabilities({ input: "stored" });
    expect([caps.features.validation, caps.features.defaulting, caps.features.equivalent]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("a declared profile reads as one line", () => {
    const caps = readCapabilities({
      capabilities: { operations: ["CREATE"], subresources: [], features: { validation: false } },
    });
    expect(describeCapabilities(caps)).toBe(
      "operations CREATE; subresources none; without validation, matchConditions, params",
    );
  });
});
