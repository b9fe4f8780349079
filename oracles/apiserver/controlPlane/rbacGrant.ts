// The rights the users a batch impersonates need to send their dry-run requests: a ClusterRole
// of the run (every verb a probe sends, on everything) bound, for the batch's lifetime, to the
// batch's usernames and its sentinel's user. Without it RBAC would refuse them before admission.
// Neither escalates: the role has no `bind` or `escalate`, so a user cannot grant more.
import type { ProbeNames } from "../probe/names.ts";
import { labels, runLabel } from "../probe/names.ts";

export const rbacPath = "/apis/rbac.authorization.k8s.io/v1";

export const grantName = (runId: string) => `mc-${runId}-probe`;

export function grantRole(runId: string): Record<string, unknown> {
  return {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRole",
    metadata: { name: grantName(runId), labels: { [runLabel]: runId } },
    rules: [
      {
        apiGroups: ["*"],
        resources: ["*"],
        verbs: ["get", "create", "update", "patch", "delete", "deletecollection"],
      },
    ],
  };
}

/** The batch's binding of the run's role to its users (usernames, as RBAC matches a User subject). */
export function grantBinding(p: Omit<ProbeNames, "id">, users: readonly string[]): Record<string, unknown> {
  return {
    apiVersion: "rbac.authorization.k8s.io/v1",
    kind: "ClusterRoleBinding",
    metadata: { name: `${grantName(p.runId)}-${p.batch}`, labels: labels(p) },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: grantName(p.runId) },
    subjects: [...new Set(users)].map((name) => ({ apiGroup: "rbac.authorization.k8s.io", kind: "User", name })),
  };
}
