#!/usr/bin/env node
// A line-protocol child that answers noMatch to everything and fails in exactly one way, for the
// runner's chaos tests: `--fault <name>` picks the failure, `--after N` how many requests it
// answers first (default 50), `--marker <text>` is only there for `ps` to find it and its children.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { fault: { type: "string" }, after: { type: "string" }, marker: { type: "string" } },
});
const fault = values.fault ?? "none";
const after = Number(values.after ?? 50);
const write = (line) => process.stdout.write(`${line}\n`);
const send = (message) => write(JSON.stringify(message));
const ready = {
  ready: true,
  version: 1,
  implementation: { name: `faulty-${fault}`, version: "0" },
  subjects: [
    "MatchResources",
    "ValidatingAdmissionPolicy",
    "MutatingAdmissionPolicy",
    "ValidatingWebhook",
    "MutatingWebhook",
  ],
  kubernetesVersions: ["1.30", "1.31", "1.32", "1.33", "1.34", "1.35", "1.36", "1.37"],
};
if (fault === "fewer-minors") ready.kubernetesVersions = ["1.36"];
if (fault === "fewer-subjects") ready.subjects = ["MatchResources"];

if (fault === "flood-stderr") {
  const junk = `${"stderr flood ".repeat(80)}\n`;
  const flood = () => process.stderr.write(junk, () => setImmediate(flood));
  flood();
}
if (fault === "grandchild")
  spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", "grandchild", values.marker ?? ""], {
    stdio: "ignore",
  });
// A daemon out of the child's process group: only the environment marker finds it.
if (fault === "setsid-daemon")
  spawn("setsid", [process.execPath, "-e", "setInterval(() => {}, 1000)", "daemon", values.marker ?? ""], {
    stdio: "ignore",
    detached: true,
  }).unref();
if (fault === "ignore-stop") {
  process.on("SIGTERM", () => {});
  setInterval(() => {}, 1000);
}

let requests = 0;
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const m = JSON.parse(line);
  if (m.cmd === "stop") {
    if (fault === "ignore-stop") continue;
    break;
  }
  if (m.cmd === "start") {
    if (fault === "no-start") continue;
    if (fault === "start-garbage") {
      write("Hello! Starting up the matcher…");
      continue;
    }
    send(ready);
    if (fault === "start-twice") send(ready);
    if (fault === "exit-after-ready") process.exit(0);
    continue;
  }
  requests++;
  const answer = { seq: m.seq, outcome: "noMatch" };
  if (requests < after) {
    send(answer);
    continue;
  }
  if (requests === after) {
    if (fault === "exit-mid-batch") process.exit(1);
    if (fault === "close-stdout") {
      process.stdout.end();
      setInterval(() => {}, 1000);
    }
    if (fault === "stray-line") write("INFO some dependency says hello on stdout");
    if (fault === "huge-line") write("x".repeat(10 * 1024 * 1024));
  }
  switch (fault) {
    case "hang-after":
    case "close-stdout":
      continue;
    case "babble":
      write(`babble ${requests}`);
      break;
    case "unknown-seq":
      send({ seq: m.seq + 1_000_000, outcome: "noMatch" });
      break;
    case "duplicate-seq":
      send(answer);
      break;
    case "missing-seq":
      send({ outcome: "noMatch" });
      continue;
    case "huge-skips":
      send({ seq: m.seq, skipped: { message: `${m.seq} ${"unsupported ".repeat(4200)}` } });
      continue;
    case "flip":
      // Answers by a counter: asked the same query again, it may answer the other way.
      send({ seq: m.seq, outcome: requests % 2 === 0 ? "match" : "noMatch" });
      continue;
    case "slow":
      setTimeout(() => send(answer), 30_000).unref();
      continue;
  }
  send(answer);
}
if (fault !== "ignore-stop") process.exit(0);
