import fc from "fast-check";
import type { AdmissionRequest } from "../oracles/contract/kube.ts";
import { grammarCondition } from "./conditionShape.ts";
import { arrayOf, drawn, pick, take, weighted } from "./draw.ts";
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
  return drawn((rng, bias) => drawCelCondition(rng, bias, request));
}

/**
 * celCondition(request), drawn in plain code: what the letrec of oneofs, tuples and chains asked
 * the source, in their order (fast-check 4), so that a seed draws the conditions it drew. The
 * root oneof (depthSize "small", maxDepth 2) chooses among its five by weight at depths 0 and 1
 * (its depth benefit, ⌊1.5^depth⌋ − 1, is 0 there) and is an atom at depth 2, asking nothing.
 */
export function drawCelCondition(rng: fc.Random, bias: number | undefined, request: AdmissionRequest): string {
  const terms = termsOf(request);
  const cond = (depth: number): Condition => {
    const which = depth >= 2 ? 0 : weighted(rng, condWeights);
    switch (which) {
      case 0:
        return { text: drawAtom(rng, bias, terms), conditional: false };
      case 1: {
        const a = cond(depth + 1);
        return plain(`${a.text} && ${cond(depth + 1).text}`);
      }
      case 2: {
        const a = cond(depth + 1);
        return plain(`(${a.text} || ${cond(depth + 1).text})`);
      }
      case 3:
        return plain(`!(${cond(depth + 1).text})`);
      default: {
        const c = cond(depth + 1);
        const a = cond(depth + 1);
        return { text: `(${c.text} ? ${a.text} : ${cond(depth + 1).text})`, conditional: true };
      }
    }
  };
  const c = cond(0);
  return grammarCondition(c.text, c.conditional);
}

const condWeights = [6, 1, 1, 1, 1];

interface Condition {
  readonly text: string;
  readonly conditional: boolean;
}

const plain = (text: string): Condition => ({ text, conditional: false });

const q = (s: string) => `'${s}'`;

interface Term {
  readonly term: string;
  readonly values: readonly string[];
}

/**
 * The string terms a condition compares, with the constants that make it true for this request
 * (weighted so that about a third of the conditions err: the terms that are often absent, a
 * subresource, a uid, the old object of a CREATE, namespaceObject, which is always null, less).
 * `null` is the labels term, whose key is drawn.
 */
function termsOf(request: AdmissionRequest): readonly (Term | null)[] {
  const ownName = request.name ?? "";
  const user = request.userInfo;
  return [
    { term: "request.operation", values: [request.operation, "CREATE", "DELETE"] },
    { term: "request.name", values: [ownName, ...objectNames] },
    { term: "request.namespace", values: [request.namespace ?? "", ...namespaceNames] },
    { term: "request.subResource", values: [request.subResource ?? "", "status", "scale"] },
    { term: "request.resource.resource", values: [request.resource.resource, "pods"] },
    { term: "request.resource.group", values: [request.resource.group, "apps"] },
    { term: "request.kind.kind", values: [request.kind.kind, "Pod"] },
    { term: "request.requestKind.version", values: [request.kind.version, "v1"] },
    { term: "request.requestResource.resource", values: [request.resource.resource, "deployments"] },
    { term: "request.requestSubResource", values: [request.subResource ?? "", "status"] },
    { term: "object.metadata.generateName", values: ["gen-", "web-"] },
    { term: "request.userInfo.username", values: [user?.username ?? "", "alice", "system:admin"] },
    { term: "request.userInfo.uid", values: [user?.uid ?? "", "uid-prod-builder"] },
    { term: "object.metadata.name", values: [ownName, ...objectNames] },
    { term: "oldObject.metadata.name", values: [ownName, "web"] },
    { term: "object.metadata.namespace", values: [request.namespace ?? "", "prod"] },
    { term: "namespaceObject.metadata.name", values: [request.namespace ?? "", "prod"] },
    null,
    { term: "object.metadata.annotations['note']", values: ["x"] },
  ];
}

const termWeights = [3, 3, 3, 1, 3, 2, 3, 1, 1, 1, 1, 3, 1, 3, 1, 1, 1, 2, 1];
const labelTerms: readonly Term[] = labelKeys.map((k) => ({
  term: `object.metadata.labels[${q(k)}]`,
  values: labelValues,
}));
const stringFns = ["lowerAscii()", "upperAscii()", "trim()", "replace('-', '_')", "substring(1)", "charAt(0)"];

