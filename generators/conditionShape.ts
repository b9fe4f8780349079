import type { Variable } from "../oracles/model/cel/checkWalk.ts";
import type { ConditionShape } from "../oracles/model/outsideModel.ts";
import { compiledShape } from "../oracles/model/outsideModel.ts";

/**
 * What the model makes of a condition the grammar drew (celGrammar.ts), known by construction: a
 * scenario is drawn again until the model decides it (scenario.ts insideModel), and parsing each
 * fresh condition for that cost more than drawing the rest of the scenario (the model's CEL
 * parser). Every grammar condition compiles to a bool (its atoms are bool, joined by &&, ||, ! and
 * ?:), reads no param, and reads the variables it names; the decision parses it once, later.
 * conditionShape.test.ts holds these shapes to the compiled ones.
 */
const drawn = new Map<string, ConditionShape>();
const limit = 20_000;

/** The expression, its shape noted. */
export function grammarCondition(text: string, rootConditional: boolean): string {
  if (!drawn.has(text)) {
    if (drawn.size >= limit) drawn.clear();
    drawn.set(text, { kind: "ok", reads: readsOf(text), rootConditional, paramRead: undefined });
  }
  return text;
}

/** The shape of a drawn condition, or the compiled shape of any other (outsideModel's `shapeOf`). */
export function shapeOf(expression: string, hasParams: boolean): ConditionShape {
  return drawn.get(expression) ?? compiledShape(expression, hasParams);
}

// The grammar's variables, outside its string literals (which hold no quote) and not as a field.
const literal = /'[^']*'/g;
const variable = /(?<![\w.])(object|oldObject|request|namespaceObject|params)\b/g;

function readsOf(text: string): ReadonlySet<Variable> {
  const reads = new Set<Variable>();
  for (const m of text.replace(literal, "''").matchAll(variable)) reads.add(m[1] as Variable);
  return reads;
}
