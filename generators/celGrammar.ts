import fc from "fast-check";
import type { AdmissionRequest } from "../oracles/contract/kube.ts";
import { grammarCondition } from "./conditionShape.ts";
import { labelKeys, labelValues, namespaceNames, objectNames } from "./vocabulary.ts";

/**
 * The CEL a matchCondition is drawn from: what upstream's conditions read (compile.go's request
 * fields, object and oldObject metadata, namespaceObject) through the operators, macros and the
 * strings and lists libraries the model covers, nested to a bounded depth. The constants come
 * from the request and the vocabularies, so that a condition is true often enough; missing keys,
 * absent fields, null objects and mismatched operands make it err at run time.
 *
 *   cond   := atom | cond && cond | cond || cond | !cond | cond ? cond : cond   (depth ≤ 2)
 *   atom   := str op 'lit' | str.fn('lit') | 'lit' in list | list.macro(v, pred(v)) | has(…)
 *           | size(…) cmp n | lists library | request.dryRun | true | false | erring
 *   str    := request.{operation,name,namespace,subResource,resource.*,kind.*,userInfo.*}
 *           | object.metadata.{name,namespace,labels['k'],annotations['k']} | oldObject.… | namespaceObject.…
 *           | str.lowerAscii() | str.upperAscii() | str.trim() | str.replace('a', 'b') | str.substring(n)
 */
export function celCondition(request: AdmissionRequest): fc.Arbitrary<string> {
  // The maps carry whether the root is a conditional, which the shape of a condition notes
  // (conditionShape.ts); they ask nothing of the source, so the draws are the strings they were.
  const atoms = atom(request).map((text): Drawn => ({ text, conditional: false }));
  const { cond } = fc.letrec<{ cond: Drawn }>((tie) => ({
    cond: fc.oneof(
      { depthSize: "small", maxDepth: 2, withCrossShrink: true },
      { arbitrary: atoms, weight: 6 },
      { arbitrary: fc.tuple(tie("cond"), tie("cond")).map(([a, b]) => plain(`${a.text} && ${b.text}`)), weight: 1 },
      { arbitrary: fc.tuple(tie("cond"), tie("cond")).map(([a, b]) => plain(`(${a.text} || ${b.text})`)), weight: 1 },
      { arbitrary: tie("cond").map((a) => plain(`!(${a.text})`)), weight: 1 },
      {
        arbitrary: fc
          .tuple(tie("cond"), tie("cond"), tie("cond"))
          .map(([c, a, b]): Drawn => ({ text: `(${c.text} ? ${a.text} : ${b.text})`, conditional: true })),
        weight: 1,
      },
    ),
  }));
  return cond.map((c) => grammarCondition(c.text, c.conditional));
}

interface Drawn {
  readonly text: string;
  readonly conditional: boolean;
}

const plain = (text: string): Drawn => ({ text, conditional: false });

const q = (s: string) => `'${s}'`;

function stringTerm(request: AdmissionRequest): fc.Arbitrary<{ term: string; values: readonly string[] }> {
  const ownName = request.name ?? "";
  const user = request.userInfo;
  const term = (t: string, values: readonly string[], weight: number) => ({
    arbitrary: fc.constant({ term: t, values }),
    weight,
  });
  // Weighted so that about a third of the conditions err: the terms that are often absent (a
  // subresource, a uid, the old object of a CREATE, namespaceObject, which is always null) less.
  const base = fc.oneof(
    term("request.operation", [request.operation, "CREATE", "DELETE"], 3),
    term("request.name", [ownName, ...objectNames], 3),
    term("request.namespace", [request.namespace ?? "", ...namespaceNames], 3),
    term("request.subResource", [request.subResource ?? "", "status", "scale"], 1),
    term("request.resource.resource", [request.resource.resource, "pods"], 3),
    term("request.resource.group", [request.resource.group, "apps"], 2),
    term("request.kind.kind", [request.kind.kind, "Pod"], 3),
    term("request.requestKind.version", [request.kind.version, "v1"], 1),
    term("request.requestResource.resource", [request.resource.resource, "deployments"], 1),
    term("request.requestSubResource", [request.subResource ?? "", "status"], 1),
    term("object.metadata.generateName", ["gen-", "web-"], 1),
    term("request.userInfo.username", [user?.username ?? "", "alice", "system:admin"], 3),
    term("request.userInfo.uid", [user?.uid ?? "", "uid-prod-builder"], 1),
    term("object.metadata.name", [ownName, ...objectNames], 3),
    term("oldObject.metadata.name", [ownName, "web"], 1),
    term("object.metadata.namespace", [request.namespace ?? "", "prod"], 1),
    term("namespaceObject.metadata.name", [request.namespace ?? "", "prod"], 1),
    {
      arbitrary: fc
        .constantFrom(...labelKeys)
        .map((k) => ({ term: `object.metadata.labels[${q(k)}]`, values: labelValues as readonly string[] })),
      weight: 2,
    },
    term("object.metadata.annotations['note']", ["x"], 1),
  );
  return fc.oneof(
    { arbitrary: base, weight: 4 },
    {
      arbitrary: fc
        .tuple(
          base,
          fc.constantFrom("lowerAscii()", "upperAscii()", "trim()", "replace('-', '_')", "substring(1)", "charAt(0)"),
        )
        .map(([b, fn]) => ({ term: `${b.term}.${fn}`, values: b.values.map((v) => applied(fn, v)) })),
      weight: 1,
    },
  );
}

