/** Bad input in a case file: names the file, the case and the field, and what is wrong. */
export class CaseFileError extends Error {
  readonly file: string;
  readonly caseDescription: string | undefined;
  readonly field: string | undefined;
  readonly problem: string;

  constructor(file: string, problem: string, where: { caseDescription?: string; field?: string } = {}) {
    const parts = [file];
    if (where.caseDescription !== undefined) parts.push(`case "${where.caseDescription}"`);
    if (where.field !== undefined && where.field !== "") parts.push(where.field);
    super(`${parts.join(": ")}: ${problem}`);
    this.name = "CaseFileError";
    this.file = file;
    this.caseDescription = where.caseDescription;
    this.field = where.field;
    this.problem = problem;
  }
}
