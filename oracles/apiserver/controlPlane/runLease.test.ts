// When another run's lease counts as expired: its renewTime (else acquireTime, else its creation)
// plus its duration plus the allowance for clock skew; MicroTime as the server parses it.
import { describe, expect, it } from "vitest";
import type { LeaseObject } from "./runLease.ts";
import { clockSkewAllowanceMs, defaultLeaseSeconds, expiresAt, microTime } from "./runLease.ts";

const at = "2026-12-01T10:00:00.000000Z";
const t0 = Date.parse(at);
const lease = (spec: LeaseObject["spec"], creationTimestamp?: string): LeaseObject => ({
  metadata: { name: "matchconform-abc", ...(creationTimestamp !== undefined && { creationTimestamp }) },
  ...(spec !== undefined && { spec }),
});

describe("expiresAt", () => {
  it.each([
    ["renewTime plus the duration", lease({ renewTime: at, leaseDurationSeconds: 3 }), t0 + 3000],
    [
      "renewTime before acquireTime",
      lease({ renewTime: at, acquireTime: "2026-12-01T09:00:00.000000Z", leaseDurationSeconds: 3 }),
      t0 + 3000,
    ],
    ["acquireTime without renewTime", lease({ acquireTime: at, leaseDurationSeconds: 10 }), t0 + 10_000],
    ["the creation without times", lease({ leaseDurationSeconds: 10 }, "2026-12-01T10:00:00Z"), t0 + 10_000],
    ["the default duration without one", lease({ renewTime: at }), t0 + defaultLeaseSeconds * 1000],
  ])("%s, plus the skew allowance", (_, l, expected) => {
    expect(expiresAt(l)).toBe(expected + clockSkewAllowanceMs);
  });

  it("takes a lease without a usable time for expired", () => {
    expect(expiresAt(lease(undefined))).toBe(Number.NEGATIVE_INFINITY);
    expect(expiresAt(lease({ renewTime: "yesterday" }))).toBe(Number.NEGATIVE_INFINITY);
  });
});

describe("microTime", () => {
  it("writes six fractional digits", () => {
    expect(microTime(new Date(Date.UTC(2026, 11, 1, 10, 0, 0, 123)))).toBe("2026-12-01T10:00:00.123000Z");
  });
});
