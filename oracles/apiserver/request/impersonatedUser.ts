// The user a probe request is sent as: the case's userInfo (or the format's default user) by
// impersonation, with the probe's own extra key, and what of it the server sees otherwise.
import type { UserInfo } from "../../contract/kube.ts";
import { defaultUserInfo } from "../../model/userInfo.ts";
import type { Impersonation } from "../controlPlane/kubeHttp.ts";
import { probeExtraKey } from "../probe/names.ts";
import type { SeenOtherwise } from "./seenOtherwise.ts";

export interface SentUser {
  /** How the request is sent; undefined when the user cannot be (then the default user is sent). */
  readonly impersonation: Impersonation;
  /** What of request.userInfo the server sees otherwise than the case states it. */
  readonly differs: readonly SeenOtherwise[];
}

const anonymous = "system:anonymous";
const serviceAccount = /^system:serviceaccount:([^:]+):([^:]+)$/;
// A header value as sent is what the server reads: printable ASCII, no space at either end (Go trims it).
const plain = (v: string) => /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(v);
// An extra key travels in a header name, which the server lowercases (impersonation.go).
const plainKey = (k: string) => /^[a-z0-9._\-/:]+$/.test(k);

/**
 * The groups the server gives an impersonated user (k8s.io/apiserver v0.37.2
 * pkg/endpoints/filters/impersonation/impersonation.go:62-156): a service account's own groups when
 * none are given (MakeGroupNames), then system:authenticated appended for any user but
 * system:anonymous unless system:authenticated or system:unauthenticated is among them, and
 * system:unauthenticated appended for system:anonymous unless there.
 */
export function groupsOnServer(username: string, groups: readonly string[]): string[] {
  const sa = serviceAccount.exec(username);
  const base = groups.length === 0 && sa ? ["system:serviceaccounts", `system:serviceaccounts:${sa[1]}`] : [...groups];
  if (username !== anonymous) {
    if (!base.some((g) => g === "system:authenticated" || g === "system:unauthenticated"))
      base.push("system:authenticated");
  } else if (!base.includes("system:unauthenticated")) base.push("system:unauthenticated");
  return base;
}

/** The request's user as it is sent, with the probe's tag, and what the server sees otherwise. */
export function sentUser(stated: UserInfo | undefined, tag: string): SentUser {
  const u: UserInfo = stated ?? defaultUserInfo;
  const differs: SeenOtherwise[] = [
    { path: ["request", "userInfo", "extra", probeExtraKey], why: "the probe's own extra key confines it" },
  ];
  const user = u.username ?? "";
  const usable = user !== "" && plain(user) && user !== anonymous;
  if (!usable)
    differs.push({
      path: ["request", "userInfo"],
      why:
        user === anonymous
          ? "the oracle grants no rights to system:anonymous, so the request is sent as the default user"
          : "a username that cannot be impersonated as given: the request is sent as the default user",
    });
  const groups = (u.groups ?? []).filter(plain);
  if (usable && (groups.length !== (u.groups ?? []).length || !same(groupsOnServer(user, groups), u.groups ?? [])))
    differs.push({
      path: ["request", "userInfo", "groups"],
      why: `the server gives the impersonated user the groups ${JSON.stringify(groupsOnServer(user, groups))}`,
    });
  const uid = u.uid ?? "";
  if (usable && uid !== "" && !plain(uid))
    differs.push({ path: ["request", "userInfo", "uid"], why: "a uid that cannot be sent as given" });
  const extra: Record<string, string[]> = {};
  for (const [k, vs] of Object.entries(u.extra ?? {})) {
    if (plainKey(k) && k !== probeExtraKey && vs.length > 0 && vs.every(plain)) extra[k] = [...vs];
    else if (usable)
      differs.push({
        path: ["request", "userInfo", "extra", k],
        why: "an extra key or value that cannot be sent as given (a header name is lowercased, values trimmed)",
      });
  }
  extra[probeExtraKey] = [tag];
  const impersonation: Impersonation = usable
    ? { user, groups, ...(uid !== "" && plain(uid) && { uid }), extra }
    : { user: defaultUserInfo.username, extra: { [probeExtraKey]: [tag] } };
  return { impersonation, differs };
}

const same = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);
