// `matchconform/model`: the reference model — whether a subject applies to a request at a
// Kubernetes minor, as kube-apiserver decides it, with the clauses of upstream code it went through.
export { agree, satisfies } from "../oracles/contract/agreement.ts";
export type { Minor } from "../oracles/contract/versions.ts";
export { isMinor, latestMinor, supportedMinors } from "../oracles/contract/versions.ts";
export type { Clause, ClauseName } from "../oracles/model/clauses.ts";
export { clauseNames, clauses } from "../oracles/model/clauses.ts";
export type { Decision, SubjectInput } from "../oracles/model/decide.ts";
export { decideAfresh as decide, servesSubject } from "../oracles/model/decide.ts";
