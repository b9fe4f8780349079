// The packed package, installed into a fresh project: the command runs with no argument but its
// profile, --module loads every kind of file whatever the project's type, and ESM and TypeScript
// consumers import the model. Only what users need ships.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Packed } from "./freshProject.ts";
import { freshProject, pack, repoRoot, sh } from "./freshProject.ts";
import { matcherFiles, writeModuleProject } from "./moduleProject.ts";

let packed: Packed;
let dir: string;
const matchconformIn = (cwd: string, ...args: string[]) => sh(cwd, "npx", ["--no", "--", "matchconform", ...args]);
const matchconform = (...args: string[]) => matchconformIn(dir, ...args);
/** Node's own advice on an ES module .js in a CommonJS project: true, and not ours to hide. */
const withoutNodeAdvice = (stderr: string) =>
  stderr.replace(/^\(node:\d+\) Warning: To load an ES module.*\n\(Use `node --trace-warnings.*\n/m, "");
const setupStarted = performance.now();

beforeAll(() => {
  packed = pack();
  dir = freshProject(packed.tarball);
  const files = packed.files.length;
  const seconds = ((performance.now() - setupStarted) / 1000).toFixed(1);
  console.log(
    `tarball: ${(packed.size / 1024).toFixed(0)} kB packed, ${(packed.unpackedSize / 1024).toFixed(0)} kB unpacked, ${files} files; packed and installed in ${seconds} s`,
  );
}, 300_000);

// The project holds a whole node_modules (about 100 MB): none is left behind. Removing it took
// over the hook's default 10 s at load 30 on two cores.
afterAll(() => {
  for (const d of [dir, packed === undefined ? undefined : dirname(packed.tarball)])
    if (d !== undefined) rmSync(d, { recursive: true, force: true });
}, 120_000);

describe("the tarball", () => {
  it("holds the build, the corpus and the oracles' sources, and no tests, fixtures or CI files", () => {
    expect(packed.files).toEqual(
      expect.arrayContaining([
        "LICENSE",
        "README.md",
        "dist/bin/matchconform.js",
        "dist/api/index.d.ts",
        "suites/cases/scope.yaml",
        "suites/cases/case-file.schema.json",
        "oracles/upstream/build.sh",
        "oracles/upstream/main.go",
        "oracles/apiserver/build/build.sh",
        "docs/api.md",
      ]),
    );
    const unwanted =
      /(^|\/)(fixtures|recorded|\.github|\.ci)\/|\.test\.[jt]s$|_test\.go$|(^|\/)(tsconfig|biome|vitest\.config)/;
    // The one test that ships is docs/api.md's example, a file users copy.
    const example = "examples/api/property.test.ts";
    expect(packed.files.filter((f) => unwanted.test(f) && f !== example)).toEqual([]);
    // The build is two files a module (.js and .d.ts): 487 files at the end of 2026-12-02, 676 on
    // 2026-12-03 after the house was split into one small file per concept (issue 20), 801 that
    // evening with a probe per behaviour and the drift report. A jump past this bound means a
    // folder shipped whole that should not.
    expect(packed.files.length).toBeLessThan(1000);
  });
});

describe("installed into a fresh npm init -y project", () => {
  it("answers --version and --help", () => {
    const version = matchconform("--version");
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).version);
    const help = matchconform("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toContain("usage: matchconform <command>");
    const runHelp = matchconform("run", "--help");
    expect([runHelp.status, runHelp.stdout.split("\n")[0]]).toEqual([
      0,
      expect.stringMatching(/^usage: matchconform run /),
    ]);
  });

  it("loads no dependency and none of the model for --help", () => {
    // A resolve hook that names every module as it is loaded (Node 20.6+ module.register).
    writeFileSync(
      join(dir, "hooks.mjs"),
      `import { writeSync } from "node:fs";
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  writeSync(2, \`loaded \${r.url}\\n\`);
  return r;
}
`,
    );
    writeFileSync(
      join(dir, "trace.mjs"),
      `import { register } from "node:module";\nregister("./hooks.mjs", import.meta.url);\n`,
    );
    const cli = join(dir, "node_modules/matchconform/dist/bin/matchconform.js");
    const r = sh(dir, "node", ["--import", "./trace.mjs", cli, "--help"]);
    expect(r.status).toBe(0);
    const loaded = r.stderr.split("\n").filter((l) => l.startsWith("loaded file:"));
    expect(loaded.length).toBeGreaterThan(3);
    expect(
      // reports/escape.js strips control characters from what the CLI prints; it imports nothing.
      loaded.filter(
        (l) =>
          !/\/node_modules\/matchconform\/dist\/(bin|cli|package|suites\/format)\//.test(l) &&
          !l.endsWith("/dist/reports/escape.js"),
      ),
    ).toEqual([]);
  });

  it("runs the shipped corpus with nothing but a profile, and writes the report", () => {
    const r = matchconform("run", "--profile", "quick");
    expect(r.stderr).not.toContain("does not exist");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/corpus: \d+ passed, 0 failed/);
    expect(existsSync(join(dir, ".matchconform/report/report.json"))).toBe(true);
  }, 120_000);

  it("runs a --module matcher built on the package's model", () => {
    writeFileSync(
      join(dir, "my-matcher.mjs"),
      `import { decide, supportedMinors } from "matchconform";
export default (m) =>
  m.cmd === "start"
    ? { ready: true, version: 1, implementation: { name: "my-matcher", version: "1" }, subjects: ["MatchResources"], kubernetesVersions: [...supportedMinors] }
    : m.cmd === "match"
      ? { seq: m.seq, ...decide(m.subject, m.cluster, m.request, m.kubernetesVersion).outcome }
      : undefined;
`,
    );
    const r = matchconform("run", "--module", "./my-matcher.mjs", "--profile", "quick", "--report-dir", "mine");
    // Outside a terminal stderr carries the progress lines (reports/liveProgress.ts), and nothing else.
    const otherLines = r.stderr.split("\n").filter((l) => l !== "" && !/^\[\d+ s\] \w+: /.test(l));
    expect(otherLines).toEqual([]);
    expect([r.status, r.stdout]).toEqual([0, expect.stringContaining("my-matcher 1 at Kubernetes 1.37")]);
    expect(existsSync(join(dir, "mine/report.json"))).toBe(true);
  }, 120_000);

  it("decides a query with the model from an ES module consumer", () => {
    writeFileSync(join(dir, "consumer.mjs"), consumerOf(apiExample()));
    const r = sh(dir, "node", ["consumer.mjs"]);
    expect([r.status, r.stderr]).toEqual([0, ""]);
    expect(r.stdout).toMatch(/^match /);
    expect(r.stdout).toContain("rules.resource.subresourceWildcardMatchesMain");
  });

  it("type-checks a TypeScript consumer (module nodenext) against the package's declarations", () => {
    const ts = join(dir, "ts-consumer");
    mkdirSync(ts, { recursive: true });
    writeFileSync(join(ts, "package.json"), JSON.stringify({ type: "module", private: true }));
    writeFileSync(
      join(ts, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "nodenext",
          target: "es2023",
          strict: true,
          noEmit: true,
          types: ["node"],
          typeRoots: [join(repoRoot, "node_modules/@types")],
        },
      }),
    );
    writeFileSync(
      join(ts, "consumer.ts"),
      `${apiExample()}
import type { Matcher, Scenario } from "matchconform";
import { scenario } from "matchconform/generators";
import fc from "fast-check";
const drawn: Scenario[] = fc.sample(scenario({ minors: ["1.37"] }), 1);
export const first: Matcher | undefined = drawn.length > 1 ? undefined : undefined;
`,
    );
    const r = sh(ts, process.execPath, [join(repoRoot, "node_modules/typescript/bin/tsc"), "-p", "."]);
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  }, 60_000);
});

