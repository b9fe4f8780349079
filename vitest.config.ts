import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const api = (file: string) => fileURLToPath(new URL(`./api/${file}`, import.meta.url));

export default defineConfig({
  // The examples import the package by its name, as its users do: here, its sources (the packed
  // package itself is tested by suites/package/tarball.test.ts).
  resolve: {
    alias: [
      { find: /^matchconform$/, replacement: api("index.ts") },
      { find: /^matchconform\/(model|generators)$/, replacement: api("$1.ts") },
    ],
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "dist/**"],
    // One test file at a time: the heavy files (the chaos matrix, the miniatures, the real
    // kube-apiserver) each run several processes of their own, and two of them side by side on a
    // 2-core machine turn time bounds into measurements of the neighbour.
    fileParallelism: false,
    // vitest's 5 s default is a speed bound in disguise: on a loaded 2-core runner a replay of a
    // few cases or a bundle of a generated scenario takes longer, and a test that only asserts
    // what a run answers should not fail on how long it took (speed lives in \`npm run bench\`).
    testTimeout: 60_000,
  },
});
