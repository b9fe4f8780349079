// The JSON Schemas of the contract, as files of the installed package (also exported as
// `matchconform/schemas/<name>.schema.json`) and as objects.
import { readFileSync } from "node:fs";
import { packagePath } from "../package/packageRoot.ts";

/** Where each schema is: case files, line protocol v1's messages, report.json. */
export const schemaPaths = {
  caseFile: packagePath("suites/cases/case-file.schema.json"),
  protocol: packagePath("oracles/contract/protocol.schema.json"),
  runReport: packagePath("reports/run-report.schema.json"),
} as const;

/** A JSON Schema (draft-07 or later) as parsed JSON: typed loosely, so that any validator takes it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

const read = (path: string): JsonSchema => JSON.parse(readFileSync(path, "utf8")) as JsonSchema;

export const caseFileSchema = read(schemaPaths.caseFile);
export const protocolSchema = read(schemaPaths.protocol);
export const runReportSchema = read(schemaPaths.runReport);
