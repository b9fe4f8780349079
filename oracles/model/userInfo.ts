// Who sends a request: the case's request.userInfo, or the default user when it is left out.
import type { AdmissionRequest, UserInfo } from "../contract/kube.ts";

/**
 * The user of a request without userInfo (docs/case-format.md): a plain authenticated user, as
 * a real API server can impersonate it (Impersonate-User: matchconform adds system:authenticated,
 * k8s.io/apiserver pkg/endpoints/filters/impersonation/impersonation.go). The Go adapter kit
 * gives a request without userInfo the same user (kits/go/protocol DefaultUserInfo).
 */
export const defaultUserInfo: Required<Pick<UserInfo, "username" | "groups">> = {
  username: "matchconform",
  groups: ["system:authenticated"],
};

export function requestUser(request: AdmissionRequest): UserInfo {
  return request.userInfo ?? defaultUserInfo;
}
