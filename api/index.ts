// `matchconform`: the programmatic API (docs/api.md). The reference model, the case files and
// their loader, the runner with any Matcher, the protocol's and the cases' types and schemas, and
// the generators as fast-check arbitraries.

export type { ChildOptions } from "../oracles/adapters/childMatcher.ts";
export { startChildMatcher } from "../oracles/adapters/childMatcher.ts";
export type {
  Answer,
  BrokenProblem,
  ImplementationHealth,
  Matcher,
  ProtocolFault,
  ProtocolFaultKind,
} from "../oracles/adapters/matcher.ts";
export { MatcherStartError } from "../oracles/adapters/matcher.ts";
export { modelMatcher } from "../oracles/adapters/modelMatcher.ts";
export type { ModuleOptions } from "../oracles/adapters/moduleMatcher.ts";
export { loadModuleMatcher } from "../oracles/adapters/moduleMatcher.ts";
export type {
  OutsideReference,
  ReferenceName,
  ReferenceVerdict,
  UpstreamName,
} from "../oracles/adapters/reference.ts";
export { matcherReference, OutsideReferences } from "../oracles/adapters/reference.ts";
export { buildUpstreamOracle, cachedUpstreamOracle } from "../oracles/adapters/upstreamBuild.ts";
export type { Capabilities } from "../oracles/contract/capabilities.ts";
export { fullCapabilities } from "../oracles/contract/capabilities.ts";
export type { Case, Test } from "../oracles/contract/case.ts";
export type { Cluster } from "../oracles/contract/cluster.ts";
export type { Feature } from "../oracles/contract/features.ts";
export type {
  AdmissionRequest,
  BindingSpec,
  EquivalentResource,
  GroupVersionKind,
  GroupVersionResource,
  KubeObject,
  LabelSelector,
  LabelSelectorRequirement,
  MatchResources,
  NamedRuleWithOperations,
  Operation,
  PolicySpec,
  RuleWithOperations,
  Webhook,
} from "../oracles/contract/kube.ts";
export type { Expected, Outcome, OutcomeName } from "../oracles/contract/outcome.ts";
export type {
  AnswerMessage,
  CapabilitiesDeclaration,
  ImplementationInfo,
  MatchMessage,
  ReadyMessage,
  RunnerMessage,
  StartMessage,
  StopMessage,
  SubjectInputForm,
} from "../oracles/contract/protocol.ts";
export { protocolVersion } from "../oracles/contract/protocol.ts";
export type { Query } from "../oracles/contract/query.ts";
export type { PolicySubject, Subject, SubjectKind, WebhookSubject } from "../oracles/contract/subject.ts";
export { subjectKinds } from "../oracles/contract/subject.ts";
export { invariants } from "../oracles/invariants/index.ts";
export type { Invariant } from "../oracles/invariants/invariant.ts";
export { type NotSent, outOfScope, whyNotSent } from "../oracles/scope/whyNotSent.ts";
export { defaultCorpus, packageVersion } from "../package/packageRoot.ts";
export type { Progress } from "../reports/progress.ts";
export type { RunReport } from "../reports/runReport.ts";
export { summary } from "../reports/runText.ts";
export { reportDirProblem, writeReports } from "../reports/writeReports.ts";
export { CaseFileError } from "../suites/format/caseFileError.ts";
export { collectCaseFiles } from "../suites/format/collectCaseFiles.ts";
export { loadAll as loadCases } from "../suites/format/loadAll.ts";
export type { LoadedCase } from "../suites/format/loadCaseFile.ts";
export { loadCaseFile, parseCaseFile } from "../suites/format/loadCaseFile.ts";
export type { Pacing, ProfileName, ReferenceChoice, RunBudget, RunOptions } from "../suites/run/options.ts";
export { ceilingsMs, profiles, workPaced } from "../suites/run/options.ts";
export type { RunInput } from "../suites/run/run.ts";
export { runConformance } from "../suites/run/run.ts";
export type { RunClock } from "../suites/run/runContext.ts";
export type { ExpectedFailure } from "../suites/triage/expectedFailures.ts";
export { loadExpectedFailures } from "../suites/triage/expectedFailures.ts";
export * from "./generators.ts";
export * from "./model.ts";
export type { SuiteOptions } from "./runSuite.ts";
export { runSuite } from "./runSuite.ts";
export type { JsonSchema } from "./schemas.ts";
export { caseFileSchema, protocolSchema, runReportSchema, schemaPaths } from "./schemas.ts";
