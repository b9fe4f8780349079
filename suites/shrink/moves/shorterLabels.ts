// Labels: a long key or value renamed everywhere it appears (selectors, objects, namespaces), unless
// a real cluster's (app.kubernetes.io/name, production: realVocabulary.ts), which read as they are.
import type { Query } from "../../../oracles/contract/query.ts";
import type { Move } from "../move.ts";
import { realLabelKeys, realLabelValues } from "../realVocabulary.ts";

export const shortKeys = ["app", "team", "env"];

export const shortValues = ["web", "db", "prod"];

export function shorterLabels(q: Query): Move[] {
  const text = JSON.stringify(q);
  const keys = new Set<string>();
  const values = new Set<string>();
  collectLabels(q, keys, values);
  const moves: Move[] = [];
  for (const key of keys) {
    if (realLabelKeys.has(key) || shortKeys.includes(key)) continue;
    const to = shortKeys.find((k) => !keys.has(k));
    if (to) moves.push({ what: `the label key ${to} instead of ${key}`, query: replaceString(text, key, to) });
  }
  for (const value of values) {
    if (realLabelValues.has(value) || shortValues.includes(value) || value.length <= 3) continue;
    const to = shortValues.find((v) => !values.has(v));
    if (to) moves.push({ what: `the label value ${to} instead of ${value}`, query: replaceString(text, value, to) });
  }
  return moves;
}

/** Label keys and values wherever they appear: labels, matchLabels, matchExpressions. */
export function collectLabels(q: Query, keys: Set<string>, values: Set<string>): void {
  const visit = (node: unknown, parent: string): void => {
    if (Array.isArray(node)) {
      for (const x of node) {
        if (parent === "values" && typeof x === "string") values.add(x);
        else visit(x, parent);
      }
      return;
    }
    if (typeof node !== "object" || node === null) return;
    for (const [k, v] of Object.entries(node)) {
      if (parent === "labels" || parent === "matchLabels") {
        keys.add(k);
        if (typeof v === "string") values.add(v);
      } else if (k === "key" && parent === "matchExpressions" && typeof v === "string") keys.add(v);
      else visit(v, k);
    }
  };
  visit(q.subject, "");
  visit(q.request.object, "");
  visit(q.request.oldObject, "");
  for (const labels of Object.values(q.cluster.namespaces ?? {})) visit({ labels }, "");
}

/** Every JSON string equal to `from` becomes `to`; keys of maps included. */
function replaceString(json: string, from: string, to: string): Query {
  return JSON.parse(json.split(JSON.stringify(from)).join(JSON.stringify(to))) as Query;
}