// What the function makes of a constant, so that the comparison is true for it sometimes.
function applied(fn: string, v: string): string {
  if (fn.startsWith("lower")) return v.toLowerCase();
  if (fn.startsWith("upper")) return v.toUpperCase();
  if (fn.startsWith("replace")) return v.replaceAll("-", "_");
  if (fn.startsWith("substring")) return v.slice(1);
  if (fn.startsWith("charAt")) return v.slice(0, 1);
  return v.trim();
}

function stringAtom(request: AdmissionRequest): fc.Arbitrary<string> {
  return stringTerm(request).chain(({ term, values }) => {
    // The request's own value first, half the time: a comparison is then true as often as false.
    const value = fc.oneof(fc.constant(values[0] ?? ""), fc.constantFrom(...values));
    const part = value.map((v) => v.slice(0, 3));
    return fc.oneof(
      value.map((v) => `${term} == ${q(v)}`),
      value.map((v) => `${term} != ${q(v)}`),
      part.map((p) => `${term}.startsWith(${q(p)})`),
      value.map((v) => `${term}.endsWith(${q(v.slice(-2))})`),
      part.map((p) => `${term}.contains(${q(p)})`),
      part.map((p) => `${term}.matches(${q(`^${p.replace(/[^a-z0-9]/gi, ".")}`)})`),
      part.map((p) => `${term}.indexOf(${q(p)}) >= 0`),
      fc.constantFrom("-", "s").map((p) => `${term}.lastIndexOf(${q(p)}) > 0`),
      fc.nat(9).map((n) => `string(size(${term})) == ${q(String(n))}`),
      fc.nat(6).map((n) => `size(${term}) > ${n}`),
      fc.constantFrom(":", "-").map((sep) => `${term}.split(${q(sep)}).size() > 1`),
      value.map((v) => `${term} in [${q(v)}, 'other']`),
      value.map((v) => `${term} + '!' == ${q(`${v}!`)}`),
    );
  });
}

const groups = ["system:authenticated", "system:serviceaccounts", "system:nodes", "system:masters", "dev", "ops"];
// The groups most (every user has some), extra least (few users carry it: absent, it errs).
const listTerms = [
  ...["request.userInfo.groups", "request.userInfo.groups", "request.userInfo.groups"],
  ...["request.userInfo.username.split(':')", "request.userInfo.username.split(':')"],
  "request.userInfo.extra['scopes']",
  "request.name.split('-')",
];

