// The user a probe request is sent as, and what of it the server sees otherwise (impersonation.go).
import { describe, expect, it } from "vitest";
import { probeExtraKey } from "../probe/names.ts";
import { groupsOnServer, sentUser } from "./impersonatedUser.ts";

describe("groupsOnServer", () => {
  it.each([
    ["matchconform", [], ["system:authenticated"]],
    ["alice", ["dev", "system:authenticated"], ["dev", "system:authenticated"]],
    ["alice", ["dev"], ["dev", "system:authenticated"]],
    ["alice", ["system:unauthenticated"], ["system:unauthenticated"]],
    [
      "system:serviceaccount:prod:default",
      [],
      ["system:serviceaccounts", "system:serviceaccounts:prod", "system:authenticated"],
    ],
    ["system:serviceaccount:prod:default", ["x"], ["x", "system:authenticated"]],
    ["system:anonymous", [], ["system:unauthenticated"]],
  ])("%s in %j gets %j", (user, groups, want) => {
    expect(groupsOnServer(user, groups)).toEqual(want);
  });
});

describe("sentUser", () => {
  const paths = (u: Parameters<typeof sentUser>[0]) => sentUser(u, "r-1").differs.map((d) => d.path.join("."));

  it("sends the format's default user as the server will see it, with the probe's key only", () => {
    const s = sentUser(undefined, "r-1");
    expect(s.impersonation).toEqual({
      user: "matchconform",
      groups: ["system:authenticated"],
      extra: { [probeExtraKey]: ["r-1"] },
    });
    expect(paths(undefined)).toEqual([`request.userInfo.extra.${probeExtraKey}`]);
  });

  it("marks what the server changes: added groups, capitalised extra keys, the anonymous user", () => {
    expect(paths({ username: "alice", groups: ["dev"] })).toContain("request.userInfo.groups");
    expect(paths({ username: "alice", groups: ["system:authenticated"], extra: { Scopes: ["a"] } })).toContain(
      "request.userInfo.extra.Scopes",
    );
    expect(paths({ username: "system:anonymous", groups: ["system:unauthenticated"] })).toContain("request.userInfo");
    expect(sentUser({ username: "system:anonymous" }, "r-1").impersonation.user).toBe("matchconform");
  });

  it("sends a user stated as the server makes it unchanged", () => {
    const u = { username: "alice", uid: "u-1", groups: ["dev", "system:authenticated"], extra: { scopes: ["ci"] } };
    expect(paths(u)).toEqual([`request.userInfo.extra.${probeExtraKey}`]);
    expect(sentUser(u, "r-1").impersonation).toEqual({
      user: "alice",
      uid: "u-1",
      groups: ["dev", "system:authenticated"],
      extra: { scopes: ["ci"], [probeExtraKey]: ["r-1"] },
    });
  });
});
