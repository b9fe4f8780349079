#!/usr/bin/env node
// Step "summary" of action.yml: one table of the runs that run-versions.mjs recorded, then each
// run's report.md, appended to the job summary (GITHUB_STEP_SUMMARY); an error annotation per run
// that failed, telling new divergences (exit 1) from a run that could not test (exit 2) or did not
// do its promised work (exit 3), each in the run's own words, and a warning per exploration (mode
// explore) that found new causes, which exits 0; and the
// verdict as the step's output `exit-code` (2 if a run could not test, else 1 if one diverged,
// else the first other non-zero code, else 0), which the action's last step exits with, after
// the upload. Exits non-zero only when there is nothing to summarise.
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

/** GitHub refuses a step summary over 1 MiB; the reports share what the table leaves. */
const summaryBytes = 1_000_000;

const reportDir = resolve((process.env.INPUT_REPORT_DIR ?? "").trim() || "matchconform-report");
const resultsFile = join(reportDir, "results.json");
if (!existsSync(resultsFile)) {
  console.log(`::error::matchconform action: ${resultsFile} is missing (the run step did not finish)`);
  process.exit(2);
}
const { results } = JSON.parse(readFileSync(resultsFile, "utf8"));
const runs = results.map((r) => {
  const dir = join(reportDir, r.folder);
  const report = reportOf(dir);
  // Without a minor given, the run chose the newest the implementation declares: its report says which.
  const label = r.kubernetesVersion ?? (report?.minors || "newest declared");
  return { ...r, dir, label, report };
});

const couldNotTest =
  "⚠️ could not test: bad input (a case file, the expected-failures file, a minor the implementation does not declare), or an implementation that would not start, gave no usable answer or was declared broken; its causes are not counted.";
const table = [
  "## matchconform",
  "",
  "| Kubernetes | result | new causes | expected causes | expected, no longer failing |",
  "|---|---|---:|---:|---:|",
  ...runs.map((r) => {
    const counted = r.exitCode !== 2 && r.report !== undefined;
    const count = (n) => (counted ? n : "–");
    return `| ${r.label} | ${resultText(r)} | ${count(r.report?.fresh)} | ${count(r.report?.expected)} | ${count(r.report?.fixed)} |`;
  }),
  "",
  ...(runs.some((r) => r.exitCode === 2) ? [couldNotTest, ""] : []),
].join("\n");
const share = Math.floor((summaryBytes - Buffer.byteLength(table)) / Math.max(1, runs.length)) - 200;
const sections = runs.map((r) => section(r, share));
write(`${table}\n${sections.join("\n")}\n`);

for (const r of runs) {
  if (r.exitCode === 1) annotate(r, newCauses(r));
  else if (explored(r)) annotate(r, `${newCauses(r)} (mode explore: they do not fail the job)`, "warning");
  else if (r.exitCode === 2) annotate(r, `could not test: ${reasonOf(r) || "see the log"}`);
  else if (r.exitCode === 3) annotate(r, `incomplete: ${reasonOf(r) || "the promised work was not done"}`);
  else if (r.exitCode !== 0) annotate(r, `interrupted (exit ${r.exitCode})`);
}
const verdict = runs.some((r) => r.exitCode === 2)
  ? 2
  : runs.some((r) => r.exitCode === 1)
    ? 1
    : (runs.find((r) => r.exitCode !== 0)?.exitCode ?? 0);
if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `exit-code=${verdict}\n`);
console.log(`matchconform verdict: exit ${verdict} (${verdictText(verdict)})`);

/** An exploration exits 0 whatever it finds: its row says what it found. */
function explored(r) {
  return r.exitCode === 0 && r.report?.explore === true && r.report.fresh > 0;
}

function resultText(r) {
  return explored(r) ? "🔎 new causes (explore)" : verdictText(r.exitCode);
}

function newCauses(r) {
  const titles = r.report?.freshTitles ?? [];
  const listed = titles.slice(0, 3).join("; ") + (titles.length > 3 ? "; …" : "");
  return `${r.report?.fresh ?? "some"} new cause(s) of divergence${listed ? `: ${listed}` : ""}`;
}

function verdictText(code) {
  if (code === 0) return "✅ no new divergence";
  if (code === 1) return "❌ new divergences";
  if (code === 2) return "⚠️ could not test";
  if (code === 3) return "⏳ incomplete";
  return `⏹️ interrupted (exit ${code})`;
}

/** What report.json says of causes: new ones (no expected-failures entry), expected ones, entries no longer failing. */
function reportOf(dir) {
  const file = join(dir, "report.json");
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, "utf8"));
  const fresh = report.buckets.filter((b) => !b.expectedFailure);
  return {
    fresh: fresh.length,
    freshTitles: fresh.map((b) => b.title),
    expected: report.buckets.length - fresh.length,
    fixed: report.expectedFailures?.noLongerFailing?.length ?? 0,
    minors: (report.header.kubernetesVersions ?? []).join(", "),
    explore: report.header.options?.mode === "explore",
    reason:
      report.footer?.completion?.status === "incomplete" ? report.footer.completion.reason : report.header.partial,
  };
}

function section(r, bytes) {
  const md = join(r.dir, "report.md");
  const body = existsSync(md) ? cut(readFileSync(md, "utf8"), bytes) : "No report was written.";
  const output = r.exitCode === 2 ? `\n\nThe end of what matchconform printed:\n\n\`\`\`text\n${tail(r)}\n\`\`\`` : "";
  const open = r.exitCode === 0 && !explored(r) ? "" : " open";
  return `<details${open}><summary>Kubernetes ${r.label}: ${resultText(r)}</summary>\n\n${body}${output}\n\n</details>\n`;
}

/** At most `bytes` of a report, cut at a line, with its open code fence and details closed. */
function cut(text, bytes) {
  if (Buffer.byteLength(text) <= bytes) return text;
  const kept = Buffer.from(text)
    .subarray(0, bytes)
    .toString()
    .replace(/\n[^\n]*$/, "");
  const fences = kept.split("\n").filter((l) => l.startsWith("```")).length;
  const open = (kept.match(/<details/g) ?? []).length - (kept.match(/<\/details>/g) ?? []).length;
  return `${kept}${fences % 2 === 1 ? "\n```" : ""}${"\n</details>".repeat(Math.max(0, open))}\n\n… cut to fit the job summary: the whole report is in the uploaded artifact.`;
}

function tail(r, lines = 20) {
  const file = join(r.dir, "output.txt");
  return existsSync(file) ? readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n") : "";
}

/**
 * Why a run could not test or was incomplete, in its own words: its report's reason (the partial
 * report's, or its completion's), else the last line it printed as "matchconform: …" (its error),
 * else its last line. Not simply the last line: after a usage error that was the usage text's.
 */
function reasonOf(r) {
  if (typeof r.report?.reason === "string" && r.report.reason !== "") return r.report.reason;
  const lines = tail(r, 200).split("\n");
  const own = lines.filter((l) => l.startsWith("matchconform: ")).at(-1);
  return (own?.slice("matchconform: ".length) ?? lines.at(-1) ?? "").trim();
}

function annotate(r, message, level = "error") {
  // Workflow commands escape %, CR and LF in their message, and also `:` and `,` in a property.
  const data = (text) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const title = data(`matchconform at Kubernetes ${r.label}`).replace(/:/g, "%3A").replace(/,/g, "%2C");
  console.log(`::${level} title=${title}::${data(message)}`);
}

function write(markdown) {
  if (process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, markdown);
  else process.stdout.write(markdown);
}