function listAtom(): fc.Arbitrary<string> {
  const list = fc.constantFrom(...listTerms);
  const g = fc.constantFrom(...groups, "ci", "deploy", "system", "web");
  const pred = (v: string) =>
    fc.oneof(
      g.map((x) => `${v} == ${q(x)}`),
      fc.constantFrom("system:", "d", "w").map((p) => `${v}.startsWith(${q(p)})`),
      fc.constantFrom("s", ":").map((p) => `${v}.contains(${q(p)})`),
      fc.nat(12).map((n) => `size(${v}) > ${n}`),
    );
  return fc.oneof(
    fc.tuple(g, list).map(([x, l]) => `${q(x)} in ${l}`),
    fc.tuple(list, fc.constantFrom("exists", "all", "exists_one"), pred("v")).map(([l, m, p]) => `${l}.${m}(v, ${p})`),
    fc.tuple(list, pred("v"), fc.nat(2)).map(([l, p, n]) => `${l}.filter(v, ${p}).size() >= ${n}`),
    fc.tuple(list, g).map(([l, x]) => `${l}.map(v, v.upperAscii()).exists(u, u == ${q(x.toUpperCase())})`),
    fc.tuple(list, fc.nat(3)).map(([l, n]) => `size(${l}) >= ${n}`),
    fc.tuple(list, fc.constantFrom(",", "")).map(([l, sep]) => `${l}.join(${q(sep)}).contains('system')`),
    fc.constant("request.userInfo.groups.isSorted()"),
    fc.tuple(g, fc.constantFrom(-1, 0, 1)).map(([x, i]) => `request.userInfo.groups.indexOf(${q(x)}) == ${i}`),
    fc.tuple(g, fc.constantFrom(-1, 0, 1)).map(([x, i]) => `request.userInfo.groups.lastIndexOf(${q(x)}) == ${i}`),
    fc.tuple(fc.constantFrom("min", "max"), g).map(([m, x]) => `request.userInfo.groups.${m}() == ${q(x)}`),
    fc
      .tuple(
        fc.array(fc.integer({ min: -2, max: 3 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom("sum", "min", "max"),
      )
      .map(([xs, m]) => `[${xs.join(", ")}].${m}() > 0`),
  );
}

function mapAtom(): fc.Arbitrary<string> {
  const map = fc.constantFrom(
    ...["object.metadata.labels", "object.metadata.labels", "object.metadata.labels"],
    ...["oldObject.metadata.labels", "request.userInfo.extra"],
  );
  return fc.oneof(
    fc.tuple(fc.constantFrom(...labelKeys, "scopes"), map).map(([k, m]) => `${q(k)} in ${m}`),
    fc
      .tuple(fc.constantFrom(...labelKeys), fc.constantFrom(...labelValues))
      .map(
        ([k, v]) =>
          `has(object.metadata.labels) && ${q(k)} in object.metadata.labels && object.metadata.labels[${q(k)}] == ${q(v)}`,
      ),
    fc
      .tuple(map, fc.constantFrom("app", "example.com/", "scopes"))
      .map(([m, p]) => `${m}.exists(k, k.startsWith(${q(p)}))`),
    fc
      .tuple(map, fc.constantFrom(...labelValues))
      .map(([m, v]) => (m.endsWith("extra") ? `${m}.all(k, size(${m}[k]) > 0)` : `${m}.all(k, ${m}[k] != ${q(v)})`)),
    fc.tuple(map, fc.nat(2)).map(([m, n]) => `size(${m}) > ${n}`),
    fc.constantFrom(
      "has(object.metadata.labels)",
      "has(object.metadata.annotations)",
      "has(object.metadata.generateName)",
      "has(oldObject.metadata)",
      "has(request.name)",
      "has(request.subResource)",
      "has(request.userInfo.uid)",
      "has(request.userInfo.groups)",
      "has(namespaceObject.metadata)",
    ),
  );
}

function atom(request: AdmissionRequest): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: stringAtom(request), weight: 6 },
    { arbitrary: listAtom(), weight: 3 },
    { arbitrary: mapAtom(), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        "request.dryRun",
        "!request.dryRun",
        "true",
        "false",
        "object.spec.absent == 1",
        "object.metadata.name + 1 > 0",
        "object.metadata.labels.all(k, k > 1)",
        "request.userInfo.extra['nope'].size() > 0",
        "size(object.metadata.name) > 1",
      ),
      weight: 2,
    },
  );
}

/** Conditions upstream rejects when the policy or webhook is validated: they do not compile, or are not bool. */
export const invalidCondition: fc.Arbitrary<string> = fc.constantFrom(
  "6",
  "'yes'",
  "request.name",
  "params.enabled == true",
  "request.uid == ''",
  "request.foo == 'x' || request.bar == 'y'",
  "request.userInfo.name == 'a'",
  "request.name == 1",
  "request.userInfo.groups.exists(g, g == 1)",
  "has(request.foo)",
  "objects.metadata.name == 'web'",
  "object.metadata.name == 'web' &&",
  "object.x in [1, 2,",
);

/**
 * Conditions on `params`, for a policy with a paramKind (generators/params.ts): its name,
 * namespace and labels, the fields the drawn param objects carry (spec.max, or data.max of a
 * ConfigMap), null when no param is found; absent labels or fields err.
 */
export const paramsConditions: readonly string[] = [
  "params == null",
  "params != null",
  "params.metadata.name == 'a'",
  "params.metadata.name.startsWith('b')",
  "params.metadata.name in ['a', 'c']",
  "params.metadata.namespace == request.namespace",
  "has(params.spec) && params.spec.max > 2",
  "params.spec.max > 2",
  "params.spec.max <= size(request.userInfo.groups)",
  "has(params.metadata.labels) && params.metadata.labels['tier'] == 'gold'",
  "'tier' in params.metadata.labels",
  "params.metadata.labels.exists(k, params.metadata.labels[k] == 'silver')",
  "has(params.data) && params.data.max == '3'",
  "params != null && params.metadata.name != request.name",
];
