#!/usr/bin/env node
// offline-evaluator: a miniature of an offline policy tool (a CLI that evaluates admission policies
// against local files, without a cluster), with the mistakes such tools were seen to make. It is
// the reference model (../model-matcher.mjs) behind line protocol v1, and each `--bug` switch
// changes what the model is asked the way the real tool misreads its input, so that its causes are
// known: the suite must report each as one cause, named for what the tool does.
//
// Usage:  node offline-evaluator.mjs [--bug <name>[,<name>...]]     (or MATCHER_BUG=<name>,...)
//         node offline-evaluator.mjs --list-bugs
// In a checkout only, as it runs the model's TypeScript sources (like ../model-matcher.mjs).
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register();
const { default: model } = await import("../model-matcher.mjs");
const { apiResources } = await import("../../generators/apiResources.ts");

const BUGS = {
  "plural-from-kind":
    "a custom resource's plural is derived from its kind by an English rule (y → ies: Gateway → gatewaies), not read from the request",
  "resource-names-star":
    'resourceNames: ["*"] is taken as a wildcard (every name), although it names an object called *',
  "conditions-never-evaluated":
    "matchConditions are compiled (an invalid one is still rejected) but never evaluated: the tool decides as if there were none",
};

function chooseBugs(argv, env) {
  const names = (env.MATCHER_BUG ?? "").split(",").filter((n) => n !== "");
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--bug") names.push(...(argv[++i] ?? "").split(",").filter((n) => n !== ""));
    else if (argv[i] === "--list-bugs") {
      for (const [name, what] of Object.entries(BUGS)) process.stdout.write(`${name}\t${what}\n`);
      process.exit(0);
    } else {
      process.stderr.write(`offline-evaluator: unknown argument ${argv[i]}\n`);
      process.exit(2);
    }
  }
  const unknown = names.filter((n) => !Object.hasOwn(BUGS, n));
  if (unknown.length > 0) {
    process.stderr.write(
      `offline-evaluator: unknown bug ${unknown.join(", ")}; known: ${Object.keys(BUGS).join(", ")}\n`,
    );
    process.exit(2);
  }
  return new Set(names);
}

const asProgram = process.argv[1] === fileURLToPath(import.meta.url);
const bugs = chooseBugs(asProgram ? process.argv.slice(2) : [], process.env);
const bug = (name) => bugs.has(name);

// ---------------------------------------------------------------------------------------------
// plural-from-kind: the tool knows the built-in resources, and guesses the others' plurals.

const builtin = (group, resource) =>
  group === "" || apiResources.some((r) => r.group === group && r.resource === resource);

/** The English rule without its exception: a y after a vowel takes s (gateway → gateways), not ies. */
function guessPlural(kind) {
  const k = kind.toLowerCase();
  if (k.endsWith("y")) return `${k.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(k)) return `${k}es`;
  return `${k}s`;
}

function guessedResource(resource, kind) {
  if (builtin(resource.group, resource.resource) || kind.kind === "") return resource;
  return { ...resource, resource: guessPlural(kind.kind) };
}

function withGuessedPlurals(message) {
  const { request, cluster } = message;
  const equivalentResources = cluster.equivalentResources?.map((e) => ({
    ...e,
    resource: guessedResource(e.resource, e.kind),
  }));
  return {
    ...message,
    request: { ...request, resource: guessedResource(request.resource, request.kind) },
    cluster: { ...cluster, ...(equivalentResources && { equivalentResources }) },
  };
}

// ---------------------------------------------------------------------------------------------
// resource-names-star: a rule whose resourceNames hold "*" matches every name.

const starRule = (rule) => {
  if (!Array.isArray(rule?.resourceNames) || !rule.resourceNames.includes("*")) return rule;
  const { resourceNames: _, ...rest } = rule;
  return rest;
};

function starMatchResources(mr) {
  if (mr === null || typeof mr !== "object") return mr;
  const rules = (list) => (Array.isArray(list) ? list.map(starRule) : list);
  return { ...mr, resourceRules: rules(mr.resourceRules), excludeResourceRules: rules(mr.excludeResourceRules) };
}

function withStarAsWildcard(message) {
  const s = message.subject;
  if (s.kind === "MatchResources")
    return { ...message, subject: { ...s, matchResources: starMatchResources(s.matchResources) } };
  if (s.policy === undefined) return message;
  const policy = { ...s.policy, matchConstraints: starMatchResources(s.policy.matchConstraints) };
  const binding = s.binding && { ...s.binding, matchResources: starMatchResources(s.binding.matchResources) };
  return { ...message, subject: { ...s, policy, ...(binding && { binding }) } };
}

// ---------------------------------------------------------------------------------------------
// conditions-never-evaluated: compiled (validated) with the subject, then dropped.

function withoutConditions(message) {
  const s = message.subject;
  const drop = (spec) => {
    if (spec === null || typeof spec !== "object") return spec;
    const { matchConditions: _, ...rest } = spec;
    return rest;
  };
  if (s.webhook !== undefined) return { ...message, subject: { ...s, webhook: drop(s.webhook) } };
  if (s.policy !== undefined) return { ...message, subject: { ...s, policy: drop(s.policy) } };
  return message;
}

/** Answers one protocol message (the default export, for --module; there only MATCHER_BUG selects a bug). */
export default function handle(message) {
  if (message.cmd === "start") {
    const ready = model(message);
    return { ...ready, implementation: { name: "offline-evaluator", version: "0.1.0", language: "javascript" } };
  }
  if (message.cmd !== "match") return model(message);
  let asked = message;
  if (bug("plural-from-kind")) asked = withGuessedPlurals(asked);
  if (bug("resource-names-star")) asked = withStarAsWildcard(asked);
  if (bug("conditions-never-evaluated")) {
    const compiled = model(asked);
    if (compiled?.outcome === "invalid" || compiled?.skipped !== undefined) return compiled;
    asked = withoutConditions(asked);
  }
  return model(asked);
}

if (asProgram) {
  for (const name of bugs) process.stderr.write(`offline-evaluator: bug "${name}" is switched on\n`);
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  for await (const line of lines) {
    if (line.trim() === "") continue;
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      process.stderr.write(`not JSON: ${line}\n`);
      continue;
    }
    if (message.cmd === "stop") break;
    let answer;
    try {
      answer = handle(message);
    } catch (e) {
      answer = { seq: message.seq, errored: { message: String(e), detail: e?.stack } };
    }
    if (answer !== undefined) process.stdout.write(`${JSON.stringify(answer)}\n`);
  }
}
