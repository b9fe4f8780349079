// k8s.io/apiserver pkg/admission/plugin/webhook/predicates/object/matcher.go MatchObjectSelector.
import type { KubeObject, LabelSelector } from "../contract/kube.ts";
import type { Attributes } from "./attributes.ts";
import type { Labels, Requirement } from "./labelSelector.ts";
import { parseSelector, selectorMatches } from "./labelSelector.ts";
import { metadataLabels } from "./objectMeta.ts";
import type { PredicateResult } from "./statusError.ts";
import { failed, internalError, matched, notMatched } from "./statusError.ts";
import type { Trace } from "./trace.ts";

export function matchObjectSelector(selector: LabelSelector, attr: Attributes, trace: Trace): PredicateResult {
  const parsed = parseSelector(selector);
  if (!parsed.ok) {
    trace.take("objectSelector.parseError");
    return failed(internalError(parsed.error));
  }
  if (parsed.empty) {
    trace.take("objectSelector.emptyMatchesAll");
    return matched;
  }
  // matcher.go: the new object OR the old object.
  if (objectMatches(attr.object, parsed.requirements, trace)) {
    trace.take("objectSelector.newObjectMatches");
    return matched;
  }
  if (objectMatches(attr.oldObject, parsed.requirements, trace)) {
    trace.take("objectSelector.oldObjectMatches");
    return matched;
  }
  trace.take("objectSelector.neitherObjectMatches");
  return notMatched;
}

function objectMatches(object: KubeObject | null, requirements: readonly Requirement[], trace: Trace): boolean {
  const labels = objectLabels(object, trace);
  return labels !== null && selectorMatches(requirements, labels, trace);
}

// matcher.go matchObject: a nil object, or one without ObjectMeta, never matches.
function objectLabels(object: KubeObject | null, trace: Trace): Labels | null {
  if (object === null) {
    trace.take("objectSelector.nullObjectNeverMatches");
    return null;
  }
  const labels = metadataLabels(object);
  if (labels === null) trace.take("objectSelector.noMetadataNeverMatches");
  return labels;
}
