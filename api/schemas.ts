// The JSON Schemas of the contract, as files of the installed package (also exported as
// `matchconform/schemas/<name>.schema.json`) and as objects.
import { packagePath } from "../cli/packageRoot.ts";
import protocolSchema from "../oracles/contract/protocol.schema.json" with { type: "json" };
import runReportSchema from "../reports/run-report.schema.json" with { type: "json" };
import caseFileSchema from "../suites/cases/case-file.schema.json" with { type: "json" };

export { caseFileSchema, protocolSchema, runReportSchema };

/** Where each schema is: case files, line protocol v1's messages, report.json. */
export const schemaPaths = {
  caseFile: packagePath("suites/cases/case-file.schema.json"),
  protocol: packagePath("oracles/contract/protocol.schema.json"),
  runReport: packagePath("reports/run-report.schema.json"),
} as const;
