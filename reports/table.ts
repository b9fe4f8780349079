// A table as data, which each report format renders in its own way.
export interface Cell {
  readonly text: string;
  readonly code?: boolean;
  readonly numeric?: boolean;
  /** ok and bad are coloured in HTML; bad is bold in Markdown. */
  readonly tone?: "ok" | "bad";
  /** A bar of this share of the widest (0 to 1), where a format can draw one. */
  readonly bar?: number;
}

export interface Table {
  readonly head: readonly Cell[];
  readonly rows: readonly (readonly Cell[])[];
}
