#!/usr/bin/env node
// The reference model behind line protocol v1: a correct JavaScript example implementation.
//   as a child process:   npx matchconform run --implementation "node examples/model-matcher.mjs"
//   in-process:           npx matchconform run --module examples/model-matcher.mjs
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register();
const { decide, servesSubject } = await import("../oracles/model/decide.ts");
const { outsideModel } = await import("../oracles/model/outsideModel.ts");
const { supportedMinors, isMinor } = await import("../oracles/contract/versions.ts");

const subjects = [
  "MatchResources",
  "ValidatingAdmissionPolicy",
  "MutatingAdmissionPolicy",
  "ValidatingWebhook",
  "MutatingWebhook",
];

/** Answers one protocol message (the default export, for --module). */
export default function handle(message) {
  switch (message.cmd) {
    case "start":
      return {
        ready: true,
        version: 1,
        implementation: { name: "model-matcher", version: "0.1.0", language: "javascript" },
        subjects,
        input: "manifest",
        kubernetesVersions: [...supportedMinors],
        // Opt-in features (docs/protocol-capabilities.md): the model evaluates matchConditions and params.
        capabilities: { features: { matchConditions: true, params: true } },
      };
    case "match": {
      const { seq, kubernetesVersion: minor, subject, cluster, request } = message;
      if (!isMinor(minor) || !servesSubject(subject.kind, minor)) {
        return { seq, skipped: { message: `${subject.kind} is not served in ${minor}` } };
      }
      const outside = outsideModel({ subject, cluster, request, kubernetesVersion: minor });
      if (outside !== undefined) return { seq, skipped: { message: `outside the reference model: ${outside}` } };
      return { seq, ...decide(subject, cluster, request, minor).outcome };
    }
    default:
      return undefined;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
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
