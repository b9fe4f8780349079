import fc from "fast-check";
import { defaultSubject } from "../model/defaulting.ts";
import { noTrace } from "../model/trace.ts";
import { invariant } from "./invariant.ts";
import { same } from "./relations.ts";

export const manifestDecidesAsStored = invariant({
  name: "manifestDecidesAsStored",
  statement: "A manifest and its form with every documented default written out decide alike.",
  source:
    "k8s.io/kubernetes pkg/apis/admissionregistration/v1/defaults.go SetDefaults_MatchResources, SetDefaults_Rule, SetDefaults_ValidatingWebhook: the API server stores the defaulted object, and matching reads only the stored one",
  extra: fc.constant(undefined),
  // The documented defaults, written out by the model's defaulting (defaulting.ts quotes each).
  pair: (q) => [q, { ...q, subject: defaultSubject(q.subject, noTrace, q.kubernetesVersion) }],
  holds: same,
});
