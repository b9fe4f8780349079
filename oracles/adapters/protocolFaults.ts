// What children wrote that line protocol v1 does not allow, by child and kind, with the first few
// offending lines kept for the report.
import type { ProtocolFault, ProtocolFaultKind } from "./matcher.ts";

const keptLines = 5;
const lineChars = 200;

interface Entry {
  readonly child: number;
  readonly kind: ProtocolFaultKind;
  count: number;
  readonly lines: string[];
}

export class ProtocolFaults {
  readonly #entries = new Map<string, Entry>();

  add(child: number, kind: ProtocolFaultKind, line: string): void {
    const key = `${child} ${kind}`;
    let e = this.#entries.get(key);
    if (e === undefined) {
      e = { child, kind, count: 0, lines: [] };
      this.#entries.set(key, e);
    }
    e.count++;
    if (e.lines.length < keptLines) e.lines.push(line.length > lineChars ? `${line.slice(0, lineChars)}…` : line);
  }

  list(): ProtocolFault[] {
    return [...this.#entries.values()].map((e) => ({ ...e, lines: [...e.lines] }));
  }
}
