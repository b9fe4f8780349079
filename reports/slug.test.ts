// Bundle folders are named from a cause's key: readable, safe on every file system, bounded.
import { expect, it } from "vitest";
import { slug } from "./causeModel.ts";

it.each([
  ['behaviour matches subresources with "*"', "behaviour-matches-subresources-with-star"],
  ['behaviour leaves the resource itself out of "x/*"', "behaviour-leaves-the-resource-itself-out-of-x-star"],
  ['behaviour never matches the name "" in resourceNames', "behaviour-never-matches-the-name-empty-in-resourcenames"],
  [
    "namespaceSelector.namespaceLookupFails · the implementation fails the request",
    "namespaceselector-namespacelookupfails-the-implementation-fails-the-request",
  ],
])("%s → %s", (key, folder) => {
  expect(slug(key)).toBe(folder);
});

it("keeps to letters, digits and dashes, at most 80, whatever the key holds", () => {
  for (const key of ["*".repeat(200), '../../etc/passwd "*"', "ÄÖÜ\u0000/\\:*?<>|", ""]) {
    const s = slug(key);
    expect(s).toMatch(/^[a-z0-9-]{0,80}$/);
    expect(s).not.toMatch(/^-|-$/);
  }
});
