// Sends every corpus test of the given minors to the upstream oracle through line protocol v1
// (one child per minor, every test pipelined) and reports each answer that disagrees with the
// case's expectation, next to the reference model's answer. Exit status 1 on any disagreement.
//
//   npx tsx suites/upstream/checkCorpus.ts [1.34 1.37 ...] [--binary <path>] [--cases <dir>]
//
// Without minors: every minor in oracles/upstream/kubernetes-versions.txt. Binaries come from
// oracles/upstream/build.sh (built on first use, minutes), or --binary for a single minor.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { agree, satisfies } from "../../oracles/contract/agreement.ts";
import { carriesParams } from "../../oracles/contract/features.ts";
import type { Expected, Outcome } from "../../oracles/contract/outcome.ts";
import type { SubjectKind } from "../../oracles/contract/subject.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { isMinor } from "../../oracles/contract/versions.ts";
import { decide } from "../../oracles/model/decide.ts";
import { builtinEquivalents } from "../../oracles/model/equivalents.ts";
import { collectCaseFiles } from "../format/collectCaseFiles.ts";
import type { LoadedCase } from "../format/loadCaseFile.ts";
import { loadCaseFile } from "../format/loadCaseFile.ts";

/** The upstream oracle's own folder: its minors and its build script. */
const oracleDir = fileURLToPath(new URL("../../oracles/upstream", import.meta.url));

interface Work {
  readonly c: LoadedCase;
  readonly t: LoadedCase["tests"][number];
}

interface Answer {
  readonly seq: number;
  readonly outcome?: string;
  readonly matchedResource?: { group: string; version: string; resource: string };
  readonly matchedKind?: { group: string; version: string; kind: string };
  readonly code?: number;
  readonly message?: string;
  readonly params?: readonly string[];
  readonly skipped?: { message: string };
  readonly errored?: { message: string; detail?: string };
}

interface Ready {
  readonly subjects: SubjectKind[];
  readonly kubernetesVersions: string[];
  readonly capabilities?: { readonly features?: { readonly params?: boolean } };
}

interface MinorReport {
  readonly minor: Minor;
  readonly tests: number;
  readonly disagreements: readonly string[];
  readonly seconds: number;
  /** How many answers of each outcome the oracle gave. */
  readonly outcomes: Readonly<Record<string, number>>;
}

function parseArgs(argv: readonly string[]) {
  const minors: Minor[] = [];
  let binary: string | undefined;
  let casesDir = fileURLToPath(new URL("../../suites/cases", import.meta.url));
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] ?? "";
    if (a === "--binary") binary = argv[++i];
    else if (a === "--cases") casesDir = argv[++i] ?? casesDir;
    else if (isMinor(a)) minors.push(a);
    else throw new Error(`unknown argument ${JSON.stringify(a)}`);
  }
  if (minors.length === 0) {
    for (const line of readFileSync(`${oracleDir}/kubernetes-versions.txt`, "utf8").split("\n")) {
      const m = line.split(/\s+/)[0] ?? "";
      if (isMinor(m)) minors.push(m);
    }
  }
  if (binary !== undefined && minors.length !== 1) throw new Error("--binary goes with exactly one minor");
  return { minors, binary, casesDir };
}

function build(minor: Minor): string {
  const r = spawnSync("bash", [`${oracleDir}/build.sh`, minor], {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
  });
  const last = r.stdout.trim().split("\n").at(-1) ?? "";
  if (r.status !== 0 || last === "") throw new Error(`oracles/upstream/build.sh ${minor} failed (exit ${r.status})`);
  return last;
}

function toOutcome(a: Answer): Outcome | string {
  if (a.errored) return `errored: ${a.errored.message}${a.errored.detail ? `\n${a.errored.detail}` : ""}`;
  if (a.skipped) return `skipped: ${a.skipped.message}`;
  switch (a.outcome) {
    case "match":
      return {
        outcome: "match",
        ...(a.matchedResource && { matchedResource: a.matchedResource }),
        ...(a.matchedKind && { matchedKind: a.matchedKind }),
        ...(a.params && { params: a.params }),
      };
    case "noMatch":
      return { outcome: "noMatch" };
    case "error":
      return { outcome: "error", code: a.code ?? 0, message: a.message ?? "" };
    case "invalid":
      return { outcome: "invalid", message: a.message ?? "" };
    default:
      return `not an answer: ${JSON.stringify(a)}`;
  }
}

