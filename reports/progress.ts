// What a run says of its progress while it runs: the suite reports it, a terminal shows it
// (reports/runText.ts) and a library caller may listen.
export interface Progress {
  phase(name: string, total: number): void;
  tick(done: number, failures: number): void;
}
