// Inputs the loader accepts by schema but no real request can be: what the API server's own
// decoding and handlers rule out before admission. Each answer names the field and says why.
import type { Cluster } from "../../oracles/contract/cluster.ts";
import type { AdmissionRequest, KubeObject } from "../../oracles/contract/kube.ts";
import { sameGVR } from "../../oracles/model/attributes.ts";

export interface Unreal {
  /** Relative to the test: ".request.object.metadata.labels.tier", ".cluster.equivalentResources[2]". */
  readonly field: string;
  readonly message: string;
}

const printGVR = (r: AdmissionRequest["resource"]) =>
  `${r.group === "" ? "" : `${r.group}/`}${r.version} ${r.resource}`;

export function unrealRequest(r: AdmissionRequest): Unreal | undefined {
  return (
    nonStringLabel(r.object ?? null, ".request.object") ??
    nonStringLabel(r.oldObject ?? null, ".request.oldObject") ??
    createNamedOtherThanObject(r) ??
    unauthenticatedUser(r)
  );
}

/**
 * Labels reach admission as strings, for built-in and custom resources alike: a built-in object is
 * decoded into its Go type, and a custom resource's metadata is round-tripped through
 * metav1.ObjectMeta (k8s.io/apiextensions-apiserver pkg/apiserver/customresource_handler.go
 * unstructuredSchemaCoercer.apply -> schema/objectmeta GetObjectMetaWithOptions, which returns the
 * unmarshal error for a request body). encoding/json turns a null map value into "" and fails on a
 * number, so a null label arrives as "" and a number never arrives (400 before admission).
 */
function nonStringLabel(object: KubeObject | null, at: string): Unreal | undefined {
  const metadata = object?.metadata;
  if (typeof metadata !== "object" || metadata === null) return undefined;
  const labels = (metadata as Record<string, unknown>).labels;
  if (typeof labels !== "object" || labels === null) return undefined;
  for (const [key, value] of Object.entries(labels)) {
    if (typeof value === "string") continue;
    const field = `${at}.metadata.labels.${key}`;
    const why =
      "built-in objects are decoded into their Go type and a custom resource's metadata into metav1.ObjectMeta " +
      "(apiextensions-apiserver schema/objectmeta GetObjectMetaWithOptions) before admission";
    if (value === null)
      return { field, message: `a label value is a string; the API server decodes null as "" (${why}): write ""` };
    return {
      field,
      message: `a label value is a string; the API server rejects ${JSON.stringify(value)} with 400 (${why}), so no admission request carries it`,
    };
  }
  return undefined;
}

/**
 * k8s.io/apiserver pkg/endpoints/handlers/create.go: a create without a name in its URL takes the
 * object's metadata.name ("" only for a generateName create, line 152), and a create through PUT
 * must carry the URL's name in the object (update.go checkName). Either way a CREATE of a main
 * resource is named as its object is.
 */
function createNamedOtherThanObject(r: AdmissionRequest): Unreal | undefined {
  if (r.operation !== "CREATE" || (r.subResource ?? "") !== "" || r.object === undefined || r.object === null)
    return undefined;
  const metadata = r.object.metadata as Record<string, unknown> | undefined;
  const objectName = typeof metadata?.name === "string" ? metadata.name : "";
  const name = r.name ?? "";
  if (name === objectName) return undefined;
  const has = metadata === undefined ? "has no metadata" : `names itself ${JSON.stringify(objectName)}`;
  return {
    field: ".request.name",
    message:
      `a CREATE is named as its object is (k8s.io/apiserver pkg/endpoints/handlers/create.go takes the name from ` +
      `the object's metadata.name, "" only for generateName), but the name is ${JSON.stringify(name)} and the object ${has}`,
  };
}

/**
 * Every request reaches admission with a user the authentication chain made: a name, and
 * system:authenticated in its groups (k8s.io/apiserver pkg/authentication/group/
 * authenticated_group_adder.go; impersonation adds it too, endpoints/filters/impersonation/
 * impersonation.go), or system:unauthenticated (the only group system:anonymous can have).
 */
function unauthenticatedUser(r: AdmissionRequest): Unreal | undefined {
  const u = r.userInfo;
  if (u === undefined) return undefined;
  if ((u.username ?? "") === "")
    return { field: ".request.userInfo.username", message: "every authenticated or anonymous user has a name" };
  const groups = u.groups ?? [];
  const anonymous = u.username === "system:anonymous";
  if (anonymous ? groups.includes("system:unauthenticated") : groups.some((g) => /^system:(un)?authenticated$/.test(g)))
    return undefined;
  const needed = anonymous ? "system:unauthenticated" : "system:authenticated (or system:unauthenticated)";
  return {
    field: ".request.userInfo.groups",
    message: `a request's user carries ${needed}: authentication adds it (k8s.io/apiserver pkg/authentication/group/authenticated_group_adder.go, endpoints/filters/impersonation/impersonation.go)`,
  };
}

/**
 * cluster.equivalentResources is the registry's answer for the request's resource
 * (k8s.io/apimachinery pkg/runtime/mapper.go EquivalentResourcesFor). The API server registers
 * every resource it serves, once, with one kind (k8s.io/apiserver pkg/endpoints/installer.go
 * RegisterKindFor per served path; a CRD's versions once each): the answer holds the request's own
 * resource and no resource twice.
 */
export function unrealEquivalents(cluster: Cluster | undefined, r: AdmissionRequest): Unreal | undefined {
  const listed = cluster?.equivalentResources;
  if (listed === undefined || listed.length === 0) return undefined;
  for (const [i, e] of listed.entries()) {
    const first = listed.findIndex((o) => sameGVR(o.resource, e.resource));
    if (first !== i)
      return {
        field: `.cluster.equivalentResources[${i}]`,
        message: `lists ${printGVR(e.resource)} a second time (first at [${first}]): the API server registers each resource it serves once, with one kind (installer.go RegisterKindFor)`,
      };
  }
  if (!listed.some((e) => sameGVR(e.resource, r.resource)))
    return {
      field: ".cluster.equivalentResources",
      message: `leaves out the request's own resource ${printGVR(r.resource)}: it is the registry's answer for that resource (mapper.go EquivalentResourcesFor), which holds the resource itself, as every served resource is registered (installer.go RegisterKindFor)`,
    };
  return undefined;
}
