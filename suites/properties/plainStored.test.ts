// The model's one-pass stored form (oracles/model/plainStored.ts) against the decoding and
// defaulting it spares (decoding.ts, defaulting.ts): a generated subject is stored alike, with the
// same clauses in the same order; one with a null or a value of another JSON type put in at any
// place is left to them (undefined, no clause taken), or stored alike where neither reads it.
import { test } from "@fast-check/vitest";
import fc from "fast-check";
import { describe, expect } from "vitest";
import type { Scenario } from "../../generators/scenario.ts";
import { scenario } from "../../generators/scenario.ts";
import type { Subject } from "../../oracles/contract/subject.ts";
import type { Minor } from "../../oracles/contract/versions.ts";
import { supportedMinors } from "../../oracles/contract/versions.ts";
import type { ClauseName } from "../../oracles/model/clauses.ts";
import { defaultSubject } from "../../oracles/model/defaulting.ts";
import { plainStored } from "../../oracles/model/plainStored.ts";
import { ClauseTrace } from "../../oracles/model/trace.ts";
import { fastCheckParameters } from "./fastCheckParameters.ts";
import { subjectWith } from "./subjectPlaces.ts";

const minor = fc.constantFrom(...supportedMinors);
const odd = subjectWith(fc.constantFrom(null, 7, "x", true, [], {}, ["x"], { extension: "y" }));

/**
 * What decoding and defaulting store, and the clauses they take. They keep a field no Go type has
 * (subjectWith adds "extension" to every struct), which nothing reads and the one pass leaves out.
 */
function generalPath(subject: Subject, at: Minor): { stored: unknown; clauses: readonly ClauseName[] } {
  const trace = new ClauseTrace();
  const stored = defaultSubject(subject, trace, at);
  return { stored: typedFields(stored), clauses: trace.taken };
}

function typedFields(value: unknown, key = ""): unknown {
  if (Array.isArray(value)) return value.map((v) => typedFields(v));
  if (typeof value !== "object" || value === null || key === "matchLabels") return value;
  const fields = Object.entries(value).filter(([k]) => k !== "extension");
  return Object.fromEntries(fields.map(([k, v]) => [k, typedFields(v, k)]));
}

describe("plainStored", () => {
  test.prop([scenario({ conditionRate: 0.3, paramRate: 0.3 }), minor], fastCheckParameters<[Scenario, Minor]>(300))(
    "stores every generated subject as decoding and defaulting do, with their clauses in order",
    (s, at) => {
      const taken: ClauseName[] = [];
      const got = plainStored(s.subject, at, taken);
      expect(got).toBeDefined();
      const want = generalPath(s.subject, at);
      expect(got).toEqual(want.stored);
      expect([...new Set(taken)]).toEqual(want.clauses);
    },
  );

  test.prop([odd, minor], fastCheckParameters<[Subject, Minor]>(500))(
    "leaves a subject with a null or a mistyped value to them, or stores it alike",
    (subject, at) => {
      const taken: ClauseName[] = [];
      const got = plainStored(subject, at, taken);
      if (got === undefined) {
        expect(taken).toEqual([]);
        return;
      }
      const want = generalPath(subject, at);
      expect(got).toEqual(want.stored);
      expect([...new Set(taken)]).toEqual(want.clauses);
    },
  );
});
