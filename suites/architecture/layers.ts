// The rooms of the house and the floor each stands on: a room may import its own files and the
// rooms of the floors below it, never a room on its own floor or above. docs/architecture.md says
// the same in prose; imports.test.ts holds the sources to it.

/** Floors from the ground up; each lists its rooms (a folder, or a file for a one-file room). */
export const floors: readonly (readonly string[])[] = [
  // The vocabulary every room speaks (queries, subjects, outcomes, minors, features, the protocol's
  // messages) and where the package's own files are: they import nothing of the project.
  ["oracles/contract", "package"],
  ["oracles/model"],
  // Above the model: what is sent to an implementation, the generators (which ask the model what a
  // scenario decides), and the case format's reader, which checks a case against the model. The
  // reader sits under suites/ beside the corpus it reads, but every room that loads cases stands on it.
  ["oracles/scope", "generators", "suites/format"],
  ["oracles/invariants"],
  ["oracles/adapters"],
  ["oracles/upstream", "oracles/apiserver"],
  ["reports"],
  ["suites/shrink", "suites/properties", "suites/coverage"],
  // Triage (reducing a failure, naming its cause) runs inside a run: below the phases.
  ["suites/triage"],
  ["suites/run"],
  ["suites/replay", "suites/bundles", "suites/upstream"],
  // The command and the library are two faces of one package, side by side: neither imports the other.
  ["cli", "api"],
  ["bin", "suites/bench"],
  // What only tests use: the examples' and the kits' tests, and when the slow suites run.
  [
    "action",
    "examples",
    "kits",
    "docs",
    "suites/cases",
    "suites/package",
    "suites/recorded",
    "suites/architecture",
    "suites/slowSuites.ts",
  ],
];

const floorOf = new Map(floors.flatMap((rooms, floor) => rooms.map((room) => [room, floor] as const)));

/** The room a file belongs to: the longest room name that is a folder (or the file) above it. */
export function roomOf(file: string): string | undefined {
  let best: string | undefined;
  for (const room of floorOf.keys())
    if ((file === room || file.startsWith(`${room}/`)) && (best === undefined || room.length > best.length))
      best = room;
  return best;
}

/** May a file of room `from` import one of room `to`? */
export function mayImport(from: string, to: string): boolean {
  if (from === to) return true;
  const a = floorOf.get(from);
  const b = floorOf.get(to);
  return a !== undefined && b !== undefined && b < a;
}

export interface Arrow {
  readonly from: string;
  readonly to: string;
}

/** Imports between rooms that the floors forbid: a room importing its own floor or one above. */
export function upwardArrows(edges: ReadonlyMap<string, readonly string[]>): Arrow[] {
  const arrows: Arrow[] = [];
  for (const [from, targets] of edges) {
    const a = roomOf(from);
    for (const to of targets) {
      const b = roomOf(to);
      if (a !== undefined && b !== undefined && !mayImport(a, b)) arrows.push({ from, to });
    }
  }
  return arrows;
}
