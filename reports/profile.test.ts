import { describe, expect, it } from "vitest";
import { fullCapabilities } from "../oracles/contract/capabilities.ts";
import { profileRows, reasonText } from "./profile.ts";

describe("the claimed profile's subject rows", () => {
  const rows = profileRows(fullCapabilities, ["1.36", "1.37"], ["MatchResources"]);
  const row = (name: string) => rows.find((r) => r.area === "minors" && r.name === name);

  it("list a kind the implementation does not declare as not declared, not as supported", () => {
    expect(row("ValidatingAdmissionPolicy")).toMatchObject({ claimed: "not declared", supported: false });
    expect(row("MutatingWebhook")).toMatchObject({ claimed: "not declared", supported: false });
  });

  it("list a declared kind with the minors it is run at", () => {
    expect(row("MatchResources")).toMatchObject({ claimed: "1.36, 1.37", supported: true });
  });
});

describe("skip reasons", () => {
  it("name the reference model's limits as such, not as the implementation's claim", () => {
    expect(reasonText({ by: "model", reason: "regex find", count: 2 })).toBe("outside the reference model: regex find");
    expect(reasonText({ by: "scope", reason: "operation UPDATE not claimed", count: 2 })).toBe(
      "outside the claimed scope: operation UPDATE not claimed",
    );
  });
});
