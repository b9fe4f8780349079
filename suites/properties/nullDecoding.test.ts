// The look for nulls (oracles/model/heldNulls.ts) against the decoding it spares: on generated
// subjects with a null put in at any place (a typed field, a list item, a map value, or a place
// decoding keeps as it is), decodeNulls copies the subject exactly when decoding changes it.
import { isDeepStrictEqual } from "node:util";
import { test } from "@fast-check/vitest";
import fc from "fast-check";
import { describe, expect } from "vitest";
import type { Subject } from "../../oracles/contract/subject.ts";
import { decodeEveryNull, decodeNulls } from "../../oracles/model/decoding.ts";
import { fastCheckParameters } from "./fastCheckParameters.ts";
import { subjectWith } from "./subjectPlaces.ts";

const withNull = subjectWith(fc.constant(null));

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
