// `--reporter github`: the run's causes as GitHub Actions workflow commands, one annotation per
// cause on the cause's minimal case (its bundle's case.yaml), so that a pull request shows them
// beside its checks. Titles and messages come from the implementation and the cases: hostile text,
// escaped as the runner's parser requires (actions/toolkit's command.ts), so that none of it ends a
// property, starts a command of its own or hides the rest of the log.
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Cause } from "./causeModel.ts";
import { shellWord, terminal } from "./escape.ts";
import { reportModel } from "./reportModel.ts";
import type { RunReport } from "./runReport.ts";

/** A command's message: `%`, CR and LF as the runner decodes them. */
export function escapeData(s: string): string {
  return terminal(s).replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A property's value: as a message, and `:` and `,`, which would end the property or the list. */
export function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export type AnnotationLevel = "error" | "warning" | "notice";

export function annotation(
  level: AnnotationLevel,
  properties: Readonly<Record<string, string>>,
  message: string,
): string {
  const props = Object.entries(properties)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(",");
  return `::${level}${props === "" ? "" : ` ${props}`}::${escapeData(message)}`;
}

/** Where the report folder is, for a `file=` GitHub can open. */
export interface AnnotationPlace {
  /** The report folder as given to the run (the replay command quotes it so). */
  readonly reportDir: string;
  /** The working directory a relative report folder is read from. */
  readonly cwd: string;
  /** The checkout GitHub shows files of: GITHUB_WORKSPACE, or the working directory when it is unset. */
  readonly workspace: string;
}

/**
 * A bundle's case.yaml as GitHub wants an annotation's file: relative to the workspace, with `/`,
 * whether the report folder was given absolute or relative. Outside the workspace it is no file
 * of the repository, and the annotation is left without one (GitHub would attach it to nothing).
 */
export function workspaceFile(place: AnnotationPlace, bundle: string): string | undefined {
  const file = resolve(place.cwd, place.reportDir, bundle, "case.yaml");
  const rel = relative(resolve(place.cwd, place.workspace), file);
  if (isAbsolute(rel) || rel === ".." || rel.startsWith(`..${sep}`)) return undefined;
  return rel.split(sep).join("/");
}

/**
 * One annotation per cause (at `level` for new causes: error when they fail the gate, warning when
 * an exploration reports them), a notice per expected failure, a warning per expected-failures
 * entry that no longer fails and one when the run did not do its promised work.
 */
export function githubAnnotations(r: RunReport, place: AnnotationPlace, level: "error" | "warning"): string[] {
  const m = reportModel(r);
  const lines = m.causes.map((c) =>
    c.expectedFailure
      ? annotation("notice", causeProperties(c, place, "expected failure: "), causeMessage(c, place.reportDir))
      : annotation(level, causeProperties(c, place, ""), causeMessage(c, place.reportDir)),
  );
  for (const e of m.noLongerFailing)
    lines.push(annotation("warning", { title: "expected failure no longer fails" }, `remove it: ${e}`));
  const c = r.footer.completion;
  if (c?.status === "incomplete")
    lines.push(annotation("warning", { title: "matchconform: incomplete run" }, c.reason));
  return lines;
}

function causeProperties(c: Cause, place: AnnotationPlace, prefix: string): Record<string, string> {
  const file = workspaceFile(place, c.bundle);
  return { ...(file !== undefined && { file }), title: `${prefix}${c.title}` };
}

function causeMessage(c: Cause, reportDir: string): string {
  const answers =
    c.body.kind === "pair"
      ? [`relation: ${c.body.relation}`, `base: ${c.body.base.answer}`, `variant: ${c.body.variant.answer}`]
      : [`kube-apiserver: ${c.body.expected}`, `implementation: ${c.body.actual}`];
  return [
    `${c.signature}: ${c.count} × [${c.seenIn}]`,
    ...answers,
    ...(c.source ? [`upstream: ${c.source}`] : []),
    `replay the minimal case: npx matchconform replay ${shellWord(join(reportDir, c.bundle, "case.yaml"))}`,
  ].join("\n");
}
