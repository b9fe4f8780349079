// What of a query the server can be asked, and how: the query renamed into its own namespaces
// (and CRD group), what must be realised for it, or the reason it cannot be asked (the first that
// applies), and the object to send.
import { carriesParams } from "../../contract/features.ts";
import type { EquivalentResource } from "../../contract/kube.ts";
import type { Query } from "../../contract/query.ts";
import type { SubjectKind } from "../../contract/subject.ts";
import type { Minor } from "../../contract/versions.ts";
import { builtinEquivalents } from "../../model/equivalents.ts";
import type { ProbeNames } from "../probe/names.ts";
import { webhookTag } from "../probe/names.ts";
import { customResourceFor } from "../request/customResources.ts";
import { sentUser } from "../request/impersonatedUser.ts";
import { realiseParams } from "../request/paramObjects.ts";
import { isNamespaceResource, renameQuery, sharedNamespacePrefix } from "../request/rename.ts";
import { realisable } from "../request/resources.ts";
import { storesObject } from "../request/setUp.ts";
import type { Work } from "../work.ts";
import { skipped } from "../work.ts";
import { labelConfined } from "./labelConfined.ts";
import { whyNotAsked } from "./whyNotAsked.ts";

/** `renameAs`: the id whose namespaces and names the query is renamed into (batch/families.ts familyRenames), its own by default. */
export function prepare(
  asked: Query,
  names: ProbeNames,
  minor: Minor,
  subjects: readonly SubjectKind[],
  renameAs: string = names.id,
): Work {
  const q0 = missingNamespaceUnread(asked);
  const base: Pick<Work, "names" | "answer" | "renamed" | "user"> = {
    names,
    user: sentUser(q0.request.userInfo, webhookTag(names)),
    answer: skipped("not probed"),
    renamed: { namespaces: new Map(), names: new Map() },
  };
  const done = (why: string): Work => ({
    ...base,
    query: q0,
    r: undefined as never,
    state: "done",
    answer: skipped(why),
  });
  if (!subjects.includes(q0.subject.kind)) return done(`${q0.subject.kind} is not realised`);
  const custom = customResourceFor(q0, names.runId);
  if (custom !== undefined && !custom.ok) return done(custom.why);
  const stated = q0.cluster.equivalentResources;
  if (
    custom === undefined &&
    stated !== undefined &&
    !sameRegistry(stated, builtinEquivalents(q0.request.resource, q0.request.subResource ?? "", minor))
  )
    return done(
      `the case states equivalentResources for built-in ${q0.request.resource.group}/${q0.request.resource.resource} other than the server's own registry of ${minor}, which cannot be imposed`,
    );
  const q = custom?.query ?? q0;
  const real: ReturnType<typeof realisable> = custom ? { ok: true, r: custom.r } : realisable(q.request);
  // A query that stores nothing in its namespaces shares them with the run's other such queries.
  const shared = !carriesParams(q0) && !isNamespaceResource(q.request) && !(real.ok && storesObject(q.request, real.r));
  const unique = renameQuery(
    q,
    `mc-${names.runId}-${renameAs}`,
    real.ok && !real.r.namespaced,
    shared ? (n, l) => sharedNamespacePrefix(names.runId, n, l) : undefined,
  );
  const renamed = unique.query;
  const params = carriesParams(q0) ? realiseParams(q0, unique.namespaces, names.runId, webhookTag(names)) : undefined;
  if (params !== undefined && !params.ok) return done(params.why);
  // A params probe is confined by its label on the objects (subject/confinement.ts labelledOnly).
  if (params !== undefined && ((q.request.subResource ?? "") !== "" || isNamespaceResource(q.request)))
    return done(
      "a params probe is confined by a label on the request's objects, which a subresource's objects and a namespace's own labels do not carry as the case states them",
    );
  if (!real.ok)
    return {
      ...base,
      renamed: unique,
      query: renamed,
      ...(params?.ok && { params: params.p }),
      r: undefined as never,
      state: "invalid?",
      answer: skipped(real.why),
    };
  const reasonIf = (labelled: boolean) => whyNotAsked({ q0, q, renamed, r: real.r, user: base.user, labelled }, minor);
  const reason = reasonIf(params !== undefined);
  // A params probe is labelled always; another policy probe where the label changes no verdict.
  const labelled = params !== undefined || (reason === undefined && labelConfined(q, real.r, reasonIf));
  const crd = custom?.crd;
  const made = {
    ...base,
    sharedNamespaces: shared,
    renamed: unique,
    query: renamed,
    r: real.r,
    ...(crd && { crd }),
    ...(params?.ok && { params: params.p }),
    ...(labelled && { labelled }),
  };
  if (reason !== undefined) return { ...made, state: "invalid?", answer: skipped(reason) };
  return { ...made, state: "probe" };
}

/** The same registry answer: the same resources and kinds in the same order. */
function sameRegistry(a: readonly EquivalentResource[], b: readonly EquivalentResource[]): boolean {
  return JSON.stringify(a.map((e) => [e.resource, e.kind])) === JSON.stringify(b.map((e) => [e.resource, e.kind]));
}

/**
 * A webhook without a namespaceSelector (or with an empty one) never looks its request's namespace
 * up (webhook/predicates/namespace/matcher.go MatchNamespaceSelector returns before the lister), so
 * whether the namespace exists cannot change its decision; the server, though, rejects a request
 * into a missing namespace in NamespaceLifecycle, before admission. Such a query is asked with the
 * namespace there, without labels. Policies are not: a matched policy reads the namespace for
 * namespaceObject, and errs without it.
 */
function missingNamespaceUnread(q: Query): Query {
  const ns = q.request.namespace;
  const s = q.subject;
  const known = ns === undefined || ns === "" || q.cluster.namespaces?.[ns] !== undefined;
  if (known || !("webhook" in s) || isNamespaceResource(q.request)) return q;
  const sel = s.webhook.namespaceSelector;
  const empty =
    sel === undefined || (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0);
  return empty ? { ...q, cluster: { ...q.cluster, namespaces: { ...q.cluster.namespaces, [ns]: {} } } } : q;
}
