import { describe, expect, it } from "vitest";
import { validOrder } from "./ruleWithOperations.ts";

// validateResources accepts "x/y" before "x/*" and "*/y", and "*" after every plain resource.
describe("validOrder", () => {
  it.each([
    { given: ["pods"], order: ["pods"] },
    { given: ["*", "pods"], order: ["pods", "*"] },
    { given: ["pods/*", "pods/status"], order: ["pods/status", "pods/*"] },
    { given: ["*/status", "pods/status"], order: ["pods/status", "*/status"] },
    { given: ["*", "pods/*", "pods", "pods/log"], order: ["pods/log", "pods", "pods/*", "*"] },
    { given: ["pods/", "pods"], order: ["pods/", "pods"] },
    { given: ["*/", "a/b"], order: ["a/b", "*/"] },
    { given: ["a/*/b", "a/b/c"], order: ["a/b/c", "a/*/b"] },
    { given: ["/*", "/x"], order: ["/x", "/*"] },
    { given: ["*/*", "pods"], order: ["pods", "*/*"] },
    { given: ["secrets", "*", "pods", "pods/log"], order: ["pods/log", "secrets", "pods", "*"] },
    { given: ["*/log", "pods/*", "a/b", "c/d"], order: ["a/b", "c/d", "*/log", "pods/*"] },
  ])("orders $given as $order", ({ given, order }) => {
    expect(validOrder(given)).toEqual(order);
  });
});