function baseTerm(rng: fc.Random, terms: readonly (Term | null)[]): Term {
  return terms[weighted(rng, termWeights)] ?? pick(rng, labelTerms);
}

/** A term as it is (4 in 5) or through a string function. */
function drawStringTerm(rng: fc.Random, terms: readonly (Term | null)[]): Term {
  if (weighted(rng, [4, 1]) === 0) return baseTerm(rng, terms);
  const b = baseTerm(rng, terms);
  const fn = pick(rng, stringFns);
  return { term: `${b.term}.${fn}`, values: b.values.map((v) => applied(fn, v)) };
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

const nat2 = fc.nat(2);
const nat3 = fc.nat(3);
const nat6 = fc.nat(6);
const nat9 = fc.nat(9);
const nat12 = fc.nat(12);
const smallInts = fc.integer({ min: -2, max: 3 });
const ones = (n: number): readonly number[] => Array.from({ length: n }, () => 1);
const ones2 = ones(2);
const ones4 = ones(4);
const ones6 = ones(6);
const ones11 = ones(11);
const ones13 = ones(13);

function drawStringAtom(rng: fc.Random, bias: number | undefined, terms: readonly (Term | null)[]): string {
  const { term, values } = drawStringTerm(rng, terms);
  // The request's own value first, half the time: a comparison is then true as often as false.
  const value = () => (weighted(rng, ones2) === 0 ? (values[0] ?? "") : pick(rng, values));
  const part = () => value().slice(0, 3);
  switch (weighted(rng, ones13)) {
    case 0:
      return `${term} == ${q(value())}`;
    case 1:
      return `${term} != ${q(value())}`;
    case 2:
      return `${term}.startsWith(${q(part())})`;
    case 3:
      return `${term}.endsWith(${q(value().slice(-2))})`;
    case 4:
      return `${term}.contains(${q(part())})`;
    case 5:
      return `${term}.matches(${q(`^${part().replace(/[^a-z0-9]/gi, ".")}`)})`;
    case 6:
      return `${term}.indexOf(${q(part())}) >= 0`;
    case 7:
      return `${term}.lastIndexOf(${q(pick(rng, ["-", "s"]))}) > 0`;
    case 8:
      return `string(size(${term})) == ${q(String(take(nat9, rng, bias)))}`;
    case 9:
      return `size(${term}) > ${take(nat6, rng, bias)}`;
    case 10:
      return `${term}.split(${q(pick(rng, [":", "-"]))}).size() > 1`;
    case 11:
      return `${term} in [${q(value())}, 'other']`;
    default:
      return `${term} + '!' == ${q(`${value()}!`)}`;
  }
}

const groups = ["system:authenticated", "system:serviceaccounts", "system:nodes", "system:masters", "dev", "ops"];
const listGroups = [...groups, "ci", "deploy", "system", "web"];
// The groups most (every user has some), extra least (few users carry it: absent, it errs).
const listTerms = [
  ...["request.userInfo.groups", "request.userInfo.groups", "request.userInfo.groups"],
  ...["request.userInfo.username.split(':')", "request.userInfo.username.split(':')"],
  "request.userInfo.extra['scopes']",
  "request.name.split('-')",
];

function drawPredicate(rng: fc.Random, bias: number | undefined, v: string): string {
  switch (weighted(rng, ones4)) {
    case 0:
      return `${v} == ${q(pick(rng, listGroups))}`;
    case 1:
      return `${v}.startsWith(${q(pick(rng, ["system:", "d", "w"]))})`;
    case 2:
      return `${v}.contains(${q(pick(rng, ["s", ":"]))})`;
    default:
      return `size(${v}) > ${take(nat12, rng, bias)}`;
  }
}

function drawListAtom(rng: fc.Random, bias: number | undefined): string {
  const g = () => pick(rng, listGroups);
  const list = () => pick(rng, listTerms);
  switch (weighted(rng, ones11)) {
    case 0: {
      const x = g();
      return `${q(x)} in ${list()}`;
    }
    case 1: {
      const l = list();
      const m = pick(rng, ["exists", "all", "exists_one"]);
      return `${l}.${m}(v, ${drawPredicate(rng, bias, "v")})`;
    }
    case 2: {
      const l = list();
      const p = drawPredicate(rng, bias, "v");
      return `${l}.filter(v, ${p}).size() >= ${take(nat2, rng, bias)}`;
    }
    case 3: {
      const l = list();
      return `${l}.map(v, v.upperAscii()).exists(u, u == ${q(g().toUpperCase())})`;
    }
    case 4: {
      const l = list();
      return `size(${l}) >= ${take(nat3, rng, bias)}`;
    }
    case 5: {
      const l = list();
      return `${l}.join(${q(pick(rng, [",", ""]))}).contains('system')`;
    }
    case 6:
      return "request.userInfo.groups.isSorted()";
    case 7: {
      const x = g();
      return `request.userInfo.groups.indexOf(${q(x)}) == ${pick(rng, [-1, 0, 1])}`;
    }
    case 8: {
      const x = g();
      return `request.userInfo.groups.lastIndexOf(${q(x)}) == ${pick(rng, [-1, 0, 1])}`;
    }
    case 9: {
      const m = pick(rng, ["min", "max"]);
      return `request.userInfo.groups.${m}() == ${q(g())}`;
    }
    default: {
      const xs = arrayOf(rng, bias, { minLength: 1, maxLength: 3 }, (r, b) => take(smallInts, r, b));
      return `[${xs.join(", ")}].${pick(rng, ["sum", "min", "max"])}() > 0`;
    }
  }
}

const maps = [
  ...["object.metadata.labels", "object.metadata.labels", "object.metadata.labels"],
  ...["oldObject.metadata.labels", "request.userInfo.extra"],
];
const keysAndScopes = [...labelKeys, "scopes"];
const hasAtoms = [
  "has(object.metadata.labels)",
  "has(object.metadata.annotations)",
  "has(object.metadata.generateName)",
  "has(oldObject.metadata)",
  "has(request.name)",
  "has(request.subResource)",
  "has(request.userInfo.uid)",
  "has(request.userInfo.groups)",
  "has(namespaceObject.metadata)",
];

function drawMapAtom(rng: fc.Random, bias: number | undefined): string {
  switch (weighted(rng, ones6)) {
    case 0: {
      const k = pick(rng, keysAndScopes);
      return `${q(k)} in ${pick(rng, maps)}`;
    }
    case 1: {
      const k = pick(rng, labelKeys);
      const v = pick(rng, labelValues);
      return `has(object.metadata.labels) && ${q(k)} in object.metadata.labels && object.metadata.labels[${q(k)}] == ${q(v)}`;
    }
    case 2: {
      const m = pick(rng, maps);
      return `${m}.exists(k, k.startsWith(${q(pick(rng, ["app", "example.com/", "scopes"]))}))`;
    }
    case 3: {
      const m = pick(rng, maps);
      const v = pick(rng, labelValues);
      return m.endsWith("extra") ? `${m}.all(k, size(${m}[k]) > 0)` : `${m}.all(k, ${m}[k] != ${q(v)})`;
    }
    case 4: {
      const m = pick(rng, maps);
      return `size(${m}) > ${take(nat2, rng, bias)}`;
    }
    default:
      return pick(rng, hasAtoms);
  }
}

const constantAtoms = [
  "request.dryRun",
  "!request.dryRun",
  "true",
  "false",
  "object.spec.absent == 1",
  "object.metadata.name + 1 > 0",
  "object.metadata.labels.all(k, k > 1)",
  "request.userInfo.extra['nope'].size() > 0",
  "size(object.metadata.name) > 1",
];

function drawAtom(rng: fc.Random, bias: number | undefined, terms: readonly (Term | null)[]): string {
  switch (weighted(rng, [6, 3, 2, 2])) {
    case 0:
      return drawStringAtom(rng, bias, terms);
    case 1:
      return drawListAtom(rng, bias);
    case 2:
      return drawMapAtom(rng, bias);
    default:
      return pick(rng, constantAtoms);
  }
}

/** Conditions upstream rejects when the policy or webhook is validated: they do not compile, or are not bool. */
export const invalidConditions: readonly string[] = [
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
];

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
