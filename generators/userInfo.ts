import fc from "fast-check";
import type { UserInfo } from "../oracles/contract/kube.ts";
import { namespaceNames } from "./vocabulary.ts";

/**
 * A requesting user as authentication makes it (k8s.io/apiserver pkg/authentication):
 *
 * > system:serviceaccount:<namespace>:<name> ... groups system:serviceaccounts and
 * > system:serviceaccounts:<namespace> (pkg/authentication/serviceaccount/util.go)
 * > every authenticated user gets system:authenticated (group/authenticated_group_adder.go)
 *
 * The draws: undefined (the default user), system components, nodes, service accounts, people in
 * groups, and the anonymous user.
 */
export function userInfo(): fc.Arbitrary<UserInfo | undefined> {
  const authenticated = (u: UserInfo): UserInfo => ({ ...u, groups: [...(u.groups ?? []), "system:authenticated"] });
  return fc.oneof(
    fc.constant(undefined),
    fc
      .constantFrom("system:kube-controller-manager", "system:kube-scheduler")
      .map((username) => authenticated({ username })),
    fc
      .constantFrom("worker-1", "worker-2")
      .map((n) => authenticated({ username: `system:node:${n}`, groups: ["system:nodes"] })),
    fc
      .record({ ns: fc.constantFrom(...namespaceNames), name: fc.constantFrom("default", "builder") })
      .map(({ ns, name }) =>
        authenticated({
          username: `system:serviceaccount:${ns}:${name}`,
          uid: `uid-${ns}-${name}`,
          groups: ["system:serviceaccounts", `system:serviceaccounts:${ns}`],
        }),
      ),
    fc
      .record({
        username: fc.constantFrom("alice", "bob"),
        groups: fc.subarray(["dev", "ops", "system:masters"]),
        scopes: fc.option(fc.subarray(["ci", "deploy"], { minLength: 1 }), { nil: undefined }),
      })
      .map(({ username, groups, scopes }) =>
        authenticated({ username, groups, ...(scopes !== undefined && { extra: { scopes } }) }),
      ),
    fc.constant({ username: "system:anonymous", groups: ["system:unauthenticated"] }),
  );
}
