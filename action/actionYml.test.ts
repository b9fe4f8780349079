// action.yml read as GitHub reads it: a composite action whose steps use only declared inputs and
// earlier steps' outputs, call scripts that exist, upload the reports before the verdict fails
// the job, and declare no input that nothing reads.
import { existsSync, readFileSync } from "node:fs";
import { load } from "js-yaml";
import { describe, expect, it } from "vitest";

interface Step {
  readonly id?: string;
  readonly name?: string;
  readonly if?: string;
  readonly uses?: string;
  readonly shell?: string;
  readonly run?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly with?: Readonly<Record<string, string>>;
}

interface Action {
  readonly inputs: Readonly<Record<string, { readonly description: string; readonly default?: string }>>;
  readonly outputs: Readonly<Record<string, { readonly value: string; readonly description: string }>>;
  readonly runs: { readonly using: string; readonly steps: readonly Step[] };
}

const action = load(readFileSync("action.yml", "utf8")) as Action;
const steps = action.runs.steps;
const text = (x: unknown) => JSON.stringify(x);
/** A GitHub expression as action.yml writes it. */
const expression = (body: string) => `\${{ ${body} }}`;
const referenced = (x: unknown, pattern: RegExp) => [...text(x).matchAll(pattern)].map((m) => m[1] as string);

describe("action.yml", () => {
  it("is a composite action whose run steps name their shell", () => {
    expect(action.runs.using).toBe("composite");
    for (const s of steps.filter((s) => s.run !== undefined)) expect(s.shell, s.name).toBe("bash");
  });

  it("reads only declared inputs, and every declared input is read", () => {
    const used = new Set(referenced(action.runs, /inputs\.([a-z0-9-]+)/g));
    expect([...used].filter((i) => !(i in action.inputs))).toEqual([]);
    expect(Object.keys(action.inputs).filter((i) => !used.has(i))).toEqual([]);
    for (const [name, input] of Object.entries(action.inputs)) expect(input.description, name).not.toBe("");
  });

  it("reads only outputs of steps that come earlier", () => {
    steps.forEach((step, i) => {
      const earlier = new Set(steps.slice(0, i).map((s) => s.id));
      for (const id of referenced(step, /steps\.([a-z0-9-]+)\.outputs/g)) expect(earlier, `${step.name}`).toContain(id);
    });
    const ids = new Set(steps.map((s) => s.id));
    for (const id of referenced(action.outputs, /steps\.([a-z0-9-]+)\.outputs/g)) expect(ids).toContain(id);
  });

  it("calls scripts that exist in action/", () => {
    const scripts = referenced(steps, /(?:\$ACTION_PATH|\$\{\{ github\.action_path \}\})\/(action\/[\w.-]+)/g);
    expect(scripts.sort()).toEqual(["action/install.sh", "action/run-versions.mjs", "action/summary.mjs"]);
    for (const script of scripts) expect(existsSync(script), script).toBe(true);
    for (const s of steps.filter((s) => s.run?.includes("$ACTION_PATH")))
      expect(s.env?.ACTION_PATH, s.name).toBe(expression("github.action_path"));
  });

  it("describes the exit codes of the one command it runs, matchconform run (verify's 4, an unreliable server, never comes)", () => {
    const script = readFileSync("action/run-versions.mjs", "utf8");
    const commands = [...script.matchAll(/\[bin, "([a-z-]+)"/g)].map((m) => m[1]);
    expect(commands).toEqual(["run"]);
    const description = action.outputs["exit-code"]?.description ?? "";
    for (const code of ["0 ", "1 ", "2 ", "3 ", "130/143"]) expect(description).toContain(code);
    expect(description).not.toMatch(/\b4\b/);
  });

  it("uploads the reports whatever happened, before the last step fails the job on the verdict", () => {
    const upload = steps.findIndex((s) => s.uses?.startsWith("actions/upload-artifact@"));
    expect(steps[upload]?.if).toBe("always()");
    expect(steps[upload]?.with?.path).toBe(expression("inputs.report-dir"));
    const last = steps.at(-1);
    expect(steps.indexOf(last as Step)).toBeGreaterThan(upload);
    expect(last?.env?.EXIT_CODE).toBe(expression("steps.summary.outputs.exit-code"));
    expect(last?.run).toBe(`exit "\${EXIT_CODE:-2}"`);
  });
});
