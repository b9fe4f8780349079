// Places in a generated subject where a test puts another value (a null, a value of the wrong
// JSON type): the manifests decoding and the model's one-pass stored form must tell apart.
import fc from "fast-check";
import { scenario } from "../../generators/scenario.ts";
import type { Subject } from "../../oracles/contract/subject.ts";

type Place = { readonly parent: Record<string, unknown> | unknown[]; readonly key: string | number };

// Every place a value sits in the subject, an untyped field added to each struct among them.
function places(value: unknown, out: Place[] = []): Place[] {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push({ parent: value, key: i });
      places(v, out);
    });
  } else if (typeof value === "object" && value !== null) {
    const o = value as Record<string, unknown>;
    for (const [k, v] of Object.entries(o)) {
      if (k === "kind") continue;
      out.push({ parent: o, key: k });
      places(v, out);
    }
    out.push({ parent: o, key: "extension" });
  }
  return out;
}

/** A generated subject (conditions and params included) with `put` at one or two of its places. */
export function subjectWith(put: fc.Arbitrary<unknown>): fc.Arbitrary<Subject> {
  return fc
    .tuple(scenario({ conditionRate: 0.3, paramRate: 0.3 }), fc.nat(), fc.boolean(), put)
    .map(([s, n, twice, value]) => {
      const subject = structuredClone(s.subject) as unknown as Record<string, unknown>;
      for (let i = 0; i < (twice ? 2 : 1); i++) {
        const all = places(subject);
        const at = all[(n + i * 7) % all.length];
        if (at !== undefined) (at.parent as Record<string | number, unknown>)[at.key] = structuredClone(value);
      }
      return subject as unknown as Subject;
    });
}
