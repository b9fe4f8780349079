// The look for nulls (oracles/model/heldNulls.ts) against the decoding it spares: on generated
// subjects with a null put in at any place (a typed field, a list item, a map value, or a place
// decoding keeps as it is), decodeNulls copies the subject exactly when decoding changes it.
import { isDeepStrictEqual } from "node:util";
import { test } from "@fast-check/vitest";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { scenario } from "../../generators/scenario.ts";
import type { Subject } from "../../oracles/contract/subject.ts";
import { decodeEveryNull, decodeNulls } from "../../oracles/model/decoding.ts";
import { fastCheckParameters } from "./fastCheckParameters.ts";

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

const withNull = fc
  .tuple(scenario({ conditionRate: 0.3, paramRate: 0.3 }), fc.nat(), fc.boolean())
  .map(([s, n, twice]) => {
    const subject = structuredClone(s.subject) as unknown as Record<string, unknown>;
    for (let i = 0; i < (twice ? 2 : 1); i++) {
      const all = places(subject);
      const at = all[(n + i * 7) % all.length];
      if (at !== undefined) (at.parent as Record<string | number, unknown>)[at.key] = null;
    }
    return subject as unknown as Subject;
  });

describe("decodeNulls", () => {
  test.prop([withNull], fastCheckParameters<[Subject]>(300))(
    "copies a subject exactly when decoding changes it, and decodes it the same",
    (subject) => {
      const decoded = decodeEveryNull(subject);
      const changes = !isDeepStrictEqual(decoded, subject);
      const got = decodeNulls(subject);
      expect(got !== subject).toBe(changes);
      expect(got).toEqual(decoded);
    },
  );
});