function show(x: Outcome | Expected | string): string {
  return typeof x === "string" ? x : JSON.stringify(x);
}

async function checkMinor(minor: Minor, binary: string, cases: readonly LoadedCase[]): Promise<MinorReport> {
  const child = spawn(binary, [], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const waiting = new Map<number, (a: Answer) => void>();
  let onReady: ((r: Ready) => void) | undefined;
  lines.on("line", (line) => {
    const message = JSON.parse(line) as Answer & { ready?: boolean };
    if (message.ready) onReady?.(message as unknown as Ready);
    else waiting.get(message.seq)?.(message);
  });
  const send = (m: unknown) => child.stdin.write(`${JSON.stringify(m)}\n`);
  const ready = await new Promise<Ready>((resolve) => {
    onReady = resolve;
    send({ cmd: "start", version: 1 });
  });
  if (!ready.kubernetesVersions.includes(minor)) throw new Error(`${binary} answers for ${ready.kubernetesVersions}`);

  // Cases with params go only to an oracle that claims the opt-in feature.
  const params = ready.capabilities?.features?.params === true;
  const work: Work[] = cases
    .filter((c) => c.minors.includes(minor) && ready.subjects.includes(c.subject.kind))
    .filter(
      (c) =>
        params || !c.tests.some((t) => carriesParams({ subject: c.subject, cluster: t.cluster ?? c.cluster ?? {} })),
    )
    .flatMap((c) => c.tests.map((t) => ({ c, t })));
  const start = performance.now();
  const answers = await Promise.all(
    work.map(
      ({ c, t }, seq) =>
        new Promise<Answer>((resolve) => {
          waiting.set(seq, resolve);
          const cluster = t.cluster ?? c.cluster ?? {};
          const request = t.request;
          send({
            cmd: "match",
            seq,
            kubernetesVersion: minor,
            subject: c.subject,
            cluster: {
              namespaces: cluster.namespaces ?? {},
              equivalentResources:
                cluster.equivalentResources ?? builtinEquivalents(request.resource, request.subResource ?? "", minor),
              ...(cluster.customKinds !== undefined && { customKinds: cluster.customKinds }),
              ...(cluster.params !== undefined && { params: cluster.params }),
            },
            request,
          });
        }),
    ),
  );
  const seconds = (performance.now() - start) / 1000;
  send({ cmd: "stop" });
  child.stdin.end();

  const disagreements: string[] = [];
  const outcomes: Record<string, number> = {};
  work.forEach(({ c, t }, i) => {
    const upstream = toOutcome(answers[i] as Answer);
    const name = typeof upstream === "string" ? (upstream.split(":")[0] ?? "") : upstream.outcome;
    outcomes[name] = (outcomes[name] ?? 0) + 1;
    if (typeof upstream !== "string" && satisfies(t.expected, upstream)) return;
    const model = decide(c.subject, t.cluster ?? c.cluster ?? {}, t.request, minor).outcome;
    const modelAgrees = typeof upstream !== "string" && agree(model, upstream);
    disagreements.push(
      [
        `${c.file.replace(/^.*\/suites\//, "suites/")}: ${c.description}`,
        `  test:     ${t.description} (${minor})`,
        `  expected: ${show(t.expected)}`,
        `  upstream: ${show(upstream)}`,
        `  model:    ${show(model)}${modelAgrees ? " (agrees with upstream)" : ""}`,
      ].join("\n"),
    );
  });
  return { minor, tests: work.length, disagreements, seconds, outcomes };
}

const { minors, binary, casesDir } = parseArgs(process.argv.slice(2));
const cases = collectCaseFiles([casesDir]).flatMap(loadCaseFile);
let failed = 0;
for (const minor of minors) {
  const report = await checkMinor(minor, binary ?? build(minor), cases);
  for (const d of report.disagreements) console.log(`${d}\n`);
  const rate = Math.round(report.tests / report.seconds);
  console.log(
    `${minor}: ${report.tests} tests, ${report.disagreements.length} disagreements, ` +
      `${report.seconds.toFixed(2)} s through the protocol (${rate} decisions/s); answers ${JSON.stringify(report.outcomes)}`,
  );
  failed += report.disagreements.length;
}
process.exitCode = failed > 0 ? 1 : 0;
