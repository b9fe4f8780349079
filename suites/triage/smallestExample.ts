// Which of several minimal cases of one cause a report shows: the smallest, by one order that does
// not depend on which reduction finished first, nor on which shard of a run found it, so that a run
// and the merge of its shards show the same case (and the same title, which follows the case).

export interface Candidate {
  readonly status: "minimal" | "unreduced";
  readonly caseFile: string;
}

/** Reduced before unreduced, then fewer lines, then the shorter, then the first in code-unit order. */
export function smallerFirst(a: Candidate, b: Candidate): number {
  const rank = (x: Candidate) => (x.status === "minimal" ? 0 : 1);
  const lines = (x: Candidate) => x.caseFile.trimEnd().split("\n").length;
  return (
    rank(a) - rank(b) ||
    lines(a) - lines(b) ||
    a.caseFile.length - b.caseFile.length ||
    (a.caseFile < b.caseFile ? -1 : a.caseFile > b.caseFile ? 1 : 0)
  );
}