describe.each(["commonjs", "module"] as const)('--module in a "type": "%s" project', (type) => {
  const caseFile = `- description: No rule names configmaps
  source: k8s.io/apiserver pkg/admission/plugin/webhook/predicates/rules/rules.go
  kubernetesVersions: ">=1.37"
  subject: { kind: MatchResources, matchResources: { resourceRules: [{ operations: [CREATE], apiGroups: [""], apiVersions: [v1], resources: [pods] }] } }
  cluster: { namespaces: { prod: {} } }
  tests:
    - description: a configmap is not matched
      request: { operation: CREATE, resource: { group: "", version: v1, resource: configmaps }, kind: { group: "", version: v1, kind: ConfigMap }, namespace: prod, name: c, object: { apiVersion: v1, kind: ConfigMap, metadata: { name: c, namespace: prod } } }
      expected: noMatch
`;
  it.each(Object.keys(matcherFiles(type)))("loads %s", (file) => {
    const project = join(dir, `modules-${type}`);
    if (!existsSync(project)) {
      writeModuleProject(project, type);
      writeFileSync(join(project, "cases.yaml"), caseFile);
    }
    const r = matchconformIn(project, "replay", "cases.yaml", "--module", `./${file}`);
    expect(withoutNodeAdvice(r.stderr)).toBe("");
    expect([r.status, r.stdout]).toEqual([0, expect.stringContaining("1 passed, 0 failed")]);
  });

  it("names a TypeScript file that does not compile (exit 2)", () => {
    const r = matchconformIn(join(dir, `modules-${type}`), "replay", "cases.yaml", "--module", "./broken.ts");
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("./broken.ts could not be loaded");
  });
});

describe("installed with --omit=optional (no esbuild binary)", () => {
  it("still answers --help, and says why a .ts module cannot be loaded", () => {
    const r = sh(dir, "npm", ["install", "--omit=optional", "--no-audit", "--no-fund", "--prefer-offline"], 120_000);
    expect(r.status).toBe(0);
    const help = matchconform("--help");
    expect(help.status).toBe(0);
    const ts = matchconformIn(join(dir, "modules-module"), "replay", "cases.yaml", "--module", "./matcher.ts");
    expect(ts.status).toBe(2);
    expect(ts.stderr).toContain("./matcher.ts could not be loaded");
    expect(ts.stderr).toContain("esbuild");
  }, 150_000);
});

/** The first TypeScript example of docs/api.md: what a reader copies. */
function apiExample(): string {
  const doc = readFileSync(join(repoRoot, "docs/api.md"), "utf8");
  const block = /```ts\n([\s\S]*?)```/.exec(doc)?.[1];
  if (block === undefined) throw new Error("docs/api.md has no ts block");
  return block;
}

/** The example with its types erased: `as const` is its only TypeScript. */
function consumerOf(example: string): string {
  return example.replaceAll(" as const", "");
}
