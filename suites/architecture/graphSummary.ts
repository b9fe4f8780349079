// Prints the import graph's summary: circles, arrows that run up the floors, the largest files
// and the longest functions, for a before-and-after in a closing note. Not a test: the guard is
// imports.test.ts.
//
//   npx tsx suites/architecture/graphSummary.ts [repository root, default this one]
import { resolve } from "node:path";
import { circles, functionLengths, importGraph, productionGraph, repositoryRoot, sourceFiles } from "./importGraph.ts";
import { roomOf, upwardArrows } from "./layers.ts";

const root = resolve(process.argv[2] ?? repositoryRoot);
const graph = productionGraph(importGraph(sourceFiles(root), root));
const top = 10;

const found = circles(graph.edges);
console.log(`files: ${graph.edges.size} non-test .ts, ${[...graph.edges.values()].flat().length} imports`);
console.log(`circles: ${found.length}`);
for (const c of found) console.log(`  ${c.join(" → ")}`);

const arrows = upwardArrows(graph.edges);
const byRooms = new Map<string, string[]>();
for (const a of arrows) {
  const key = `${roomOf(a.from)} → ${roomOf(a.to)}`;
  byRooms.set(key, [...(byRooms.get(key) ?? []), `${a.from} → ${a.to}`]);
}
console.log(`upward arrows: ${arrows.length} imports, ${byRooms.size} pairs of rooms`);
for (const [rooms, imports] of [...byRooms].sort()) {
  console.log(`  ${rooms}`);
  for (const i of imports) console.log(`    ${i}`);
}
const roomless = [...graph.edges.keys()].filter((f) => roomOf(f) === undefined);
if (roomless.length > 0) console.log(`files in no room: ${roomless.join(", ")}`);

const sizes = [...graph.lines].sort((a, b) => b[1] - a[1]);
console.log(
  `largest files (${sizes.filter(([, n]) => n > 400).length} over 400 lines, ${sizes.filter(([, n]) => n > 300).length} over 300):`,
);
for (const [file, n] of sizes.slice(0, top)) console.log(`  ${String(n).padStart(5)}  ${file}`);

const functions = [...graph.sources].flatMap(([file, source]) => functionLengths(file, source));
functions.sort((a, b) => b.lines - a.lines);
console.log(`longest functions (${functions.filter((f) => f.lines > 80).length} over 80 lines):`);
for (const f of functions.slice(0, top))
  console.log(`  ${String(f.lines).padStart(5)}  ${f.name} (${f.file}:${f.line})`);
