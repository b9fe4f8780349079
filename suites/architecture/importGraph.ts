// The repository's TypeScript import graph, read from the sources with a scanner rather than the
// compiler: the guard must run in a second, and an import is a line anyone can read.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

export const repositoryRoot = resolve(import.meta.dirname, "../..");

/** The folders tsconfig.json compiles; dist/ and node_modules/ are output and other projects. */
const sourceRoots = [
  "action",
  "api",
  "bin",
  "cli",
  "docs",
  "examples",
  "generators",
  "kits",
  "oracles",
  "package",
  "reports",
  "suites",
];

/** The package's own names, as tsconfig.json's `paths` map them for the examples. */
const packageEntries: Readonly<Record<string, string>> = {
  matchconform: "api/index.ts",
  "matchconform/model": "api/model.ts",
  "matchconform/generators": "api/generators.ts",
};

export function isTest(file: string): boolean {
  return file.endsWith(".test.ts");
}

/** Every .ts file under the source roots, relative to the repository, with `/` separators. */
export function sourceFiles(root: string = repositoryRoot): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(path);
      } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts")) files.push(path);
    }
  };
  for (const dir of sourceRoots) if (existsSync(join(root, dir))) walk(dir);
  return files.sort();
}

/** Comments blanked out (strings kept), so that an import quoted in a comment is not an arrow. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|(^|[^:"'`\\])\/\/[^\n]*/g, (m, before: string | undefined) =>
    before === undefined ? m.replace(/[^\n]/g, " ") : before,
  );
}

/**
 * The specifiers a file imports statically: `import … from`, `import type … from`, `export … from`
 * and bare `import "…"`, each at the start of a statement. Dynamic `import()` is left out: it is
 * how a file defers a load, and it does not make a module depend on another at load time.
 */
export function importSpecifiers(source: string): string[] {
  const text = withoutComments(source);
  const pattern =
    /(?:^|[;\n])[ \t]*(?:import|export)\b(?:[ \t]+type\b)?[^;"'`]*?\bfrom[ \t]*["']([^"'\n]+)["']|(?:^|[;\n])[ \t]*import[ \t]*["']([^"'\n]+)["']/g;
  return [...text.matchAll(pattern)].map((m) => (m[1] ?? m[2]) as string);
}

/** The repository file a specifier names, or undefined for a package from node_modules or node:. */
export function resolveSpecifier(from: string, specifier: string): string | undefined {
  const entry = packageEntries[specifier];
  if (entry !== undefined) return entry;
  if (!specifier.startsWith(".")) return undefined;
  const target = relative(repositoryRoot, resolve(repositoryRoot, dirname(from), specifier))
    .split("\\")
    .join("/");
  return target.endsWith(".ts") ? target : undefined;
}

export interface ImportGraph {
  /** Each file's repository imports, in source order, without repeats. */
  readonly edges: ReadonlyMap<string, readonly string[]>;
  readonly lines: ReadonlyMap<string, number>;
  readonly sources: ReadonlyMap<string, string>;
}

export function importGraph(files: readonly string[] = sourceFiles(), root: string = repositoryRoot): ImportGraph {
  const edges = new Map<string, string[]>();
  const lines = new Map<string, number>();
  const sources = new Map<string, string>();
  for (const file of files) {
    const source = readFileSync(join(root, file), "utf8");
    sources.set(file, source);
    lines.set(file, source.split("\n").length - (source.endsWith("\n") ? 1 : 0));
    const targets = importSpecifiers(source)
      .map((s) => resolveSpecifier(file, s))
      .filter((t): t is string => t !== undefined);
    edges.set(file, [...new Set(targets)]);
  }
  return { edges, lines, sources };
}

/** The graph restricted to non-test files, which is what the architecture speaks of. */
export function productionGraph(graph: ImportGraph): ImportGraph {
  const keep = (f: string) => !isTest(f);
  const filter = <V>(m: ReadonlyMap<string, V>) => new Map([...m].filter(([f]) => keep(f)));
  return {
    edges: new Map([...graph.edges].filter(([f]) => keep(f)).map(([f, ts]) => [f, ts.filter(keep)])),
    lines: filter(graph.lines),
    sources: filter(graph.sources),
  };
}

/**
 * The import circles: strongly connected components of more than one file (or a file importing
 * itself), each given as one cycle through its first file so that a reader can follow it.
 */
export function circles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  // Iterative Tarjan: the graph is a few hundred files, but recursion depth is not ours to spend.
  for (const start of [...edges.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; i: number };
      const targets = edges.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const target = targets[frame.i++] as string;
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, i: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        const selfLoop = (edges.get(frame.node) ?? []).includes(frame.node);
        if (component.length > 1 || selfLoop) components.push(component.sort());
      }
    }
  }
  return components.map((c) => cycleThrough(c, edges)).sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** A shortest cycle from the component's first file back to itself, staying inside the component. */
function cycleThrough(component: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[] {
  const inside = new Set(component);
  const start = component[0] as string;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head] as string;
    for (const target of edges.get(node) ?? []) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0] as string) as string);
        return [...path, start];
      }
      if (!previous.has(target) && target !== start) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [start, start];
}

export interface FunctionLength {
  readonly file: string;
  readonly name: string;
  readonly line: number;
  readonly lines: number;
}

/**
 * Named functions and their lengths, by a heuristic: a line that declares a function (a
 * `function` statement, a method, or a `const` bound to an arrow or function expression) and the
 * brace that closes the first block opened after it. Strings and comments can fool it; it is a
 * figure for a summary, not a guard.
 */
export function functionLengths(file: string, source: string): FunctionLength[] {
  const lines = source.split("\n");
  const declaration =
    /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)|^\s*(?:export\s+)?(?:const|let)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)|^\s+(?:(?:public|private|protected|static|async|readonly)\s+)*([A-Za-z_$][\w$]*)\s*\([^)]*\)\s*(?::[^{]+)?\{\s*$/;
  const found: FunctionLength[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = declaration.exec(lines[i] as string);
    if (m === null) continue;
    const name = (m[1] ?? m[2] ?? m[3]) as string;
    if (["if", "for", "while", "switch", "catch", "return"].includes(name)) continue;
    const end = closingLine(lines, i);
    if (end !== undefined) found.push({ file, name, line: i + 1, lines: end - i + 1 });
  }
  return found;
}

/** The line on which the first `{` opened at or after `start` is closed (string contents skipped). */
function closingLine(lines: readonly string[], start: number): number | undefined {
  let depth = 0;
  let opened = false;
  for (let i = start; i < lines.length; i++) {
    const line = (lines[i] as string).replace(/\/\/.*$/, "").replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""');
    for (const ch of line) {
      if (ch === "{") {
        depth++;
        opened = true;
      } else if (ch === "}") {
        depth--;
        if (opened && depth === 0) return i;
      }
    }
    // A statement that ends before any block opens (an expression-bodied arrow, an overload
    // signature) has no body to measure.
    if (!opened && /;\s*$/.test(line)) return undefined;
  }
  return undefined;
}
