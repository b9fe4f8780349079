// "Derives the resource from the kind (guesses the plural)": the divergence disappears when the
// custom resource of the request is renamed, consistently through the request and the rules, to a
// kind whose plural no guess gets wrong (Widget, widgets). kube-apiserver decides on the names the
// rules and the request give, so the rename leaves its decision as it was; an implementation that
// then agrees made the resource from the kind (Gateway → gatewaies) instead of reading it. A
// custom resource named namespaces keeps its name and gets the kind Namespace instead.

import { apiResources } from "../../../generators/apiResources.ts";
import type { Query } from "../../../oracles/contract/query.ts";
import { clauses } from "../../../oracles/model/clauses.ts";
import type { Behaviour } from "../diagnosis.ts";
import type { Probe } from "./counterfactual.ts";
import { probeRule } from "./counterfactual.ts";
import { renameResource } from "./rewrite.ts";

export const guessesPluralBehaviour: Behaviour = {
  name: "derives the resource from the kind",
  title:
    "derives the resource from the kind (guesses the plural): the implementation matches a custom resource under a plural it makes from the kind; kube-apiserver matches the request's resource, the CRD's spec.names.plural",
  source: clauses["rules.resource.exact"].source,
};

const builtin = (group: string, resource: string) =>
  group === "" || apiResources.some((r) => r.group === group && r.resource === resource);

const plain = { resource: "widgets", kind: "Widget" };

export const guessesPlural: Probe = {
  name: "guessesPlural",
  change(q: Query) {
    const { resource, kind, subResource } = q.request;
    // A subresource other than status carries a kind of its own (Scale), which a rename would not follow.
    if (builtin(resource.group, resource.resource) || resource.resource === plain.resource) return undefined;
    if ((subResource ?? "") !== "" && subResource !== "status") return undefined;
    // kube-apiserver treats a resource named namespaces as one whatever its group, so that name
    // stays: the kind becomes the one every guess makes it from (Tenant → Namespace).
    if (resource.resource === "namespaces")
      return renameResource(q, { resource, kind: { ...kind, kind: "Namespace" } }, "rename");
    return renameResource(
      q,
      {
        resource: { ...resource, resource: plain.resource },
        kind: { ...kind, kind: plain.kind },
      },
      "rename",
    );
  },
  renames: true,
  behaviour: () => guessesPluralBehaviour,
};

export const guessesPluralRule = probeRule(guessesPlural);
