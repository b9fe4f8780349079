// docs/api.md shows the example property test as it is: the file CI runs.
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), "utf8");

it("docs/api.md holds examples/api/property.test.ts verbatim", () => {
  expect(read("docs/api.md")).toContain(`\`\`\`ts\n${read("examples/api/property.test.ts")}\`\`\``);
});
