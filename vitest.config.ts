import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**"],
    // One test file at a time: the heavy files (the chaos matrix, the miniatures, the real
    // kube-apiserver) each run several processes of their own, and two of them side by side on a
    // 2-core machine turn time bounds into measurements of the neighbour.
    fileParallelism: false,
  },
});
