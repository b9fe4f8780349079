// The version the server serves MutatingAdmissionPolicy at, read from its discovery: before 1.36 it
// is v1beta1 (1.34-1.35) or v1alpha1 (1.32-1.33), and only where the feature gate and the runtime
// config switch it on (localControlPlane.ts mutatingPolicyFlags), so the minor alone cannot tell.
import type { MutatingPolicyVersion } from "../probe/names.ts";
import { mutatingPolicyVersions } from "../probe/names.ts";
import type { KubeHttp } from "./kubeHttp.ts";
import { ok } from "./kubeHttp.ts";

/** The newest version serving mutatingadmissionpolicies and their bindings; undefined if none does. */
export async function servedMutatingVersion(http: KubeHttp): Promise<MutatingPolicyVersion | undefined> {
  for (const version of mutatingPolicyVersions) {
    const r = await http.call("GET", `/apis/admissionregistration.k8s.io/${version}`);
    if (!ok(r)) continue; // 404: the version is not served
    const served = new Set(((r.body as { resources?: { name: string }[] }).resources ?? []).map((x) => x.name));
    if (served.has("mutatingadmissionpolicies") && served.has("mutatingadmissionpolicybindings")) return version;
  }
  return undefined;
}
