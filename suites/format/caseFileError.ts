/** Bad input in a case file: names the file, the case and the field, and what is wrong. */
export class CaseFileError extends Error {
  readonly file: string;
  readonly caseDescription: string | undefined;
  readonly field: string | undefined;
  readonly problem: string;

  constructor(file: string, problem: string, where: { caseDescription?: string; field?: string } = {}) {
    const parts = [file];
    if (where.caseDescription !== undefined) parts.push(`case "${cut(where.caseDescription, 200)}"`);
    if (where.field !== undefined && where.field !== "") parts.push(cut(where.field, 200));
    super(`${parts.join(": ")}: ${cut(problem, 2000)}`);
    this.name = "CaseFileError";
    this.file = file;
    this.caseDescription = where.caseDescription;
    this.field = where.field;
    this.problem = problem;
  }
}

/** What a message quotes of a file is bounded: a hostile description may be megabytes long. */
function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}
